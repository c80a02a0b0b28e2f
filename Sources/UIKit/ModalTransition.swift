import CoreGraphics

/// One presentation or dismissal in a window, from the call to its end (see
/// `UIViewController+Presentation.swift` for the rules and the order of the calls).
///
/// The call changes the hierarchy and makes the transition; the window's next layout
/// pass starts it (`begin()`: touches on leaving views cancelled, will-calls, and the
/// animation if animated); its end (`end()`) comes when the animation completes, or,
/// not animated, when that layout pass ends. A window holds at most one
/// (`UIWindow.modalTransition`); while it does, the window takes no new touches.
@MainActor
final class ModalTransition {
    enum Kind { case presentation, dismissal }
    enum Stage { case waiting, running, ended }

    let kind: Kind
    unowned let window: UIWindow
    /// The presentation that moves: the one being presented, or the topmost leaving.
    let presentation: UIPresentationController
    let animated: Bool
    /// The controllers leaving and arriving on screen, in chain order.
    let disappearing: [UIViewController]
    let appearing: [UIViewController]
    /// Views that leave the window when the transition ends; their touches are
    /// cancelled when it starts.
    private var viewsLeavingAtEnd: [UIView]
    /// For a dismissal: the presenter that stays, and the controllers that leave.
    private let presenter: UIViewController?
    private let leaving: [UIViewController]
    private let completion: (@MainActor () -> Void)?
    /// The presentation whose delegate hears that the user's dismissal ended.
    private let userDismissal: UIPresentationController?
    private(set) var stage = Stage.waiting

    private init(kind: Kind, window: UIWindow, presentation: UIPresentationController, animated: Bool,
                 disappearing: [UIViewController], appearing: [UIViewController], viewsLeavingAtEnd: [UIView],
                 presenter: UIViewController? = nil, leaving: [UIViewController] = [],
                 userDismissal: UIPresentationController? = nil, completion: (@MainActor () -> Void)?) {
        self.kind = kind
        self.window = window
        self.presentation = presentation
        self.animated = animated
        self.disappearing = disappearing
        self.appearing = appearing
        self.viewsLeavingAtEnd = viewsLeavingAtEnd
        self.presenter = presenter
        self.leaving = leaving
        self.userDismissal = userDismissal
        self.completion = completion
    }

    // MARK: - Durations

    /// How long the presented view takes to slide up (or down, dismissed).
    static let coverVerticalDuration = 0.35
    /// How long it takes to fade in or out.
    static let crossDissolveDuration = 0.3

    // MARK: - Presenting and dismissing

    /// Puts `presented`'s view on screen over `presenter`'s (at once) and starts the
    /// presentation at the window's next layout pass.
    static func present(_ presented: UIViewController, over presenter: UIViewController, in window: UIWindow,
                        animated: Bool, completion: (@MainActor () -> Void)?) {
        let before = onScreen(chain(from: presenter), in: window)
        presented.loadViewIfNeeded()
        guard let presentation = presented.presentationController else { return }
        let style = presented.modalPresentationStyle.resolved
        presentation.styleInUse = style
        presentation.presenting = presenter
        presentation.isAnimatingOut = false
        presenter.presentedStorage = presented
        presented.presentingStorage = presenter
        presented.isBeingPresented = true

        let container = PresentationContainerView(frame: window.bounds)
        container.presentation = presentation
        presentation.containerView = container
        // A page sheet dims what it covers; a controller that presents itself in its
        // own way says how much.
        let own = presented as? PresentationAppearance
        if let dimmingAlpha = own?.presentationDimming ?? (style == .pageSheet ? 0.4 : nil) {
            let dimming = UIView(frame: container.bounds)
            dimming.backgroundColor = UIColor(white: 0, alpha: dimmingAlpha)
            container.addSubview(dimming)
            presentation.dimmingView = dimming
        } else {
            presentation.dimmingView = nil
        }
        if style == .pageSheet {
            let sheet = presentation.sheetView ?? UIView(frame: .zero)
            sheet.layer.cornerRadius = UIPresentationController.pageSheetCornerRadius
            sheet.clipsToBounds = true
            sheet.addSubview(presented.view)
            container.addSubview(sheet)
            presentation.sheetView = sheet
            let swipe = presentation.sheetSwipe ?? SheetSwipeGestureRecognizer(presentation: presentation)
            if swipe.view !== sheet { sheet.addGestureRecognizer(swipe) }
            presentation.sheetSwipe = swipe
            presentation.sheetOffset = 0
        } else {
            presentation.sheetView = nil
            container.addSubview(presented.view)
        }
        presentation.layoutInContainer()
        window.addSubview(container)

        let chainAfter = chain(from: presented)
        let after = onScreen(chainAfter, in: window)
        let disappearing = before.filter { old in !after.contains { $0 === old } }
        let appearing = after.filter { new in !before.contains { $0 === new } }
        // A full-screen presentation takes what it covers out of the window: the views
        // of the controllers that disappear (the presenter's, and what was under it).
        var covered: [UIView] = []
        if style.removesPresenterView {
            for controller in chainAfter.dropLast() {
                guard let view = screenView(of: controller, in: window) else { continue }
                covered.append(view)
            }
        }
        let transition = ModalTransition(
            kind: .presentation, window: window, presentation: presentation, animated: animated,
            disappearing: disappearing, appearing: appearing, viewsLeavingAtEnd: animated ? covered : [],
            completion: completion)
        if !animated { transition.takeOut(covered) }
        window.start(transition)
    }

    /// Takes the controllers presented above `presenter` off screen: the topmost animates
    /// out, the others leave at once, and what full-screen presentations took out of the
    /// window comes back.
    static func dismiss(above presenter: UIViewController, in window: UIWindow, animated: Bool,
                        byUser: UIPresentationController?, completion: (@MainActor () -> Void)?) {
        let fullChain = chain(from: presenter)
        guard let index = fullChain.firstIndex(where: { $0 === presenter }),
              let top = fullChain.last?.presentationControllerStorage, index < fullChain.count - 1 else { return }
        let leaving = Array(fullChain[(index + 1)...])
        let before = onScreen(fullChain, in: window)
        let after = onScreen(Array(fullChain[...index]), in: window)
        let disappearing = before.filter { old in !after.contains { $0 === old } }
        let appearing = after.filter { new in !before.contains { $0 === new } }
        for controller in leaving { controller.isBeingDismissed = true }
        // What the leaving presentations covered comes back, under them (top first: the
        // reverse of the order they were taken out).
        for controller in leaving.reversed() {
            guard let presentation = controller.presentationControllerStorage else { continue }
            for entry in presentation.coveredViews.reversed() where entry.view.superview == nil {
                entry.superview.insertSubview(entry.view, at: min(entry.index, entry.superview.subviews.count))
            }
            presentation.coveredViews.removeAll()
        }
        window.setNeedsLayout()
        // Only the topmost animates; the containers under it leave now.
        var leavingAtEnd: [UIView] = []
        for controller in leaving {
            guard let container = controller.presentationControllerStorage?.containerView else { continue }
            if animated, controller === leaving.last {
                leavingAtEnd.append(container)
            } else {
                container.removeFromSuperview()
            }
        }
        let transition = ModalTransition(
            kind: .dismissal, window: window, presentation: top, animated: animated,
            disappearing: disappearing, appearing: appearing, viewsLeavingAtEnd: leavingAtEnd,
            presenter: presenter, leaving: leaving, userDismissal: byUser, completion: completion)
        window.start(transition)
    }

    /// Ends every presentation above `presenter` at once, with no calls (its window's
    /// root changed, or nothing is on screen): containers out, links cut.
    static func unlinkPresentations(above presenter: UIViewController) {
        let all = chain(from: presenter)
        guard let index = all.firstIndex(where: { $0 === presenter }) else { return }
        for controller in all[(index + 1)...].reversed() {
            controller.presentationControllerStorage?.containerView?.removeFromSuperview()
            unlink(controller)
        }
        presenter.presentedStorage = nil
    }

    // MARK: - Chains

    /// The presentation chain `controller` is part of: from the controller that started
    /// it (presented by none) up to the last presented.
    static func chain(from controller: UIViewController) -> [UIViewController] {
        var base = controller
        while let presenting = base.presentingStorage { base = presenting }
        var chain = [base]
        while let next = chain.last?.presentedStorage { chain.append(next) }
        return chain
    }

    /// The controllers of `chain` on screen in `window`: none while it is hidden;
    /// otherwise each from the last full-screen presentation up.
    static func onScreen(_ chain: [UIViewController], in window: UIWindow) -> [UIViewController] {
        guard !window.isHidden else { return [] }
        var shown: [UIViewController] = []
        for (index, controller) in chain.enumerated() {
            if index > 0, controller.presentationControllerStorage?.presentationStyle.removesPresenterView ?? false {
                shown.removeAll()
            }
            shown.append(controller)
        }
        return shown
    }

    /// The window that shows `chain`: the window of its topmost view that is in one (a
    /// full-screen presentation takes the views under it out of the window).
    static func window(showing chain: [UIViewController]) -> UIWindow? {
        for controller in chain.reversed() {
            let view = controller.presentingStorage != nil
                ? controller.presentationControllerStorage?.containerView : controller.viewIfLoaded
            if let window = view?.window { return window }
        }
        return nil
    }

    /// The view that stands for `controller` in `window`: a presented controller's
    /// container, or the controller's own view, when it is in the window.
    private static func screenView(of controller: UIViewController, in window: UIWindow) -> UIView? {
        let view = controller.presentingStorage != nil
            ? controller.presentationControllerStorage?.containerView : controller.viewIfLoaded
        guard let view, view.window === window, view.superview != nil else { return nil }
        return view
    }

    /// Cuts a presented controller's links once it is off screen.
    private static func unlink(_ controller: UIViewController) {
        controller.presentingStorage?.presentedStorage = nil
        controller.presentingStorage = nil
        if let presentation = controller.presentationControllerStorage {
            presentation.presenting = nil
            presentation.containerView = nil
            presentation.dimmingView = nil
            presentation.isAnimatingOut = false
            presentation.sheetOffset = 0
            presentation.coveredViews.removeAll()
        }
        controller.isBeingPresented = false
    }

    /// Takes covered views out of the window, remembering where they were.
    private func takeOut(_ views: [UIView]) {
        for view in views {
            guard let superview = view.superview,
                  let index = superview.subviews.firstIndex(where: { $0 === view }) else { continue }
            presentation.coveredViews.append((view, superview, index))
            view.removeFromSuperview()
        }
    }

    // MARK: - Running

    /// At the window's layout pass: the touches on views about to leave are cancelled,
    /// the will-calls made, and the animation started (`animating: false` jumps to the
    /// end state, for a transition finished at once).
    func begin(animating: Bool = true) {
        guard stage == .waiting else { return }
        stage = .running
        for view in viewsLeavingAtEnd {
            window.application.touchRouter.cancelTouches(
                inSubtreeOf: view, window: window, reason: "their view is leaving the window in a modal transition")
        }
        for controller in disappearing { controller.startAppearanceTransition(false, animated: animated) }
        for controller in appearing { controller.startAppearanceTransition(true, animated: animated) }
        guard animated, animating, stage == .running else { return }
        animate()
    }

    /// When the layout pass that began the transition ends: the arriving controllers'
    /// `viewIsAppearing` (their views are laid out), then, not animated, the end.
    func layoutPassDidEnd() {
        guard stage == .running else { return }
        for controller in appearing { controller.noteIsAppearing() }
        if !animated { end() }
    }

    /// Ends the transition now, wherever it is (its window is being hidden, or its root
    /// replaced): begun if it was waiting, its animations dropped, ended.
    func finishNow() {
        if stage == .waiting {
            // The changes queued before it come first, as in a layout pass.
            window.beginPendingAppearances()
            begin(animating: false)
        }
        guard stage == .running else { return }
        for view in [presentation.presentedView, presentation.dimmingView].compactMap({ $0 }) {
            view.layer.removeAllAnimations()
        }
        (presentation.presentedViewController as? PresentationAppearance)?.removePresentationAnimations()
        end()
    }

    private func animate() {
        guard let container = presentation.containerView, let moving = presentation.presentedView else {
            end()
            return
        }
        let presented = presentation.presentedViewController
        let own = presented as? PresentationAppearance
        let entering = kind == .presentation
        let style = presented.modalTransitionStyle
        let duration = own?.presentationDuration(entering: entering)
            ?? (style == .crossDissolve ? Self.crossDissolveDuration : Self.coverVerticalDuration)
        let rest = presentation.frameOfPresentedViewInContainerView
        let below = rest.offsetBy(dx: 0, dy: container.bounds.maxY - rest.minY)
        if entering {
            UIView.performWithoutAnimation {
                presentation.dimmingView?.alpha = 0
                if let own {
                    own.applyPresentationState(shown: false)
                } else if style == .crossDissolve {
                    moving.alpha = 0
                } else {
                    moving.frame = below
                }
            }
        } else {
            presentation.isAnimatingOut = true
        }
        UIView.animate(
            withDuration: duration, delay: 0, options: entering ? [.curveEaseOut] : [.curveEaseIn],
            animations: {
                self.presentation.dimmingView?.alpha = entering ? 1 : 0
                if let own {
                    own.applyPresentationState(shown: entering)
                } else if style == .crossDissolve {
                    moving.alpha = entering ? 1 : 0
                } else {
                    moving.frame = entering ? rest : below
                }
            },
            completion: { _ in self.end() })
    }

    /// The end: views leave, links are cut (a dismissal), the did-calls are made
    /// (arriving controllers first), then the completion.
    private func end() {
        guard stage == .running else { return }
        stage = .ended
        if window.modalTransition === self { window.modalTransition = nil }
        switch kind {
        case .presentation:
            takeOut(viewsLeavingAtEnd)
        case .dismissal:
            for view in viewsLeavingAtEnd { view.removeFromSuperview() }
            for controller in leaving.reversed() {
                ModalTransition.unlink(controller)
                // Left as it was before the transition animated it out.
                controller.viewIfLoaded?.alpha = 1
                (controller as? PresentationAppearance)?.applyPresentationState(shown: true)
            }
            presenter?.presentedStorage = nil
        }
        viewsLeavingAtEnd.removeAll()
        for controller in appearing { controller.endAppearanceTransition() }
        for controller in disappearing { controller.endAppearanceTransition() }
        switch kind {
        case .presentation: presentation.presentedViewController.isBeingPresented = false
        case .dismissal: for controller in leaving { controller.isBeingDismissed = false }
        }
        if let userDismissal { userDismissal.delegate?.presentationControllerDidDismiss(userDismissal) }
        completion?()
    }
}
