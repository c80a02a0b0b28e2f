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
//   (containment, `UIViewController+Containment.swift`): there, at once, around the
//   move (will-call before it, did-call after), as UIKit calls them from inside
//   `addSubview` and `removeFromSuperview`;
// - a parent's own transitions are forwarded to its children whose views are in its
//   view (`shouldAutomaticallyForwardAppearanceMethods`).
//
// A window's root changing, or the window showing, updates the view hierarchy at once,
// and the calls come at the window's next layout pass: the will-calls when the pass
// starts, before the views lay out, and the did-calls once they have (so
// `viewDidAppear` sees laid-out frames). The run loop lays every window out before it
// draws, so they come before the frame that shows the change. The will-calls all come
// first, then the did-calls, each in the order the changes were made: for a root
// change, old.viewWillDisappear, new.viewWillAppear, old.viewDidDisappear,
// new.viewDidAppear. Changes made by the callbacks themselves run in the same pass,
// after. A change undone before the pass (a window shown and hidden again, a root
// replaced) cancels it: the controller hears nothing. That is the order iOS
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
        startAppearanceTransition(isAppearing, animated: animated)
    }

    /// `beginAppearanceTransition`, saying whether the state changed (the pending
    /// changes end only those that began).
    @discardableResult
    func startAppearanceTransition(_ isAppearing: Bool, animated: Bool) -> Bool {
        switch (appearanceState, isAppearing) {
        case (.disappeared, true), (.disappearing, true):
            appearanceState = .appearing
            appearanceAnimated = animated
            hasHeardIsAppearing = false
            viewWillAppear(animated)
        case (.appeared, false), (.appearing, false):
            appearanceState = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        default:
            return false
        }
        for child in childrenForAppearanceForwarding() { child.startAppearanceTransition(isAppearing, animated: animated) }
        return true
    }

    /// Finishes the transition `beginAppearanceTransition(_:animated:)` started: calls
    /// `viewDidAppear(_:)` or `viewDidDisappear(_:)`, and forwards to the children.
    public func endAppearanceTransition() {
        let animated = appearanceAnimated
        switch appearanceState {
        case .appearing:
            noteIsAppearing()
            appearanceState = .appeared
            viewDidAppear(animated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return
        }
        for child in childrenForAppearanceForwarding() { child.endAppearanceTransition() }
    }

    /// Calls `viewIsAppearing(_:)` once in an appearance under way, and forwards it to
    /// the children shown in the view.
    func noteIsAppearing() {
        guard appearanceState == .appearing, !hasHeardIsAppearing else { return }
        hasHeardIsAppearing = true
        viewIsAppearing(appearanceAnimated)
        for child in childrenForAppearanceForwarding() { child.noteIsAppearing() }
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
    /// is held until then, as UIKit holds the controllers of a transition: an old root
    /// the app let go still hears that it disappeared, and so do the children it showed,
    /// which the app may keep and show again.
    struct PendingAppearance {
        let controller: UIViewController?
        let appearing: Bool
    }

    /// Queues an appearance change for the next layout pass (see
    /// `UIViewController+Appearance.swift`): the window is marked for layout. A change
    /// that undoes one still queued cancels it instead.
    func scheduleAppearance(of controller: UIViewController, appearing: Bool) {
        if let index = pendingAppearances.lastIndex(where: { $0.controller === controller }) {
            if pendingAppearances[index].appearing != appearing { pendingAppearances.remove(at: index) }
            return
        }
        pendingAppearances.append(PendingAppearance(controller: controller, appearing: appearing))
        setNeedsLayout()
        // Made outside a turn, the change is still heard at the next one.
        application.hookedRunLoop?.setNeedsTurn()
    }

    /// The will-calls of the queued changes, in order, when the layout pass starts; the
    /// did-calls follow once the window has laid out (`finishPendingAppearances()`).
    /// Changes queued by the callbacks join the pass.
    func beginPendingAppearances() {
        while !pendingAppearances.isEmpty {
            let batch = pendingAppearances
            pendingAppearances.removeAll()
            for change in batch {
                guard let controller = change.controller,
                      controller.startAppearanceTransition(change.appearing, animated: false) else { continue }
                begunAppearances.append(controller)
            }
        }
    }

    /// The did-calls of the changes begun in this pass, in order, after the
    /// `viewIsAppearing` calls of those appearing.
    func finishPendingAppearances() {
        beginPendingAppearances()
        while !begunAppearances.isEmpty {
            let begun = begunAppearances
            begunAppearances.removeAll()
            for controller in begun { controller.noteIsAppearing() }
            for controller in begun { controller.endAppearanceTransition() }
            // Callbacks that changed more: their will-calls, then their did-calls.
            beginPendingAppearances()
        }
    }
}
