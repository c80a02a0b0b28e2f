import Foundation

/// What a scroll view tells and asks its delegate (Apple's "UIScrollViewDelegate"). Every
/// method is optional: the defaults below do nothing, or answer what UIKit assumes.
///
/// The order for one drag that is flung and decelerates: `scrollViewWillBeginDragging`,
/// `scrollViewDidScroll` for each change, `scrollViewWillEndDragging(_:withVelocity:
/// targetContentOffset:)`, `scrollViewDidEndDragging(_:willDecelerate: true)`,
/// `scrollViewWillBeginDecelerating`, `scrollViewDidScroll` each frame,
/// `scrollViewDidEndDecelerating`. A drag released at rest, inside the content, gets
/// `willDecelerate: false` and no deceleration calls.
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed: by a finger, a deceleration or bounce frame, an
    /// animation frame, or code.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A finger is about to scroll the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifted. `velocity` is in points per millisecond (UIKit's unit here),
    /// positive as the offset grows; `targetContentOffset` is where the motion will come
    /// to rest, and the delegate may change it: the motion then ends there.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` says whether the content goes on moving (a fling, a
    /// bounce back from past an edge, or a page snap).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content goes on moving after the finger lifted.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The motion after the finger lifted is over (it came to rest, or a finger stopped
    /// it).
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animation started by `setContentOffset(_:animated: true)` or
    /// `scrollRectToVisible(_:animated: true)` finished, as Apple's reference lists them;
    /// an animated zoom (`setZoomScale(_:animated: true)`, `zoom(to:animated: true)`)
    /// ends with `scrollViewDidEndZooming(_:with:atScale:)` instead.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view that zooming scales; nil (the default) means no zooming.
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// A pinch is about to zoom `view`.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// The pinch ended and any bounce back into the zoom range is done, at `scale`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// A scroll to top was asked for (`UIWindow.scrollToTop()`, iOS's status-bar tap):
    /// whether it happens. Default true.
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// The scroll to top's animation reached the top (instead of
    /// `scrollViewDidEndScrollingAnimation`).
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed: its `contentInset`, its behaviour, or the safe
    /// area it adds.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
