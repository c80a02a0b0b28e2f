// Presentation hit-testing: "what you see is what you touch", this project's opt-in
// beyond UIKit.
//
// UIKit hit-tests the model: a view animating from A to B is hit at B (its model
// position) from the moment the animation starts, wherever it appears. Neuburg's
// "Touches" shows how an app works around that by munging `hitTest(_:with:)` with the
// presentation layer; that works here as written. With `hitTestsPresentation` set on a
// view (or on a window, for everything in it), the default `hitTest(_:with:)` of that
// view and of every view below it instead maps the point through each view's
// presentation geometry (`layer.presentationOrSelf()`: its animated position, bounds
// and transform) and tests the animated bounds (or hit-test path), and the hidden and
// alpha restrictions use the presented values. Overrides of `hitTest(_:with:)` below
// it still run, and their `super` calls stay in presentation mode.
//
// What stays as in UIKit: a view with running non-interactive UIView animations
// ignores touches either way, and touch locations (`location(in:)`) are converted
// through the model. While a view animates, its own `point(inside:with:)` override is
// not consulted (its presented shape is); when it is still, it is.
//
// The default path pays one stored flag and one static flag read per view.

extension UIView {
    /// Whether this view's subtree is hit-tested by where views appear (their
    /// presentation layers) rather than by their model geometry; see
    /// `UIView+PresentationHitTesting.swift`. Off by default, as UIKit behaves. On a
    /// window it covers the whole window.
    public var hitTestsPresentation: Bool {
        get { storedHitTestsPresentation }
        set { storedHitTestsPresentation = newValue }
    }

    /// True while a presentation hit-test walks down the tree, so views below an
    /// opted-in view (whose own flag is off) follow it. Kept in a bit of
    /// `hitTestWalkFlags`, which the default walk reads once per view.
    static var isHitTestingPresentation: Bool {
        get { hitTestWalkFlags & 1 != 0 }
        set { hitTestWalkFlags = newValue ? hitTestWalkFlags | 1 : hitTestWalkFlags & ~1 }
    }

    /// What makes the default walk leave its fast path, in one byte so the fast path
    /// reads one static per view: bit 0, a presentation walk is under way; bit 1, a walk
    /// is being explained (`hitTestRecorder`).
    static var hitTestWalkFlags: UInt8 = 0

    // Kept out of line so the default hit-test stays small enough to inline.
    @inline(never)
    func presentationHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let shown = layer.presentationOrSelf()
        guard storedIsUserInteractionEnabled, nonInteractiveAnimationCount == 0,
            shown.admitsHits(minimumOpacity: UIView.minimumHittableAlpha),
            shown === layer ? self.point(inside: point, with: event) : shown.contains(point)
        else { return nil }
        let outer = UIView.isHitTestingPresentation
        UIView.isHitTestingPresentation = true
        defer { UIView.isHitTestingPresentation = outer }
        for subview in subviews.reversed() {
            let local = subview.layer.presentationOrSelf().pointFromSuperlayer(point)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }
}
