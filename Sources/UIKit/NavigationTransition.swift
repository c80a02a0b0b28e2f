import CoreGraphics

/// One change of a navigation controller's top controller, from the call to its end
/// (see `UINavigationController` for the rules and the orders of the calls).
///
/// Made by the call, which changes the stack; `prepare()` puts the arriving view in the
/// container (and, not animated, takes the leaving one out) at once; the container's
/// next layout pass `begin()`s it: the will-calls, the delegate's `willShow`, and the
/// slide if animated. It ends when the slide does, or, not animated, when that layout
/// pass ends. An interactive pop begins when the back swipe does, follows the finger
/// (`follow(progress:)`), and completes or is taken back when the finger lets go.
@MainActor
final class NavigationTransition {
    enum Kind { case push, pop }
    enum Stage { case waiting, running, ended }

    let kind: Kind
    let from: UIViewController?
    let to: UIViewController?
    /// Whether `from` leaves the stack (a pop), so leaves the container at the end.
    let fromLeaves: Bool
    let animated: Bool
    var isInteractive = false
    private(set) var stage = Stage.waiting
    private unowned let navigation: UINavigationController
    /// The window whose count of transitions in flight includes this one.
    private weak var countedWindow: UIWindow?
    /// Whether `to` joined the container with this change (it hears `didMove` at the end).
    private let toIsNew: Bool
    /// How far an interactive pop has come (0: not moved; 1: done).
    private var progress: CGFloat = 0
    /// Set when the finger let go too soon: ended at once, the pop is taken back.
    private var isTakingBack = false

    /// How long a slide takes.
    static let duration = 0.35
    /// How far the view underneath moves, as a fraction of the width.
    static let parallax: CGFloat = 0.3

    init(kind: Kind, from: UIViewController?, to: UIViewController?, fromLeaves: Bool, animated: Bool,
         in navigation: UINavigationController) {
        self.kind = kind
        self.from = from
        self.to = to
        self.fromLeaves = fromLeaves
        self.animated = animated
        self.navigation = navigation
        toIsNew = to.map { $0.isMovingToParent } ?? false
    }

    var countedInWindow: Bool { countedWindow != nil }
    /// Whether the transition was prepared while its navigation controller had appeared
    /// (or was appearing): its controllers hear their calls.
    private var isLive = false

    /// Counts the transition among `window`'s transitions in flight, until it ends.
    func count(in window: UIWindow) {
        window.navigationTransitionsInFlight += 1
        countedWindow = window
    }

    /// Called when the transition ends: the window's count goes down.
    private func uncount() {
        countedWindow?.navigationTransitionsInFlight -= 1
        countedWindow = nil
    }

    // MARK: - Starting

    /// On screen: the arriving view goes into the container, under the bar (under the
    /// leaving view for a pop); not animated, the leaving view goes out now.
    func prepare() {
        isLive = true
        let container: UIView = navigation.view
        if let toView = to?.view, toView.superview !== container {
            if kind == .pop, let fromView = from?.viewIfLoaded, fromView.superview === container {
                container.insertSubview(toView, belowSubview: fromView)
            } else {
                container.insertSubview(toView, belowSubview: navigation.navigationBar)
            }
        }
        UIView.performWithoutAnimation { to?.view.frame = container.bounds }
        if !animated, let fromView = from?.viewIfLoaded, fromView.superview === container {
            fromView.removeFromSuperview()
        }
    }

    /// At the container's layout pass (or when the back swipe begins): the touches on the
    /// leaving view are cancelled (not for the swipe, whose finger is on it), the
    /// will-calls made, the delegate told, and the slide started.
    func begin(animating: Bool = true) {
        guard stage == .waiting else { return }
        stage = .running
        if !isInteractive, let fromView = from?.viewIfLoaded, let window = fromView.window {
            window.application.touchRouter.cancelTouches(
                inSubtreeOf: fromView, window: window, reason: "their view is leaving the window in a navigation transition")
        }
        from?.startAppearanceTransition(false, animated: animated)
        to?.startAppearanceTransition(true, animated: animated)
        if let to { navigation.delegate?.navigationController(navigation, willShow: to, animated: animated) }
        guard stage == .running else { return }
        if isInteractive {
            to?.noteIsAppearing()
            return
        }
        // The arriving view is laid out by the end of this pass: its viewIsAppearing
        // then; not animated, the end.
        if let window = navigation.viewIfLoaded?.window {
            window.layoutPassEndActions.append { [self] in
                to?.noteIsAppearing()
                if !animated { end() }
            }
        } else if !animated {
            end()
        }
        if animated, animating { slide() }
    }

    // MARK: - Frames

    /// The frames of the two views at `progress` of the way (0: the start, 1: the end).
    private func place(at progress: CGFloat, in bounds: CGRect) {
        let width = bounds.width
        let front: UIViewController?, back: UIViewController?
        let frontX: CGFloat, backX: CGFloat
        switch kind {
        case .push:
            front = to
            back = from
            frontX = width * (1 - progress)
            backX = -width * Self.parallax * progress
        case .pop:
            front = from
            back = to
            frontX = width * progress
            backX = -width * Self.parallax * (1 - progress)
        }
        front?.viewIfLoaded?.frame = bounds.offsetBy(dx: frontX, dy: 0)
        back?.viewIfLoaded?.frame = bounds.offsetBy(dx: backX, dy: 0)
    }

    /// Keeps the views where the transition has them when the container lays out (a
    /// window resized mid-slide).
    func layOut(in bounds: CGRect) {
        UIView.performWithoutAnimation {
            switch stage {
            case .waiting: place(at: animated ? 0 : 1, in: bounds)
            case .running: place(at: isInteractive ? progress : 1, in: bounds)
            case .ended: break
            }
        }
    }

    private func slide(from start: CGFloat = 0, to end: CGFloat = 1, duration: TimeInterval = NavigationTransition.duration,
                       completion: @escaping @MainActor () -> Void) {
        let bounds = navigation.view.bounds
        UIView.performWithoutAnimation { place(at: start, in: bounds) }
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut], animations: {
            self.place(at: end, in: bounds)
        }, completion: { _ in completion() })
    }

    private func slide() {
        slide { [self] in self.end() }
    }

    // MARK: - The back swipe

    /// Follows the finger: `progress` of the width, kept within 0...1.
    func follow(progress: CGFloat) {
        guard stage == .running, isInteractive else { return }
        self.progress = min(max(progress, 0), 1)
        UIView.performWithoutAnimation { place(at: self.progress, in: navigation.view.bounds) }
    }

    /// The finger let go far or fast enough: the rest of the slide, then the end.
    func finishInteractively() {
        guard stage == .running else { return }
        isInteractive = false
        slide(from: progress, to: 1, duration: max(0.1, Self.duration * Double(1 - progress))) { [self] in end() }
    }

    /// The finger let go too soon: the views slide back, and the controllers go back
    /// where they were (see `UINavigationController` for the calls).
    func cancelInteractively() {
        guard stage == .running else { return }
        isInteractive = false
        isTakingBack = true
        slide(from: progress, to: 0, duration: max(0.1, Self.duration * Double(progress))) { [self] in takeBack() }
    }

    private func takeBack() {
        guard stage == .running else { return }
        stage = .ended
        if let toView = to?.viewIfLoaded, toView.superview === navigation.viewIfLoaded { toView.removeFromSuperview() }
        UIView.performWithoutAnimation {
            to?.viewIfLoaded?.frame = navigation.view.bounds
            from?.viewIfLoaded?.frame = navigation.view.bounds
        }
        to?.startAppearanceTransition(false, animated: true)
        to?.endAppearanceTransition()
        from?.startAppearanceTransition(true, animated: true)
        from?.endAppearanceTransition()
        from?.isMovingFromParent = false
        uncount()
        navigation.transitionDidEnd(self, completed: false)
    }

    // MARK: - Ending

    /// The leaving view goes, the did-calls are made (the leaving controller's first),
    /// the containment calls finish, and the delegate hears `didShow`.
    func end() {
        guard stage == .running else { return }
        stage = .ended
        let container = navigation.viewIfLoaded
        if let fromView = from?.viewIfLoaded, fromView.superview === container, container != nil { fromView.removeFromSuperview() }
        UIView.performWithoutAnimation {
            from?.viewIfLoaded?.frame = container?.bounds ?? .zero
            to?.viewIfLoaded?.frame = container?.bounds ?? .zero
        }
        navigation.shown = to
        from?.endAppearanceTransition()
        to?.endAppearanceTransition()
        if fromLeaves {
            from?.containerSafeAreaInsets = .zero
            from?.removeFromParent()
        }
        if toIsNew, let to, to.parent === navigation { to.didMove(toParent: navigation) }
        uncount()
        navigation.transitionDidEnd(self, completed: true)
    }

    /// Ends the transition now, wherever it is: a waiting one on screen begins and
    /// ends; one made off screen just swaps the views, with no calls; a sliding one
    /// drops its animations and ends (a pop the finger took back, back where it was;
    /// one still under the finger, completed).
    func finishNow() {
        switch stage {
        case .ended:
            return
        case .waiting where isLive:
            begin(animating: false)
        case .waiting:
            // Off screen: the arriving view takes its place, and the end is made without
            // will-calls (a controller that had begun to disappear with its container
            // hears its did-call there; the others hear nothing).
            stage = .running
            if let container = navigation.viewIfLoaded, let toView = to?.view, toView.superview !== container {
                container.insertSubview(toView, belowSubview: navigation.navigationBar)
            }
            end()
            return
        case .running:
            break
        }
        for view in [from?.viewIfLoaded, to?.viewIfLoaded].compactMap({ $0 }) { view.layer.removeAllAnimations() }
        isInteractive = false
        if isTakingBack { takeBack() } else { end() }
    }
}
