import UIKit

/// Neuburg, "Touches": "Hit-testing during animation": a superview whose hit-test
/// munging lets the user tap its animated subview where it is seen, not where its model
/// already is.
///
/// UIKit hit-tests the model: while a subview animates from A to B its model is at B,
/// so a tap on the moving picture misses it and a tap at B hits it. This override asks
/// the subview's presentation layer first (a point in this view's coordinates is in
/// that layer's superlayer space, as `hitTest(_:)` takes it): a hit there is the
/// subview. Otherwise it asks `super`, and if `super` found the subview, at the spot
/// its model has "in reality already moved" to, it answers `self` instead, "assuming
/// that we are what's behind the animated subview at its new location".
///
/// Repairs and choices:
/// - The listing's free variable `v` ("v is the animated subview") becomes the
///   property `animatedSubview`; with none set, the view hit-tests as any view.
/// - `[v.layer presentationLayer]` becomes `presentation()`, which here is never nil
///   (a copy, even when nothing is attached); the `?? layer` keeps the listing right
///   under Core Animation too, where it is nil before the layer's first commit.
/// - As written, the comparison `hitLayer == lay` fails on iOS for a tap on a
///   *sublayer* of the subview (its presentation layer has presentation sublayers, and
///   `hitTest` returns the frontmost), so the tap goes to `self`; here the copy has no
///   sublayers, so such a tap reaches the subview. Kept as Neuburg has it: the
///   sandbox's animated view has no sublayers, where the two agree.
public final class PresentationHitTestingView: UIView {
    /// Neuburg's `v`: the subview that animates.
    public weak var animatedSubview: UIView?

    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard let v = animatedSubview else { return super.hitTest(point, with: event) }
        let lay = v.layer.presentation() ?? v.layer
        let hitLayer = lay.hitTest(point)
        if hitLayer === lay {
            return v
        }
        let hitView = super.hitTest(point, with: event)
        if hitView === v {
            return self
        }
        return hitView
    }
}
