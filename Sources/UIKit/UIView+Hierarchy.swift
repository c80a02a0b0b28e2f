// The view tree: adding, ordering and removing subviews, with UIKit's notifications.
//
// Every move keeps three things in step: `subviews`, the layer tree (a subview's layer
// sits among its superview's sublayers in the same relative order), and the cached
// `window` of the whole moved subtree. A move that takes a view out of its window first
// cancels the touches whose view is in the moved subtree, while the responder chain is
// still intact (Sadun, Dr. Dobb's: a touch is cancelled "when the view is removed from
// the window").
//
// Notification order, as UIKit sends it for a view `v` moved from `old` to `new`:
// `old.willRemoveSubview(v)`, `v.willMove(toSuperview: new)`, `willMove(toWindow:)`
// down the subtree (only if the window changes), the move, `didMoveToWindow()` down the
// subtree (same condition), `v.didMoveToSuperview()`, `new.didAddSubview(v)`.

extension UIView {
    /// Adds `view` as the frontmost subview, removing it from any previous superview.
    /// A view that is already a subview is brought to the front.
    public func addSubview(_ view: UIView) {
        insert(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in back-to-front order; past the end appends.
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just above `siblingSubview`, its layer just above the sibling's
    /// (a layer added to this view's layer directly, between them, stays below the new
    /// one); appends if that is not a subview.
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let others = subviews.filter { $0 !== view }
        guard let sibling = others.firstIndex(where: { $0 === siblingSubview }) else { return insert(view, at: others.count) }
        insert(view, at: sibling + 1, layerNextTo: (siblingSubview, above: true))
    }

    /// Inserts `view` just below `siblingSubview`, its layer just below the sibling's
    /// (a layer added to this view's layer directly, between them, stays above the new
    /// one); appends if that is not a subview.
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let others = subviews.filter { $0 !== view }
        guard let sibling = others.firstIndex(where: { $0 === siblingSubview }) else { return insert(view, at: others.count) }
        insert(view, at: sibling, layerNextTo: (siblingSubview, above: false))
    }

    /// Moves a subview to the front; does nothing for a view that is not a subview.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self, let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: index)
        subviews.append(view)
        placeLayer(ofSubviewAt: subviews.count - 1)
    }

    /// Moves a subview to the back; does nothing for a view that is not a subview.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self, let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: index)
        subviews.insert(view, at: 0)
        placeLayer(ofSubviewAt: 0)
    }

    /// Swaps two subviews' places. Out-of-range indices are ignored with a debug log.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2) else {
            UIKitDebug.log(.hierarchy, "exchangeSubview(at: \(index1), withSubviewAt: \(index2)) out of range")
            return
        }
        guard index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        // Lower index first: each placement is relative to a neighbour already in place.
        placeLayer(ofSubviewAt: min(index1, index2))
        placeLayer(ofSubviewAt: max(index1, index2))
    }

    /// Detaches the view from its superview (and window); does nothing without one.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = windowStorage
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { prepareToChangeWindow(from: oldWindow, to: nil) }
        parent.detach(self)
        if oldWindow != nil { finishChangingWindow(to: nil) }
        didMoveToSuperview()
        parent.setNeedsLayout()
    }

    /// This view if its tag matches, else the first match in its subtree, depth first.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let match = subview.viewWithTag(tag) { return match }
        }
        return nil
    }

    /// Whether this view is `view` or lies below it.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let node = current {
            if node === view { return true }
            current = node.superview
        }
        return false
    }

    // MARK: - Moving

    /// The window a subview of this view is in: this view if it is a window.
    private var windowForSubviews: UIWindow? {
        (self as? UIWindow) ?? windowStorage
    }

    /// Inserts `view` at `requestedIndex` in `subviews`; its layer goes next to the
    /// sibling's layer named, else above the previous subview's (see `placeLayer`).
    private func insert(_ view: UIView, at requestedIndex: Int, layerNextTo sibling: (view: UIView, above: Bool)? = nil) {
        // UIKit raises on these; here they are refused, so a bad call cannot make a cycle.
        // Only a view with subviews can hold this one: adding a leaf (a chain built down,
        // one view at a time) looks at no ancestors.
        guard view !== self, view.subviews.isEmpty || !isDescendant(of: view) else {
            UIKitDebug.log(.hierarchy, "refused to add \(type(of: view)) inside itself")
            return
        }
        if view.superview === self {
            reorder(view, to: requestedIndex, layerNextTo: sibling)
            return
        }
        let oldWindow = view.windowStorage
        let newWindow = windowForSubviews
        let windowChanges = oldWindow !== newWindow
        let oldParent = view.superview
        oldParent?.willRemoveSubview(view)
        view.willMove(toSuperview: self)
        if windowChanges { view.prepareToChangeWindow(from: oldWindow, to: newWindow) }
        oldParent?.detach(view)
        let index = min(max(requestedIndex, 0), subviews.count)
        subviews.insert(view, at: index)
        view.superview = self
        placeLayer(ofSubviewAt: index, nextTo: sibling)
        if windowChanges { view.finishChangingWindow(to: newWindow) }
        view.didMoveToSuperview()
        didAddSubview(view)
        oldParent?.setNeedsLayout()
        setNeedsLayout()
    }

    private func reorder(_ view: UIView, to requestedIndex: Int, layerNextTo sibling: (view: UIView, above: Bool)?) {
        guard let current = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: current)
        let index = min(max(requestedIndex, 0), subviews.count)
        subviews.insert(view, at: index)
        placeLayer(ofSubviewAt: index, nextTo: sibling)
    }

    private func detach(_ view: UIView) {
        if let index = subviews.firstIndex(where: { $0 === view }) { subviews.remove(at: index) }
        view.superview = nil
        view.layer.removeFromSuperlayer()
    }

    /// Puts the layer of `subviews[index]` among this view's sublayers so that subview
    /// layers keep the subviews' order; layers that belong to no subview stay where
    /// they are relative to their neighbours. Next to a named sibling, it goes right
    /// above or below that sibling's layer; the frontmost subview's goes on top of all
    /// sublayers; any other right above the previous subview's layer.
    private func placeLayer(ofSubviewAt index: Int, nextTo sibling: (view: UIView, above: Bool)? = nil) {
        let moving = subviews[index].layer
        if let sibling {
            if sibling.above { layer.insertSublayer(moving, above: sibling.view.layer) } else {
                layer.insertSublayer(moving, below: sibling.view.layer)
            }
        } else if index == subviews.count - 1 {
            // The frontmost subview: its layer on top of every sublayer, as UIKit's
            // addSubview and bringSubviewToFront put it.
            layer.addSublayer(moving)
        } else if index > 0 {
            layer.insertSublayer(moving, above: subviews[index - 1].layer)
        } else if subviews.count > 1 {
            layer.insertSublayer(moving, below: subviews[1].layer)
        } else {
            layer.addSublayer(moving)
        }
    }

    /// Before the subtree leaves `oldWindow`: cancel its touches, then tell it.
    private func prepareToChangeWindow(from oldWindow: UIWindow?, to newWindow: UIWindow?) {
        if let oldWindow {
            oldWindow.application.touchRouter.cancelTouches(inSubtreeOf: self, window: oldWindow)
        }
        let movingRoot = self
        forEachInSubtree { view in
            view.willMove(toWindow: newWindow)
            view.noteAppearanceBeforeWindowChange(from: oldWindow, to: newWindow, movingRoot: movingRoot)
        }
    }

    /// After the move: record the new window down the subtree, then tell it.
    private func finishChangingWindow(to newWindow: UIWindow?) {
        forEachInSubtree { $0.windowStorage = newWindow }
        forEachInSubtree { view in
            view.didMoveToWindow()
            view.noteAppearanceAfterWindowChange()
        }
    }

    /// Visits this view, then its subviews depth first, back to front.
    func forEachInSubtree(_ body: (UIView) -> Void) {
        body(self)
        for subview in subviews {
            subview.forEachInSubtree(body)
        }
    }
}
