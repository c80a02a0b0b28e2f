// Containment: a view controller that shows other controllers' views in its own
// (`addChild(_:)`, `removeFromParent()`), as UIKit's containers do. The container adds
// the child's view where it wants it; UIKit's calls, in UIKit's order:
//
//     addChild(child)                    // child.willMove(toParent: self)
//     view.addSubview(child.view)        // the child appears with the parent (below)
//     child.didMove(toParent: self)
//
//     child.willMove(toParent: nil)
//     child.view.removeFromSuperview()   // the child disappears
//     child.removeFromParent()           // child.didMove(toParent: nil)
//
// A child's view entering a window while its parent has appeared makes the child
// appear, at once, around the move: `viewWillAppear` before the view joins the window,
// `viewDidAppear` after, as UIKit calls them from inside `addSubview` (so
// `isMovingToParent` is still true and `parent` set); leaving one makes it disappear the
// same way, inside `removeFromSuperview`. A parent's own transitions are forwarded to
// the children shown in its view instead (`shouldAutomaticallyForwardAppearanceMethods`;
// a container that returns false moves its children's appearance itself).

extension UIViewController {
    /// Makes `child` a child of this controller: it leaves its old parent, hears
    /// `willMove(toParent:)` with this controller, and joins `children`. Its view is
    /// not added: that is the container's to do, then `child.didMove(toParent: self)`.
    public func addChild(_ child: UIViewController) {
        guard child.parent !== self else { return }
        // A controller cannot contain itself or one of its own containers.
        var ancestor: UIViewController? = self
        while let current = ancestor {
            guard current !== child else {
                UIKitDebug.log(.hierarchy, "addChild: \(type(of: child)) contains \(type(of: self)) (or is it): refused, a controller cannot contain its container")
                return
            }
            ancestor = current.parent
        }
        if child.parent != nil { child.removeFromParent() }
        child.isMovingToParent = true
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Leaves the parent: out of its `children`, then `didMove(toParent: nil)`. The
    /// container removes the view itself (before, after `willMove(toParent: nil)`).
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
        isMovingFromParent = false
        isMovingToParent = false
    }
}

extension UIView {
    /// Before the view leaves `oldWindow` for `newWindow` as part of the subtree moving
    /// at `movingRoot`: a child controller's root view, moving under its parent's view
    /// (the parent staying where it is), starts its controller's appearance change.
    func noteAppearanceBeforeWindowChange(from oldWindow: UIWindow?, to newWindow: UIWindow?, movingRoot: UIView) {
        guard let controller = owningViewController, let parent = controller.parent,
              parent.forwardsAppearanceOnChildMove, let parentView = parent.viewIfLoaded,
              !parentView.isDescendant(of: movingRoot) else { return }
        let entering = newWindow.map { !$0.isHidden && parentView.window === $0 } ?? false
        let leaving = oldWindow.map { !$0.isHidden && parentView.window === $0 } ?? false
        if entering, parent.isAppearingOrAppeared, !controller.isAppearingOrAppeared {
            controller.appearanceEndsAfterMove = controller.startAppearanceTransition(true, animated: false)
        } else if leaving, !entering, controller.isAppearingOrAppeared {
            controller.appearanceEndsAfterMove = controller.startAppearanceTransition(false, animated: false)
        }
    }

    /// After the move: the appearance change started before it ends.
    func noteAppearanceAfterWindowChange() {
        guard let controller = owningViewController, controller.appearanceEndsAfterMove else { return }
        controller.appearanceEndsAfterMove = false
        controller.endAppearanceTransition()
    }
}
