import UIKit

/// Neuburg, "Touches": "Subclassing Gesture Recognizers": a pan that recognizes only
/// when the finger's first movement is more horizontal than vertical, and reports no
/// vertical translation, so the view it drags moves only sideways. Two of these
/// (`VerticalPanGestureRecognizer` is the twin) on one view decide, between them, which
/// way a drag goes.
///
/// Repairs: the listing's `_origLoc` instance variable is a stored property, and
/// `anyObject` is `first`. As Neuburg says, it sets `.failed` and then calls `super`,
/// whose guard keeps it from any further (illegal) transition.
public final class HorizontalPanGestureRecognizer: UIPanGestureRecognizer {
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
            if deltaY >= deltaX { state = .failed }
        }
        super.touchesMoved(touches, with: event)
    }

    public override func translation(in view: UIView?) -> CGPoint {
        var proposedTranslation = super.translation(in: view)
        proposedTranslation.y = 0
        return proposedTranslation
    }
}
