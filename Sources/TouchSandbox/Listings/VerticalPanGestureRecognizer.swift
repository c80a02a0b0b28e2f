import UIKit

/// The vertical twin of `HorizontalPanGestureRecognizer`, which Neuburg leaves to the
/// reader ("symmetrically identical"): it recognizes only when the first movement is
/// more vertical than horizontal (a tie goes horizontal, as the horizontal one's
/// `deltaY >= deltaX` failure implies), and reports no horizontal translation.
public final class VerticalPanGestureRecognizer: UIPanGestureRecognizer {
    private var origLoc = CGPoint.zero

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        origLoc = touches.first!.location(in: view?.superview)
        super.touchesBegan(touches, with: event)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible {
            let loc = touches.first!.location(in: view?.superview)
            let deltaX = abs(loc.x - origLoc.x)
            let deltaY = abs(loc.y - origLoc.y)
            if deltaX >= deltaY { state = .failed }
        }
        super.touchesMoved(touches, with: event)
    }

    public override func translation(in view: UIView?) -> CGPoint {
        var proposedTranslation = super.translation(in: view)
        proposedTranslation.x = 0
        return proposedTranslation
    }
}
