import UIKit

/// Neuburg, "Touches": "Interpreting Touches": a view dragged only horizontally or only
/// vertically, decided once, on the first `touchesMoved` of each drag, by whichever
/// way the finger moved further (ties go horizontal, as `deltaX >= deltaY` says).
///
/// The listing's two state variables, `_decided` and `_horiz`, become `decided` and
/// `horizontal`; `anyObject` becomes `first`. It assumes one touch at a time, which
/// `isMultipleTouchEnabled == false` (the default) guarantees.
public final class DirectionLockedDragView: UIView {
    private(set) var decided = false
    private(set) var horizontal = false

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        decided = false
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        let touch = touches.first!
        if !decided {
            decided = true
            let then = touch.previousLocation(in: self)
            let now = touch.location(in: self)
            let deltaX = abs(then.x - now.x)
            let deltaY = abs(then.y - now.y)
            horizontal = deltaX >= deltaY
        }
        let loc = touch.location(in: superview)
        let oldP = touch.previousLocation(in: superview)
        let deltaX = loc.x - oldP.x
        let deltaY = loc.y - oldP.y
        var c = center
        if horizontal {
            c.x += deltaX
        } else {
            c.y += deltaY
        }
        center = c
    }
}
