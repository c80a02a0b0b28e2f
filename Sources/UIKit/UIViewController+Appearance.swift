// The appearance lifecycle: `viewWillAppear`, `viewDidAppear`, `viewWillDisappear`,
// `viewDidDisappear`, as UIKit's state diagram for a view controller has them
// (disappeared → appearing → appeared → disappearing → disappeared; appearing ⇄
// disappearing when a transition is cancelled or reversed).
//
// When they are called:
// - a window's root view controller changes while the window is visible: the old root
//   disappears and the new one appears;
// - a window is shown or hidden: its root appears or disappears;
// - a child's view enters or leaves a window while its parent has appeared
//   (containment, `UIViewController+Containment.swift`);
// - a parent's own transitions are forwarded to its children whose views are in its
//   view (`shouldAutomaticallyForwardAppearanceMethods`).
//
// A change made without animation updates the view hierarchy at once, and the calls
// come at the window's next layout pass, as UIKit defers them: the run loop lays every
// window out before it draws, so they come before the frame that shows the change.
// Within one pass the will-calls all come first, then the did-calls, each in the order
// the changes were made: for a root change, old.viewWillDisappear,
// new.viewWillAppear, old.viewDidDisappear, new.viewDidAppear. That is the order iOS
// has been observed to use for a navigation push (Wang Ling, "The Inconsistent Order of
// View Transition Events", 2014); iOS documents no order between two controllers.
//
// `didReceiveMemoryWarning()` exists for code written for iOS and is never called
// here: Linux gives a process no memory warnings to pass on.

extension UIViewController {
    /// Where a controller is in its appearance lifecycle.
    enum AppearanceState: Sendable {
        case disappeared, appearing, appeared, disappearing
    }

    /// Starts an appearance transition by hand (a container that sets
    /// `shouldAutomaticallyForwardAppearanceMethods` to false, or one moving views itself):
    /// calls `viewWillAppear(_:)` (`isAppearing`) or `viewWillDisappear(_:)`, unless the
    /// controller is already on its way there, and forwards to the children whose views
    /// are in its view. `endAppearanceTransition()` finishes it.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (appearanceState, isAppearing) {
        case (.disappeared, true), (.disappearing, true):
            appearanceState = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
        case (.appeared, false), (.appearing, false):
            appearanceState = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        default:
            return
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childrenShownInView { child.beginAppearanceTransition(isAppearing, animated: animated) }
        }
    }

    /// Finishes the transition `beginAppearanceTransition(_:animated:)` started: calls
    /// `viewDidAppear(_:)` or `viewDidDisappear(_:)`, and forwards to the children.
    public func endAppearanceTransition() {
        let animated = appearanceAnimated
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(animated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childrenShownInView { child.endAppearanceTransition() }
        }
    }

    /// The children whose views are in this controller's view now.
    var childrenShownInView: [UIViewController] {
        guard let view = viewIfLoaded else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: view) ?? false }
    }

    /// Whether the controller has appeared or is appearing (its view is on screen, or
    /// about to be).
    var isAppearingOrAppeared: Bool {
        appearanceState == .appearing || appearanceState == .appeared
    }
}

extension UIWindow {
    /// One appearance change waiting for the window's next layout pass. The controller
    /// is held weakly: one let go before the pass (a root set to nil and dropped) is not
    /// kept alive to hear that it disappeared.
    struct PendingAppearance {
        weak var controller: UIViewController?
        let appearing: Bool
    }

    /// Queues an appearance change for the next layout pass (see
    /// `UIViewController+Appearance.swift`): the window is marked for layout.
    func scheduleAppearance(of controller: UIViewController, appearing: Bool) {
        pendingAppearances.append(PendingAppearance(controller: controller, appearing: appearing))
        setNeedsLayout()
    }

    /// Runs the queued appearance changes: every will-call, then every did-call, in the
    /// order they were queued. A controller queued to appear and then to disappear in
    /// the same pass (shown and hidden again before any layout) gets viewWillAppear,
    /// viewWillDisappear and viewDidDisappear: an appearance cancelled, as UIKit's state
    /// diagram allows.
    func runPendingAppearances() {
        guard !pendingAppearances.isEmpty else { return }
        let pending = pendingAppearances
        pendingAppearances.removeAll()
        for change in pending { change.controller?.beginAppearanceTransition(change.appearing, animated: false) }
        for change in pending { change.controller?.endAppearanceTransition() }
    }
}
