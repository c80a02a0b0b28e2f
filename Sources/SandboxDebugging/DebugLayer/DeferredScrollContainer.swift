import UIKit

/// Content in a panel that scrolls by finger once it is taller than its room (the help's
/// lines, the gallery's scene list). The `UIScrollView` is made on first use
/// (`scrollView`), not with the panel: its recognizers would otherwise take the first
/// serial numbers (`Pan #1`) ahead of the app's own in the gesture trace and the HUD,
/// for a panel the person may never open. Until then the content sits in the panel
/// directly, clipped to its room.
@MainActor
public final class DeferredScrollContainer {
    /// What scrolls: its subviews are the panel's lines or buttons.
    public let content = UIView(frame: .zero)
    private unowned let host: UIView
    private var made: UIScrollView?

    /// The content, added to `host` (the panel) at the top of its subviews now.
    public init(in host: UIView) {
        self.host = host
        content.clipsToBounds = true
        host.addSubview(content)
    }

    /// The scroll view holding the content, made now (in the content's place among the
    /// host's subviews) if it was not.
    public var scrollView: UIScrollView {
        if let made { return made }
        let scrollView = UIScrollView(frame: content.frame)
        scrollView.clipsToBounds = true
        let index = host.subviews.firstIndex { $0 === content } ?? host.subviews.count
        content.removeFromSuperview()
        content.frame.origin = .zero
        scrollView.addSubview(content)
        host.insertSubview(scrollView, at: index)
        made = scrollView
        host.setNeedsLayout()
        return scrollView
    }

    /// Whether the scroll view was made.
    public var hasScrollView: Bool { made != nil }

    /// Shows the content in `visible` (the host's coordinates), `height` tall: scrolling
    /// when there is a scroll view, clipped otherwise.
    public func layout(in visible: CGRect, contentHeight height: CGFloat) {
        guard let made else {
            content.frame = visible
            return
        }
        made.frame = visible
        made.contentSize = CGSize(width: visible.width, height: height)
        content.frame = CGRect(x: 0, y: 0, width: visible.width, height: height)
    }
}
