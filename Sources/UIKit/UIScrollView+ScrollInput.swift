import Foundation

// A mouse wheel or a touchpad scrolling a scroll view (`UIWindow.inject(_: ScrollSample)`
// finds which). Where UIKit on iPadOS drives the pan recognizer with such a scroll, and
// macOS lets a touchpad's scroll rubber-band, this moves the offset directly, as a
// wheel moves a GTK or web page on Linux:
// - each scroll moves the content by its delta at once (no animation), only along the
//   axes the content scrolls on, clamped to the offset's range: a wheel never pulls past
//   an edge and nothing bounces back, as on macOS with a mouse wheel;
// - `scrollViewDidScroll` follows each move, and the indicators show, fading as after
//   `flashScrollIndicators()`; no drag begins, so no `WillBeginDragging` or deceleration
//   calls, and no touch reaches any view;
// - a fling under way stops where it is (`scrollViewDidEndDecelerating`, as when a touch
//   catches it), and so does a code animation (`scrollViewDidEndScrollingAnimation`);
// - while a finger drags or a pinch zooms or its zoom springs back, the wheel is
//   ignored: the finger holds the content.

extension UIScrollView {
    /// Whether a scroll along that axis is this scroll view's: scrolling is enabled and
    /// the content is longer than the bounds (with the insets) on the axis.
    func takesScrollInput(horizontal: Bool) -> Bool {
        guard isScrollEnabled else { return false }
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        return horizontal ? maximum.x > minimum.x : maximum.y > minimum.y
    }

    /// Moves the offset by `delta` points, as the comment above says.
    func scroll(byInput delta: CGVector) {
        guard !isDragging, !isZooming, !isZoomBouncing else {
            UIKitDebug.log(.gestures, "UIScrollView: a wheel scroll while a finger holds the content: ignored")
            return
        }
        let offset = contentOffset
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        var target = offset
        if delta.dx != 0, maximum.x > minimum.x {
            target.x = min(max(offset.x + delta.dx, minimum.x), maximum.x)
        }
        if delta.dy != 0, maximum.y > minimum.y {
            target.y = min(max(offset.y + delta.dy, minimum.y), maximum.y)
        }
        guard target != offset else { return }
        stopMotion(reportingEnd: true)
        applyContentOffset(target)
        flashScrollIndicators()
    }
}
