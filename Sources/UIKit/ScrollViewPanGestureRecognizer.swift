import Foundation

/// A scroll view's pan (UIKit has a private class for it too): a `UIPanGestureRecognizer`
/// whose hysteresis counts only movement along the axes its scroll view drags on
/// (`UIScrollView.dragsOnAxis(horizontal:)`).
///
/// So a list that scrolls only vertically never begins on a sideways drag: the drag
/// stays with whatever else can take it, the horizontal pager the list is in (whose pan
/// likewise ignores the vertical part). Once begun, it reports translation and velocity
/// like any pan; the scroll view uses only the axes it scrolls on.
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    override func travelTowardsBeginning(_ travel: CGPoint) -> CGPoint {
        guard let scrollView = view as? UIScrollView else { return travel }
        return CGPoint(x: scrollView.dragsOnAxis(horizontal: true) ? travel.x : 0,
                       y: scrollView.dragsOnAxis(horizontal: false) ? travel.y : 0)
    }
}
