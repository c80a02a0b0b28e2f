// Hit-testing: which view a new touch belongs to.
//
// The default `hitTest(_:with:)` does what UIKit does:
//
// 1. A view that is hidden, has `alpha` below 0.01 or has `isUserInteractionEnabled`
//    false returns nil at once, without asking its subviews or `point(inside:with:)`;
//    so these restrictions remove the view *and its subviews* (Neuburg, "Touches":
//    "Restricting Touches").
// 2. A view asks `point(inside:with:)` of itself; outside, it returns nil.
// 3. It asks its subviews front to back (reverse order), each with the point converted
//    into the subview's coordinates through its transform; the first non-nil answer is
//    the result.
// 4. Otherwise it returns itself.
//
// The restrictions include running UIView animations without `.allowUserInteraction`.
// Geometry is the model's, as in UIKit, unless presentation hit-testing is on (see
// `UIView+PresentationHitTesting.swift`).
//
// Neuburg's prose puts step 2 after step 3, but his own munging listing exists
// because a subview's parts outside its superview's bounds cannot be touched, which is
// only true when the superview checks `point(inside:)` first; real UIKit does it first,
// so this does too.
//
// The walk allocates nothing: the reversed subviews are a view of the array and the
// point is mapped by the subview layer's cached inverse transform.

extension UIView {
    /// The alpha below which a view cannot be hit.
    static let minimumHittableAlpha: Float = 0.01

    /// Whether the restrictions of step 1 let this view (and so its subtree) be hit; a
    /// view running UIView animations without `.allowUserInteraction` is restricted
    /// too, as in UIKit.
    var acceptsHits: Bool {
        storedIsUserInteractionEnabled && nonInteractiveAnimationCount == 0
            && layer.admitsHits(minimumOpacity: UIView.minimumHittableAlpha)
    }

    /// The recorder of the walk while `UIKitDebug.explainHitTest` runs one; nil
    /// otherwise. Setting it sets bit 1 of `hitTestWalkFlags`, so the fast path pays
    /// nothing more for it.
    static var hitTestRecorder: HitTestRecorder? {
        didSet { hitTestWalkFlags = hitTestRecorder == nil ? hitTestWalkFlags & ~2 : hitTestWalkFlags | 2 }
    }

    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        if storedHitTestsPresentation || UIView.hitTestWalkFlags != 0 {
            return slowPathHitTest(point, with: event)
        }
        guard acceptsHits, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let local = subview.layer.pointFromSuperlayer(point)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }
}

extension UIView {
    /// The walk off its fast path: explained (`UIKitDebug.explainHitTest`), or by the
    /// presentation. Kept out of line so the default hit-test stays small.
    @inline(never)
    func slowPathHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let presentation = storedHitTestsPresentation || UIView.isHitTestingPresentation
        if let recorder = UIView.hitTestRecorder {
            return recorder.walk(self, point, with: event, presentation: presentation)
        }
        // Off the fast path without a recorder: a presentation walk.
        return presentationHitTest(point, with: event)
    }
}
