import CoreGraphics

/// A stack of view controllers shown one at a time under a navigation bar: push to go
/// forward, pop (the back button, or a swipe from the left edge) to go back.
///
/// The controllers are its children; only the top one's view is in its view at rest,
/// filling it, its safe area taking in the bar (through the container's own share of
/// the safe area: the child's `additionalSafeAreaInsets` stay the app's). The bar is
/// 44 points high at `y = view.safeAreaInsets.top` (`UINavigationBar`).
///
/// A change of the top controller is a transition (`NavigationTransition`): the stack
/// (`viewControllers`) changes at once, and the views and the appearance calls follow
/// at the next layout pass, as for a window's root. Animated, the new view slides in
/// from the right over the old one (which moves a third of the way left), and back on a
/// pop, in 0.35 s. The order of the calls, as iOS has been observed to make them (Wang
/// Ling, "The Inconsistent Order of View Transition Events", 2014):
///
///     push A → B: A.viewWillDisappear, B.viewWillAppear, A.viewDidDisappear, B.viewDidAppear
///     pop B → A:  B.viewWillDisappear, A.viewWillAppear, B.viewDidDisappear, A.viewDidAppear
///
/// The delegate's `willShow` follows the will-calls and its `didShow` the did-calls.
/// While one runs the window takes no new finger; a push or pop asked for meanwhile
/// first takes the running one to its end at once (UIKit would corrupt its bar).
///
/// `interactivePopGestureRecognizer` is a `UIScreenEdgePanGestureRecognizer` from the
/// left edge on this view: the top view follows the finger; let go past half the width
/// (`GestureThresholds.interactivePopFraction`) or faster than
/// `GestureThresholds.interactivePopVelocity`, the pop completes, otherwise it goes back.
/// Started: B.viewWillDisappear, A.viewWillAppear. Completed: B.viewDidDisappear,
/// A.viewDidAppear. Taken back: A.viewWillDisappear, A.viewDidDisappear,
/// B.viewWillAppear, B.viewDidAppear (B never hears `viewDidDisappear`; Wang Ling's
/// observation of iOS; the state diagram allows appearing → disappearing). As on iOS, B's
/// `isMovingFromParent` is true from the start of the swipe, even if it is taken back.
/// A horizontal scroll view under the finger wins over the swipe unless its pan is made
/// to `require(toFail:)` it. A top screen whose item hides the back button, or puts a
/// left button in its place, cannot be swiped back from.
@MainActor
open class UINavigationController: UIViewController {
    public convenience init(rootViewController: UIViewController) {
        self.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        configure()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        navigationBar.onBack = { [weak self] in self?.popViewController(animated: true) }
        edgePan.edges = .left
        edgePan.name = "Back swipe"
        edgePan.addAction { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIScreenEdgePanGestureRecognizer else { return }
            followInteractivePop(pan)
        }
        edgePan.delegate = popGate
        popGate.navigationController = self
    }

    // MARK: - The stack

    /// The controllers, root first; setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { stack.last }

    /// The controller shown: the top one, or what it presents.
    open var visibleViewController: UIViewController? {
        guard let top = topViewController else { return nil }
        return top.presentedViewController ?? top
    }

    /// Hears `willShow` and `didShow`.
    open weak var delegate: UINavigationControllerDelegate?

    /// The bar at the top of the view.
    public let navigationBar = UINavigationBar(frame: .zero)

    /// The back swipe from the left edge (a `UIScreenEdgePanGestureRecognizer` on this
    /// controller's view). It begins only while there is something to pop and no
    /// transition runs.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { edgePan }

    /// Ends the transition under way at once, and any its calls start (a push from a
    /// viewDidAppear), a few deep at most: a change then starts from the stack as it is.
    private func finishTransitions() {
        for _ in 0..<8 {
            guard let running = transition else { return }
            running.finishNow()
            if transition === running { transition = nil }
        }
    }

    /// Pushes `viewController` on top and shows it.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        finishTransitions()
        guard !stack.contains(where: { $0 === viewController }) else {
            UIKitDebug.log(.hierarchy, "pushViewController: \(type(of: viewController)) is already in the stack; not pushed")
            return
        }
        if viewController is UINavigationController {
            UIKitDebug.log(.hierarchy, "pushViewController: a navigation controller cannot be pushed; not pushed")
            return
        }
        setViewControllers(stack + [viewController], animated: animated)
    }

    /// Pops the top controller and shows the one under it; returns the popped one (nil
    /// with one or none in the stack).
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        finishTransitions()
        guard stack.count > 1, let top = stack.last else { return nil }
        setViewControllers(Array(stack.dropLast()), animated: animated)
        return top
    }

    /// Pops every controller above the root; returns them (nil if there were none).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops the controllers above `viewController`, which must be in the stack; returns
    /// them, bottom first (nil if it is not in the stack).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        finishTransitions()
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            UIKitDebug.log(.hierarchy, "popToViewController: \(type(of: viewController)) is not in the stack; nothing popped")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        guard !popped.isEmpty else { return [] }
        setViewControllers(Array(stack[...index]), animated: animated)
        return popped
    }

    /// Replaces the stack. Controllers that leave it leave this container; new ones join
    /// it; if the top changes, the new top is shown: pushed if it was not in the stack,
    /// popped back to if it was.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        var seen: [UIViewController] = []
        for controller in viewControllers where !seen.contains(where: { $0 === controller }) { seen.append(controller) }
        if seen.count != viewControllers.count {
            UIKitDebug.log(.hierarchy, "setViewControllers: a controller appears twice; kept once")
        }
        finishTransitions()
        let old = stack
        let oldTop = shown
        let newTop = seen.last
        stack = seen
        for controller in old where !seen.contains(where: { $0 === controller }) && controller !== oldTop {
            controller.willMove(toParent: nil)
            controller.containerSafeAreaInsets = .zero
            controller.removeFromParent()
        }
        for controller in seen where !old.contains(where: { $0 === controller }) {
            addChild(controller)
            if controller !== newTop { controller.didMove(toParent: self) }
        }
        navigationBar.setItems(stack.map(\.navigationItem), animated: animated && isShowing)
        guard oldTop !== newTop else { return }
        let kind: NavigationTransition.Kind = newTop.map { new in old.contains { $0 === new } } ?? true ? .pop : .push
        let leaving = oldTop.map { top in !seen.contains { $0 === top } } ?? false
        if leaving { oldTop?.willMove(toParent: nil) }
        start(NavigationTransition(kind: kind, from: oldTop, to: newTop, fromLeaves: leaving, animated: animated, in: self))
    }

    // MARK: - The bar

    /// Whether the bar is hidden (kiosk flows hide it).
    open var isNavigationBarHidden: Bool {
        get { barHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    /// Hides or shows the bar; animated, it slides up out of the view or back down.
    /// The children's safe area loses or gains the bar's height at once.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != barHidden else { return }
        barHidden = hidden
        for controller in stack { controller.containerSafeAreaInsets = barInsets }
        guard isViewLoaded else { return }
        if !hidden { navigationBar.isHidden = false }
        let place: @MainActor () -> Void = { self.navigationBar.frame = self.barFrame }
        if animated {
            UIView.animate(withDuration: 0.25, animations: place) { _ in
                if self.barHidden { self.navigationBar.isHidden = true }
            }
        } else {
            UIView.performWithoutAnimation(place)
            navigationBar.isHidden = hidden
        }
        view.setNeedsLayout()
    }

    /// The bar's frame: at the safe area's top, or just above the view when hidden.
    var barFrame: CGRect {
        let top = view.safeAreaInsets.top
        let height = UINavigationBar.height
        return CGRect(x: 0, y: barHidden ? -height : top, width: view.bounds.width, height: height)
    }

    private var barInsets: UIEdgeInsets {
        UIEdgeInsets(top: barHidden ? 0 : UINavigationBar.height, left: 0, bottom: 0, right: 0)
    }

    // MARK: - The view

    open override func loadView() {
        let container = NavigationContainerView(frame: UIScreen.main.bounds)
        container.navigationController = self
        // The slides stay inside the controller's view, as UIKit's do.
        container.clipsToBounds = true
        view = container
        container.addSubview(navigationBar)
        navigationBar.isHidden = barHidden
        container.addGestureRecognizer(edgePan)
        if let shown {
            container.insertSubview(shown.view, belowSubview: navigationBar)
        }
    }

    /// Lays out the shown controllers and the bar (from `NavigationContainerView`), and
    /// starts a waiting transition.
    func layOutContent() {
        navigationBar.backgroundExtension = view.safeAreaInsets.top
        if navigationBar.layer.animationKeys()?.isEmpty ?? true {
            UIView.performWithoutAnimation { navigationBar.frame = barFrame }
        }
        for controller in stack { controller.containerSafeAreaInsets = barInsets }
        if let transition {
            transition.layOut(in: view.bounds)
            if transition.stage == .waiting { transition.begin() }
        } else {
            shown?.viewIfLoaded?.frame = view.bounds
        }
    }

    // MARK: - Appearance

    /// The navigation controller runs its children's transitions: its own appearance
    /// reaches only the controller shown (a transition under way is ended first).
    override func childrenForAppearanceForwarding() -> [UIViewController] {
        transition?.finishNow()
        return shown.map { [$0] } ?? []
    }

    override var forwardsAppearanceOnChildMove: Bool { false }

    // MARK: - Transitions (see NavigationTransition)

    /// The controllers, root first.
    private var stack: [UIViewController] = []
    /// The controller whose view is in place at rest (the top once a transition ends).
    var shown: UIViewController?
    /// The transition under way, from its call to its end.
    var transition: NavigationTransition?
    private var barHidden = false
    let edgePan = UIScreenEdgePanGestureRecognizer()
    private let popGate = InteractivePopGate()

    /// Whether the controller's view is on screen now or about to be (transitions make
    /// appearance calls only then).
    var isShowing: Bool {
        guard let window = viewIfLoaded?.window, !window.isHidden else { return false }
        return isAppearingOrAppeared
    }

    private func start(_ transition: NavigationTransition) {
        guard isAppearingOrAppeared else {
            // Not on screen: the views change, and nobody hears anything (the new top
            // appears when this controller does).
            transition.finishNow()
            return
        }
        self.transition = transition
        transition.prepare()
        guard let window = view.window, !window.isHidden else {
            // Appeared but out of a window (a dismissal took it out): the calls at once.
            transition.finishNow()
            return
        }
        transition.count(in: window)
        view.setNeedsLayout()
        window.application.hookedRunLoop?.setNeedsTurn()
    }

    /// Called by the transition when it ends.
    func transitionDidEnd(_ ended: NavigationTransition, completed: Bool) {
        if transition === ended { transition = nil }
        if completed, let top = shown { delegate?.navigationController(self, didShow: top, animated: ended.animated) }
    }

    /// The back swipe's actions: starts an interactive pop, follows the finger, and
    /// completes or takes back the pop when it lets go.
    private func followInteractivePop(_ pan: UIScreenEdgePanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard transition == nil, stack.count > 1, let top = stack.last, isShowing, let window = view.window else { return }
            let to = stack[stack.count - 2]
            stack.removeLast()
            top.willMove(toParent: nil)
            navigationBar.setItems(stack.map(\.navigationItem), animated: true)
            let pop = NavigationTransition(kind: .pop, from: top, to: to, fromLeaves: true, animated: true, in: self)
            pop.isInteractive = true
            transition = pop
            pop.prepare()
            pop.count(in: window)
            pop.begin()
            pop.follow(progress: pan.translation(in: view).x / max(1, view.bounds.width))
        case .changed:
            guard let pop = transition, pop.isInteractive else { return }
            pop.follow(progress: pan.translation(in: view).x / max(1, view.bounds.width))
        case .ended, .cancelled:
            guard let pop = transition, pop.isInteractive else { return }
            let progress = pan.translation(in: view).x / max(1, view.bounds.width)
            let velocity = pan.velocity(in: view).x
            // Past half the width, unless flung back towards the edge; or flung on.
            let completes = pan.state == .ended
                && ((progress > GestureThresholds.interactivePopFraction && velocity > -GestureThresholds.interactivePopVelocity)
                    || velocity > GestureThresholds.interactivePopVelocity)
            if completes {
                pop.finishInteractively()
            } else {
                // Back on the stack, as if never popped.
                if let from = pop.from { stack.append(from) }
                navigationBar.setItems(stack.map(\.navigationItem), animated: true)
                pop.cancelInteractively()
            }
        default:
            break
        }
    }

    /// Lets the back swipe begin only with something to pop and no transition running.
    private final class InteractivePopGate: UIGestureRecognizerDelegate {
        weak var navigationController: UINavigationController?

        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard let navigationController, let top = navigationController.topViewController else { return false }
            // A screen without the back button (hidden, or replaced by a left button)
            // cannot be swiped back from either, as on iOS.
            let item = top.navigationItem
            return navigationController.transition == nil && navigationController.viewControllers.count > 1
                && navigationController.isShowing && !item.hidesBackButton && item.leftBarButtonItem == nil
        }
    }
}

/// A navigation controller's view: it lays out the bar and the shown controllers.
final class NavigationContainerView: UIView {
    weak var navigationController: UINavigationController?

    override func layoutSubviews() {
        super.layoutSubviews()
        navigationController?.layOutContent()
    }
}

extension UIViewController {
    /// The nearest navigation controller this controller is in (itself excluded).
    public var navigationController: UINavigationController? {
        var ancestor = parent
        while let current = ancestor {
            if let navigation = current as? UINavigationController { return navigation }
            ancestor = current.parent
        }
        return nil
    }
}
