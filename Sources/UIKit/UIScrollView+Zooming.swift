import Foundation

/// What the current pinch started from.
struct ScrollViewPinch {
    /// The zoom scale when the pinch began.
    var scaleAtStart: CGFloat
    /// The point of the zoom view (unscaled) under the fingers' centroid when it began:
    /// it stays under the centroid, wherever the fingers go.
    var anchor: CGPoint
}

extension UIScrollView {
    /// The view zooming scales: the delegate's `viewForZooming(in:)`.
    var zoomView: UIView? {
        delegate?.viewForZooming(in: self)
    }

    /// `setZoomScale(_:animated:)`'s work: about the middle of the bounds.
    func zoomAboutMiddle(to scale: CGFloat, animated: Bool) {
        guard let view = zoomView else { return }
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        let middle = CGPoint(x: contentOffset.x + bounds.width / 2, y: contentOffset.y + bounds.height / 2)
        let anchor = CGPoint(x: middle.x / currentZoomScale, y: middle.y / currentZoomScale)
        let offset = offsetKeeping(anchor, at: CGPoint(x: bounds.width / 2, y: bounds.height / 2),
                                   scale: target, of: view, clamped: true)
        zoomTo(scale: target, offset: offset, animated: animated)
    }

    /// `zoom(to:animated:)`'s work.
    func zoomToFit(_ rect: CGRect, animated: Bool) {
        guard let view = zoomView, rect.width > 0, rect.height > 0 else { return }
        let fit = min(bounds.width / rect.width, bounds.height / rect.height)
        let scale = min(max(fit, minimumZoomScale), maximumZoomScale)
        let offset = offsetKeeping(CGPoint(x: rect.midX, y: rect.midY), at: CGPoint(x: bounds.width / 2, y: bounds.height / 2),
                                   scale: scale, of: view, clamped: true)
        zoomTo(scale: scale, offset: offset, animated: animated)
    }

    // MARK: - The pinch's action

    /// Scales about the centroid while the fingers pinch; springs back into the range
    /// after.
    func handlePinch(_ recognizer: UIPinchGestureRecognizer) {
        guard let view = zoomView else { return }
        switch recognizer.state {
        case .began:
            stopMotion(reportingEnd: true)
            let centroid = recognizer.location(in: self)
            pinch = ScrollViewPinch(scaleAtStart: currentZoomScale,
                                    anchor: CGPoint(x: centroid.x / currentZoomScale, y: centroid.y / currentZoomScale))
            isZooming = true
            delegate?.scrollViewWillBeginZooming(self, with: view)
            followFingers(recognizer, view: view)
        case .changed:
            followFingers(recognizer, view: view)
        case .ended, .cancelled:
            guard let pinch else { return }
            self.pinch = nil
            let scale = min(max(currentZoomScale, minimumZoomScale), maximumZoomScale)
            let onScreen = CGPoint(x: pinch.anchor.x * currentZoomScale - contentOffset.x,
                                   y: pinch.anchor.y * currentZoomScale - contentOffset.y)
            let offset = offsetKeeping(pinch.anchor, at: onScreen, scale: scale, of: view, clamped: true)
            guard scale != currentZoomScale || offset != contentOffset else {
                isZooming = false
                delegate?.scrollViewDidEndZooming(self, with: view, atScale: scale)
                return
            }
            startMotion(ScrollViewMotion(kind: .zoomBounce, from: contentOffset, to: offset,
                                         scales: (currentZoomScale, scale), start: layer.animationEngine.currentTime))
        default:
            break
        }
    }

    /// The scale the fingers ask for (softened past the range with `bouncesZoom`,
    /// clamped without), with the anchor under the centroid.
    private func followFingers(_ recognizer: UIPinchGestureRecognizer, view: UIView) {
        guard let pinch else { return }
        let asked = pinch.scaleAtStart * recognizer.scale
        let scale: CGFloat
        if asked > maximumZoomScale {
            // Past the range the scale grows as the square root of what is asked: it
            // resists, and springs back on release (a choice; UIKit publishes no curve).
            scale = bouncesZoom ? maximumZoomScale * (asked / maximumZoomScale).squareRoot() : maximumZoomScale
        } else if asked < minimumZoomScale {
            scale = bouncesZoom ? minimumZoomScale * (asked / minimumZoomScale).squareRoot() : minimumZoomScale
        } else {
            scale = asked
        }
        let centroid = recognizer.location(in: self)
        let onScreen = CGPoint(x: centroid.x - contentOffset.x, y: centroid.y - contentOffset.y)
        applyZoomScale(scale)
        applyContentOffset(offsetKeeping(pinch.anchor, at: onScreen, scale: scale, of: view, clamped: false))
    }

    // MARK: - Applying

    /// Scales the zoom view and sizes the content to it, its frame at the content's
    /// origin (as UIKit does); tells the delegate.
    func applyZoomScale(_ scale: CGFloat) {
        guard let view = zoomView, scale > 0, scale != currentZoomScale else { return }
        currentZoomScale = scale
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        delegate?.scrollViewDidZoom(self)
    }

    /// The offset that shows zoom-view point `anchor` at `onScreen` (a point in the
    /// scroll view's frame, from its top-left corner) at `scale`; within the range the
    /// content would have at that scale when `clamped`.
    private func offsetKeeping(_ anchor: CGPoint, at onScreen: CGPoint, scale: CGFloat, of view: UIView,
                               clamped: Bool) -> CGPoint {
        let offset = CGPoint(x: anchor.x * scale - onScreen.x, y: anchor.y * scale - onScreen.y)
        guard clamped else { return offset }
        let inset = adjustedContentInset
        let size = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        let maximum = CGPoint(x: max(size.width + inset.right - bounds.width, minimum.x),
                              y: max(size.height + inset.bottom - bounds.height, minimum.y))
        return CGPoint(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }

    private func zoomTo(scale: CGFloat, offset: CGPoint, animated: Bool) {
        stopMotion(reportingEnd: true)
        guard animated else {
            applyZoomScale(scale)
            applyContentOffset(offset)
            return
        }
        guard scale != currentZoomScale || offset != contentOffset else { return }
        isZooming = true
        startMotion(ScrollViewMotion(kind: .zoomAnimation, from: contentOffset, to: offset,
                                     scales: (currentZoomScale, scale), start: layer.animationEngine.currentTime))
    }

    /// Makes or removes the pinch as zooming becomes possible or not.
    func zoomRangeDidChange() {
        let zooms = maximumZoomScale > minimumZoomScale
        if zooms, pinchGestureRecognizer == nil {
            let recognizer = UIPinchGestureRecognizer()
            recognizer.addTarget(self, action: UIScrollView.handlePinch)
            recognizer.delegate = self
            addGestureRecognizer(recognizer)
            pinchGestureRecognizer = recognizer
        } else if !zooms, let recognizer = pinchGestureRecognizer {
            removeGestureRecognizer(recognizer)
            pinchGestureRecognizer = nil
        }
    }
}
