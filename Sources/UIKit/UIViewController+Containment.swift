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
// appear (at the window's next layout pass, as every non-animated change here); leaving
// one makes it disappear. A parent's own transitions are forwarded to the children shown
// in its view (`shouldAutomaticallyForwardAppearanceMethods`).

extension UIViewController {
    /// Makes `child` a child of this controller: it leaves its old parent, hears
    /// `willMove(toParent:)` with this controller, and joins `children`. Its view is
    /// not added: that is the container's to do, then `child.didMove(toParent: self)`.
    public func addChild(_ child: UIViewController) {
        guard child !== self, child.parent !== self else { return }
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
    /// After the view entered or left a window: a child controller's root view brings
    /// its controller's appearance along with its parent's (see
    /// `UIViewController+Containment.swift`). The root view controller's and a parent's
    /// own transitions are the window's and the parent's to make.
    func noteAppearanceAfterWindowChange(from oldWindow: UIWindow?, to newWindow: UIWindow?) {
        guard let controller = owningViewController, let parent = controller.parent else { return }
        // Only when the child's view moved on its own: a parent whose view moved with it
        // (its own appearance changing) forwards to the child itself.
        let parentWindow = parent.viewIfLoaded?.window
        if let newWindow, !newWindow.isHidden, parentWindow === newWindow, parent.isAppearingOrAppeared,
           !controller.isAppearingOrAppeared {
            newWindow.scheduleAppearance(of: controller, appearing: true)
        } else if newWindow == nil || newWindow?.isHidden == true, let oldWindow, parentWindow === oldWindow,
                  controller.isAppearingOrAppeared {
            oldWindow.scheduleAppearance(of: controller, appearing: false)
        }
    }
}
