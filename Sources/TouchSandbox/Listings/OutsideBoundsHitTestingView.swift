import UIKit

/// Neuburg, "Touches": "Hit-Testing" (hit-test munging): a superview that lets the
/// parts of its subviews lying outside its bounds be touched.
///
/// UIKit's `hitTest(_:with:)` asks `point(inside:with:)` first and gives up on a point
/// outside the view, so "the user can see the regions of its subviews that are outside
/// its bounds [when `clipsToBounds` is false], but the user can't touch them": the
/// touch goes to whatever is behind. This override asks `super` first and, if that
/// finds nothing, asks each subview front to back anyway, with the point converted into
/// the subview's coordinates.
///
/// Repairs and choices:
/// - `[self.subviews reverseObjectEnumerator]` becomes `subviews.reversed()`,
///   `convertPoint:toView:` becomes `convert(_:to:)`.
/// - The listing asks the subviews even when this view is hidden, transparent or has
///   user interaction off, which `super` answered nil for; so a hidden view's subviews
///   could be touched. A guard keeps those restrictions ("they operate precisely by
///   modifying a view's hit-test result").
public final class OutsideBoundsHitTestingView: UIView {
    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01 else { return nil }
        if let result = super.hitTest(point, with: event) {
            return result
        }
        for sub in subviews.reversed() {
            let pt = convert(point, to: sub)
            if let result = sub.hitTest(pt, with: event) {
                return result
            }
        }
        return nil
    }
}
