import UIKit

/// Neuburg's scroll view ("a UIScrollView, when dragged, reports that it scrolled; when
/// pinched outward, it reports that it zoomed"), as a kiosk would use it: a horizontal
/// pager of three pages, two of them vertical lists and one a photo that zooms. The
/// finger's direction decides which scrolls; a tap on a row selects it, and a row
/// lights only once the short content-touch hold is over, so a scroll that starts at
/// once never flashes it (Apple, "Gesture Recognizers"). The line under the pager says
/// what the scroll views last reported.
@MainActor
public final class ScrollPagesScene: RebuildingSceneController, Scene, UIScrollViewDelegate {
    public static let name = "scroll-pages"
    public static let caption = "A pager of lists and a photo: drags scroll, pinches zoom (UIScrollView)"
    public static let hint: String? = "Drag the list, swipe sideways for pages, pinch the photo (mouse: Ctrl+drag pinches)"

    static let rowHeight: CGFloat = 56
    static let lineHeight: CGFloat = 24
    static let fruit = ["Apple", "Apricot", "Banana", "Blackberry", "Blueberry", "Cherry", "Coconut", "Date", "Fig",
                        "Grape", "Guava", "Kiwi", "Lemon", "Lime", "Lychee", "Mango", "Melon", "Nectarine", "Orange",
                        "Papaya", "Peach", "Pear", "Pineapple", "Plum", "Pomegranate", "Quince", "Raspberry",
                        "Strawberry", "Tangerine", "Watermelon"]
    static let colours = ["Amber", "Azure", "Beige", "Cerulean", "Coral", "Crimson", "Cyan", "Emerald", "Indigo",
                          "Ivory", "Jade", "Lavender", "Lilac", "Magenta", "Maroon", "Mint", "Navy", "Ochre", "Olive",
                          "Peach", "Periwinkle", "Plum", "Rose", "Ruby", "Saffron", "Sapphire", "Scarlet", "Teal",
                          "Turquoise", "Violet"]

    /// The horizontal pager.
    private(set) var pager: UIScrollView!
    /// The two lists, by page (0 and 2), and the photo's scroll view (page 1).
    private(set) var lists: [UIScrollView] = []
    private(set) var photoScroller: UIScrollView!
    private(set) var photo: UIView!
    /// What the scroll views last reported.
    private(set) var report: UILabel!
    /// Which page shows, and where.
    private(set) var pageLine: UILabel!
    /// The rows selected, in order.
    private(set) var selections: [String] = []

    /// Kept across rebuilds (a window resize).
    private var page = 0
    private var listOffsets: [CGFloat] = [0, 0]
    private var zoomScale: CGFloat = 1

    override func build(in area: CGRect) {
        let pagerFrame = CGRect(x: area.minX, y: area.minY + 12, width: area.width,
                                height: max(area.height - 12 - 2 * Self.lineHeight - 16, 100))
        let pager = UIScrollView(frame: pagerFrame)
        pager.isPagingEnabled = true
        pager.contentSize = CGSize(width: pagerFrame.width * 3, height: pagerFrame.height)
        pager.delegate = self
        stage.addSubview(pager)
        self.pager = pager
        lists = []
        for (index, names) in [(0, Self.fruit), (2, Self.colours)] {
            let list = makeList(names, frame: pageFrame(index, in: pager))
            pager.addSubview(list)
            lists.append(list)
        }
        makePhotoPage(frame: pageFrame(1, in: pager), in: pager)
        report = addStatusLine(y: pagerFrame.maxY + 8, height: Self.lineHeight, in: area, color: SandboxStyle.label)
        pageLine = addStatusLine(y: report.frame.maxY, height: Self.lineHeight, in: area, color: SandboxStyle.secondaryLabel)
        // Back where they were before the rebuild, quietly.
        UIView.performWithoutAnimation {
            photoScroller.zoomScale = zoomScale
            for (list, offset) in zip(lists, listOffsets) {
                list.contentOffset = CGPoint(x: 0, y: min(offset, list.maximumContentOffset.y))
            }
            pager.contentOffset = CGPoint(x: CGFloat(page) * pagerFrame.width, y: 0)
        }
        if report.text == nil { say("drag a list, swipe sideways, pinch the photo") }
        showPage()
    }

    /// A page's frame in the pager's content: a margin on either side, so the pages
    /// show apart as they slide.
    private func pageFrame(_ index: Int, in pager: UIScrollView) -> CGRect {
        CGRect(x: CGFloat(index) * pager.bounds.width + 16, y: 0, width: pager.bounds.width - 32, height: pager.bounds.height)
    }

    private func makeList(_ names: [String], frame: CGRect) -> UIScrollView {
        let list = UIScrollView(frame: frame)
        list.backgroundColor = .white
        list.layer.cornerRadius = 14
        list.contentSize = CGSize(width: frame.width, height: Self.rowHeight * CGFloat(names.count))
        list.delegate = self
        for (index, name) in names.enumerated() {
            let row = ListRow(frame: CGRect(x: 0, y: Self.rowHeight * CGFloat(index), width: frame.width, height: Self.rowHeight))
            row.title = name
            row.onSelect = { [unowned self] in
                selections.append(name)
                say("selected \(name)")
            }
            list.addSubview(row)
        }
        return list
    }

    private func makePhotoPage(frame: CGRect, in pager: UIScrollView) {
        let scroller = UIScrollView(frame: frame)
        scroller.backgroundColor = UIColor(white: 0.1, alpha: 1)
        scroller.layer.cornerRadius = 14
        scroller.minimumZoomScale = 1
        scroller.maximumZoomScale = 4
        scroller.delegate = self
        let photo = Self.makePhoto(size: frame.size)
        scroller.addSubview(photo)
        scroller.contentSize = photo.bounds.size
        pager.addSubview(scroller)
        (photoScroller, self.photo) = (scroller, photo)
    }

    /// A landscape of layers, sharp at any zoom: sky, sun, two hills.
    static func makePhoto(size: CGSize) -> UIView {
        let photo = UIView(frame: CGRect(origin: .zero, size: size))
        photo.backgroundColor = UIColor(red: 0.47, green: 0.71, blue: 0.95, alpha: 1)
        photo.clipsToBounds = true
        let sun = UIView(frame: CGRect(x: size.width * 0.72, y: size.height * 0.12, width: size.height * 0.16, height: size.height * 0.16))
        sun.backgroundColor = UIColor(red: 1, green: 0.84, blue: 0.3, alpha: 1)
        sun.layer.cornerRadius = sun.bounds.width / 2
        photo.addSubview(sun)
        for (x, y, width, green) in [(-0.2, 0.55, 0.9, 0.55), (0.35, 0.62, 1.0, 0.7)] {
            let hill = UIView(frame: CGRect(x: size.width * x, y: size.height * y, width: size.width * width, height: size.height * 0.8))
            hill.backgroundColor = UIColor(red: green * 0.55, green: green, blue: green * 0.5, alpha: 1)
            hill.layer.cornerRadius = hill.bounds.height / 2
            photo.addSubview(hill)
        }
        return photo
    }


    // MARK: - What the scroll views report

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if let index = lists.firstIndex(where: { $0 === scrollView }) {
            listOffsets[index] = scrollView.contentOffset.y
            say("\(listName(index)) scrolled to y \(Int(scrollView.contentOffset.y.rounded()))"
                + (scrollView.isDecelerating ? ", decelerating" : ""))
        } else if scrollView === pager {
            showPage()
        }
    }

    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        if scrollView === pager {
            page = Int((pager.contentOffset.x / max(pager.bounds.width, 1)).rounded())
            showPage()
            say("pager came to rest on page \(page + 1)")
        } else if let index = lists.firstIndex(where: { $0 === scrollView }) {
            say("\(listName(index)) came to rest at y \(Int(scrollView.contentOffset.y.rounded()))")
        }
    }

    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        guard scrollView === pager, !decelerate else { return }
        page = Int((pager.contentOffset.x / max(pager.bounds.width, 1)).rounded())
        showPage()
    }

    public func viewForZooming(in scrollView: UIScrollView) -> UIView? {
        scrollView === photoScroller ? photo : nil
    }

    public func scrollViewDidZoom(_ scrollView: UIScrollView) {
        zoomScale = scrollView.zoomScale
        say("photo zoomed to \u{D7}\(String(format: "%.1f", scrollView.zoomScale))")
    }

    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        zoomScale = scale
        say("photo zoomed to \u{D7}\(String(format: "%.1f", scale)), pinch ended")
    }

    private func listName(_ index: Int) -> String {
        index == 0 ? "fruit list" : "colour list"
    }

    private func say(_ text: String) {
        report.text = text
    }

    private func showPage() {
        let names = ["fruit", "photo", "colours"]
        let shown = Int((pager.contentOffset.x / max(pager.bounds.width, 1)).rounded())
        let index = min(max(shown, 0), 2)
        pageLine.text = "page \(index + 1) of 3: \(names[index]) \u{B7} up and down scrolls a list, sideways turns the page"
    }
}
