// Modal presentation: `present(_:animated:completion:)` and `dismiss(animated:completion:)`.
//
// A presentation puts the presented controller's view in a container view that fills
// the window, above the presenter's (`UIPresentationController.containerView`). A
// child controller presents from its outermost container, as UIKit's presentation
// context does by default; a presented controller can present in turn, a chain. The
// presenter and the presented hear appearance calls as the style says
// (`UIModalPresentationStyle`): only a full-screen presentation makes the controllers
// under it disappear.
//
// As with a window's root, the hierarchy changes at once and the transition starts at
// the window's next layout pass (`ModalTransition`): will-calls there, then, animated,
// the animation, and the did-calls when it ends; not animated, the did-calls when the
// pass ends. Then `completion`. The order (iOS documents none between two
// controllers), as iOS has been observed to call them for a full-screen presentation
// (velog.io/@rudin_, "iOS LifeCycle in Modal", which logged iOS 17):
//
//     present:  A.viewWillDisappear, B.viewWillAppear, B.viewDidAppear, A.viewDidDisappear
//     dismiss:  B.viewWillDisappear, A.viewWillAppear, A.viewDidAppear, B.viewDidDisappear
//
// (will-calls: the controllers leaving the screen first; did-calls: the ones arriving
// first). For a page sheet or over full screen, A hears nothing. During a transition
// (from the call to its end) the window takes no new touches, the touches on the views
// leaving the window are cancelled when it starts, and another present or dismiss is
// refused with a warning, as UIKit refuses them.

extension UIViewController {
    /// `present(_:animated:completion:)`'s work (see there).
    func startPresenting(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (@MainActor () -> Void)?) {
        let presenter = outermostContainer
        let presented = viewControllerToPresent
        let name = "\(type(of: presented)) on \(type(of: presenter))"
        if let refusal = presentationRefusal(of: presented, by: presenter) {
            UIKitDebug.log(.hierarchy, "Attempt to present \(name): \(refusal); nothing presented")
            return
        }
        guard let window = presenter.viewIfLoaded?.window else { return }
        ModalTransition.present(presented, over: presenter, in: window, animated: flag, completion: completion)
    }

    /// Why `presented` cannot be presented by `presenter` now, or nil.
    private func presentationRefusal(of presented: UIViewController, by presenter: UIViewController) -> String? {
        if let current = presenter.presentedStorage { return "\(type(of: presenter)) is already presenting \(type(of: current))" }
        if presented === presenter || presented.outermostContainer === presenter { return "a controller cannot present itself" }
        if presented.presentingStorage != nil { return "it is already presented" }
        if presented.parent != nil { return "it is a child of \(type(of: presented.parent!)); remove it from its parent first" }
        guard let window = presenter.viewIfLoaded?.window else {
            return "the view of \(type(of: presenter)) is not in a window; present from viewDidAppear or later"
        }
        if presented.viewIfLoaded?.window != nil, presented.viewIfLoaded?.window?.rootViewController === presented {
            return "it is a window's root view controller"
        }
        if window.modalTransition != nil { return "a presentation or dismissal is under way; present from its completion" }
        return nil
    }

    /// `dismiss(animated:completion:)`, saying whether it started. A dismissal the user
    /// started (`byUser`) tells that presentation controller's delegate when it ends.
    @discardableResult
    func dismiss(animated flag: Bool, byUser: UIPresentationController?, completion: (@MainActor () -> Void)?) -> Bool {
        let top = outermostContainer
        guard let presenter = top.presentedStorage != nil ? top : top.presentingStorage else {
            UIKitDebug.log(.hierarchy, "dismiss on \(type(of: self)): it presents nothing and is not presented; nothing to dismiss")
            return false
        }
        guard let window = ModalTransition.window(showing: ModalTransition.chain(from: presenter)) else {
            // Nothing of it is in a window: just unlink.
            ModalTransition.unlinkPresentations(above: presenter)
            return false
        }
        if window.modalTransition != nil {
            UIKitDebug.log(.hierarchy, "Attempt to dismiss from \(type(of: presenter)) while a presentation or dismissal is under way: refused; dismiss from its completion")
            return false
        }
        ModalTransition.dismiss(above: presenter, in: window, animated: flag, byUser: byUser, completion: completion)
        return true
    }

    /// The controller presented by this one or by its outermost container.
    public var presentedViewController: UIViewController? {
        outermostContainer.presentedStorage
    }

    /// The controller that presented this one or its outermost container.
    public var presentingViewController: UIViewController? {
        outermostContainer.presentingStorage
    }

    /// The presentation controller of this controller (or of its outermost container,
    /// when that is presented), made on first use so that its delegate can be set
    /// before presenting.
    public var presentationController: UIPresentationController? {
        let top = outermostContainer
        if top !== self, top.presentingStorage != nil { return top.presentationController }
        if let kept = presentationControllerStorage { return kept }
        let made = UIPresentationController(presentedViewController: self, presenting: presentingStorage)
        presentationControllerStorage = made
        return made
    }

    /// This controller's topmost parent (itself without one).
    var outermostContainer: UIViewController {
        var top = self
        while let parent = top.parent { top = parent }
        return top
    }
}

extension UIPresentationController {
    /// A dismissal the user starts (a sheet swiped down, a tap outside an action
    /// sheet): refused when the presented controller `isModalInPresentation` or the
    /// delegate says no (`presentationControllerDidAttemptToDismiss(_:)`); otherwise the
    /// delegate hears `presentationControllerWillDismiss(_:)`, the presented controller
    /// is dismissed, and the delegate hears `presentationControllerDidDismiss(_:)` once
    /// it has gone, before `completion`. Returns whether the dismissal started.
    @discardableResult
    package func dismissByUser(animated: Bool, completion: (@MainActor () -> Void)? = nil) -> Bool {
        let presented = presentedViewController
        guard let presenting, presented.presentingStorage === presenting else { return false }
        if presented.isModalInPresentation || delegate?.presentationControllerShouldDismiss(self) == false {
            delegate?.presentationControllerDidAttemptToDismiss(self)
            return false
        }
        if let window = containerView?.window, window.modalTransition != nil { return false }
        delegate?.presentationControllerWillDismiss(self)
        return presenting.dismiss(animated: animated, byUser: self, completion: completion)
    }
}
