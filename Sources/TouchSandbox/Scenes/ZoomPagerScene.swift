import UIKit

/// A paged photo viewer, as iOS Photos is built from scroll views (WWDC 2010, "Designing
/// Apps with Scroll Views"): a horizontal `UIScrollView` with `isPagingEnabled`, one
/// page per photo, each page a zooming scroll view whose `viewForZooming(in:)` is the
/// drawn photo.
///
/// Sideways drags turn the pages (a page at ×1 cannot scroll, so its pan leaves them to
/// the pager); a pinch zooms the photo about the fingers, ×1 to ×4, springing back past
/// either end; a double tap zooms in to ×2.5 about the finger, or back out to ×1, as in
/// Photos. Zoomed in, a drag moves about the photo (here the pager does not take over
/// at its edge: zoom out to turn the page). A photo turned away from is put back to ×1
/// when the pager comes to rest, as Photos does.
///
/// The line under the pager names the photo and its scale; the next says what the
/// scroll views last reported.
@MainActor
public final class ZoomPagerScene: RebuildingSceneController, Scene, UIScrollViewDelegate {
    public static let name = "zoom-pager"
    public static let caption = "A photo viewer: swipe for the next photo, pinch or double-tap to zoom (UIScrollView)"
    public static let hint: String? = "Swipe sideways for the next photo, pinch it, double-tap to zoom in and out"

    static let lineHeight: CGFloat = 24
    /// The space between two photos as they slide, as Photos leaves.
    static let pageGap: CGFloat = 24
    static let maximumZoomScale: CGFloat = 4
    /// The scale a double tap zooms in to.
    static let doubleTapZoomScale: CGFloat = 2.5
    static var photoCount: Int { PhotoView.subjects.count }

    private(set) var pager: UIScrollView!
    /// The zooming scroll views, one per photo, in order.
    private(set) var pages: [UIScrollView] = []
    private(set) var photos: [PhotoView] = []
    /// Which photo shows and at what scale.
    private(set) var indicator: UILabel!
    /// What the scroll views last reported.
    private(set) var report: UILabel!
    /// Every report shown, oldest first, but for the live scale while a pinch moves.
    private(set) var reports: [String] = []

    /// Kept across rebuilds (a window resize).
    private(set) var page = 0
    private var zoomScale: CGFloat = 1

    override func build(in area: CGRect) {
        let linesTop = area.maxY - 8 - 2 * Self.lineHeight
        let pagerFrame = CGRect(x: area.minX, y: area.minY + 12, width: area.width, height: max(linesTop - 8 - area.minY - 12, 100))
        let pager = UIScrollView(frame: pagerFrame)
        pager.isPagingEnabled = true
        pager.contentSize = CGSize(width: pagerFrame.width * CGFloat(Self.photoCount), height: pagerFrame.height)
        pager.delegate = self
        stage.addSubview(pager)
        self.pager = pager
        pages = []
        photos = []
        for (index, subject) in PhotoView.subjects.enumerated() {
            let frame = CGRect(x: CGFloat(index) * pagerFrame.width + Self.pageGap / 2, y: 0,
                               width: pagerFrame.width - Self.pageGap, height: pagerFrame.height)
            addPage(frame: frame, subject: subject, to: pager)
        }
        indicator = addStatusLine(y: linesTop, height: Self.lineHeight, in: area, color: SandboxStyle.label)
        report = addStatusLine(y: linesTop + Self.lineHeight, height: Self.lineHeight, in: area, color: SandboxStyle.secondaryLabel)
        UIView.performWithoutAnimation {
            pager.contentOffset = CGPoint(x: CGFloat(page) * pagerFrame.width, y: 0)
            pages[page].zoomScale = zoomScale
        }
        report.text = reports.last ?? "swipe for the next photo; pinch or double-tap to zoom"
        showIndicator()
    }

    private func addPage(frame: CGRect, subject: PhotoView.Subject, to pager: UIScrollView) {
        let page = UIScrollView(frame: frame)
        page.backgroundColor = .black
        page.minimumZoomScale = 1
        page.maximumZoomScale = Self.maximumZoomScale
        page.delegate = self
        let photo = PhotoView(frame: CGRect(origin: .zero, size: frame.size), subject: subject)
        page.addSubview(photo)
        page.contentSize = frame.size
        let doubleTap = UITapGestureRecognizer(target: self, action: ZoomPagerScene.doubleTapped)
        doubleTap.numberOfTapsRequired = 2
        page.addGestureRecognizer(doubleTap)
        pager.addSubview(page)
        pages.append(page)
        photos.append(photo)
    }

    /// Zooms out to ×1 if zoomed in, else in to `doubleTapZoomScale` about the finger.
    func doubleTapped(_ tap: UITapGestureRecognizer) {
        guard tap.state == .ended, let page = tap.view as? UIScrollView, let index = pages.firstIndex(where: { $0 === page })
        else { return }
        if page.zoomScale > page.minimumZoomScale {
            page.setZoomScale(page.minimumZoomScale, animated: true)
            return
        }
        let point = tap.location(in: photos[index])
        let size = CGSize(width: page.bounds.width / Self.doubleTapZoomScale, height: page.bounds.height / Self.doubleTapZoomScale)
        page.zoom(to: CGRect(x: point.x - size.width / 2, y: point.y - size.height / 2, width: size.width, height: size.height),
                  animated: true)
    }

    // MARK: - What the scroll views report

    public func viewForZooming(in scrollView: UIScrollView) -> UIView? {
        pages.firstIndex { $0 === scrollView }.map { photos[$0] }
    }

    public func scrollViewDidZoom(_ scrollView: UIScrollView) {
        guard scrollView === pages[page] else { return }
        zoomScale = scrollView.zoomScale
        showIndicator()
    }

    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        guard let index = pages.firstIndex(where: { $0 === scrollView }) else { return }
        if index == page { zoomScale = scale }
        say("photo \(index + 1) zoomed to \(Self.describe(scale))")
        showIndicator()
    }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if scrollView === pager { showIndicator() }
    }

    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if scrollView === pager, !decelerate { cameToRest() }
    }

    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        if scrollView === pager { cameToRest() }
    }

    /// The pager settled on a page: the others go back to ×1, unseen.
    private func cameToRest() {
        let shown = shownPage
        guard shown != page else { return }
        page = shown
        for (index, other) in pages.enumerated() where index != page && other.zoomScale != other.minimumZoomScale {
            UIView.performWithoutAnimation { other.zoomScale = other.minimumZoomScale }
        }
        zoomScale = pages[page].zoomScale
        say("came to rest on photo \(page + 1)")
        showIndicator()
    }

    /// The page the pager shows most of.
    private var shownPage: Int {
        let index = Int((pager.contentOffset.x / max(pager.bounds.width, 1)).rounded())
        return min(max(index, 0), Self.photoCount - 1)
    }

    private func say(_ text: String) {
        reports.append(text)
        report.text = text
    }

    private func showIndicator() {
        let shown = shownPage
        let scale = shown == page ? pages[shown].zoomScale : pages[shown].minimumZoomScale
        indicator.text = "photo \(shown + 1) of \(Self.photoCount): \(PhotoView.subjects[shown].title) \u{B7} \(Self.describe(scale))"
    }

    /// A scale as `×2.5`.
    static func describe(_ scale: CGFloat) -> String {
        "\u{D7}" + String(format: "%.1f", scale)
    }
}
