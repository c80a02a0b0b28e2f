import UIKit

/// The Why tool's panel: the last finger's walk as a list, under a title naming the hit
/// view ("Why Square?") and the finger. The steps come in visit order, indented by depth
/// and numbered as the outlines over the app are; then the views the walk never
/// reached, the recognizers the touch goes to, and what may still keep it from the view.
///
/// Every row naming a view is a finger-sized control: touching it highlights that view
/// over the app (touching it again clears the highlight). Close puts the explanation
/// away until the next finger, for a panel that had to sit over the app. The rows scroll when the panel
/// is shorter than they are. The panel takes the touches landing on it, so they never
/// reach the app (nor start a walk of their own).
@MainActor
public final class WhyPanelView: UIView {
    public let titleLabel = DebugStyle.makeLabel(font: DebugStyle.titleFont)
    public let subtitleLabel = DebugStyle.makeLabel(font: DebugStyle.bodyFont, color: DebugStyle.secondaryText)
    /// Closes the explanation (the panel and the outlines) until the next finger, so
    /// the app under the panel can be reached.
    public let closeButton = DebugStyle.makeButton(title: "Close")
    /// The rows, in order, as controls (views) or labels (headings and notes).
    public private(set) var rowViews: [UIView] = []
    /// Told when a row naming a view is touched: that view, or nil when it clears.
    public var onSelect: (@MainActor (ObjectIdentifier?) -> Void)?
    /// The view whose row is lit.
    public private(set) var selected: ObjectIdentifier?

    private lazy var rowArea = DeferredScrollContainer(in: self)
    /// The scroll view of the rows, made the first time the rows do not fit.
    public var scrollView: UIScrollView { rowArea.scrollView }
    private var rows: [WhyWalk.Row] = []

    static let padding: CGFloat = 12
    static let headerHeight: CGFloat = padding + 24 + 20 + 8
    static let indent: CGFloat = 14
    /// The deepest indentation shown; deeper rows line up with it.
    static let deepestIndent = 8
    /// The panel's widest, and its narrowest where the screen has room (it takes half
    /// the content area's width between the two).
    public static let maximumWidth: CGFloat = 460
    public static let minimumWidth: CGFloat = 340

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.panel
        layer.cornerRadius = 12
        clipsToBounds = true
        _ = rowArea
        addSubview(titleLabel)
        addSubview(subtitleLabel)
        addSubview(closeButton)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Shows a walk's title and rows (nil: empties the panel).
    public func show(_ walk: WhyWalk?) {
        titleLabel.text = walk?.title
        subtitleLabel.text = walk?.subtitle
        rows = walk?.rows ?? []
        selected = nil
        for view in rowViews { view.removeFromSuperview() }
        rowViews = rows.map(makeRow)
        for view in rowViews { rowArea.content.addSubview(view) }
        if rowArea.hasScrollView { scrollView.contentOffset = .zero }
        setNeedsLayout()
    }

    private func makeRow(_ row: WhyWalk.Row) -> UIView {
        let label = DebugStyle.makeLabel(
            font: row.style == .heading ? DebugStyle.buttonFont : DebugStyle.bodyFont,
            color: row.style == .note ? DebugStyle.secondaryText : DebugStyle.primaryText)
        label.text = row.text
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
        guard row.style == .view, let id = row.viewID else { return label }
        let control = WhyRowControl(label: label)
        control.addAction({ [weak self] _ in self?.select(self?.selected == id ? nil : id) }, for: .touchUpInside)
        return control
    }

    /// Lights the row of `id` (nil: none) and tells `onSelect`.
    public func select(_ id: ObjectIdentifier?) {
        selected = id
        for (row, view) in zip(rows, rowViews) {
            view.backgroundColor = id != nil && row.viewID == id ? DebugStyle.litButton : nil
        }
        onSelect?(id)
    }

    /// The height the panel needs at `width` to show every row without scrolling.
    public func height(forWidth width: CGFloat) -> CGFloat {
        Self.headerHeight + layoutRows(width: width, apply: false) + Self.padding
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let padding = Self.padding
        let closeWidth = DebugStyle.width(of: closeButton)
        closeButton.frame = CGRect(x: bounds.width - padding - closeWidth, y: padding, width: closeWidth, height: DebugStyle.minimumTarget)
        let textWidth = max(0, bounds.width - 3 * padding - closeWidth)
        titleLabel.frame = CGRect(x: padding, y: padding, width: textWidth, height: 24)
        subtitleLabel.frame = CGRect(x: padding, y: padding + 24, width: textWidth, height: 20)
        let height = layoutRows(width: bounds.width, apply: true)
        let visible = CGRect(x: 0, y: Self.headerHeight, width: bounds.width,
                             height: max(0, bounds.height - Self.headerHeight - padding))
        if height > visible.height + 0.5, !rowArea.hasScrollView { _ = scrollView }
        rowArea.layout(in: visible, contentHeight: height)
    }

    /// Lays the rows out (when `apply`); returns their height. A row naming a view is
    /// at least `DebugStyle.minimumTarget` tall.
    @discardableResult
    private func layoutRows(width: CGFloat, apply: Bool) -> CGFloat {
        var y: CGFloat = 0
        for (row, view) in zip(rows, rowViews) {
            let indent = Self.padding + Self.indent * CGFloat(min(row.depth, Self.deepestIndent))
            let textWidth = max(40, width - indent - Self.padding)
            let label = (view as? WhyRowControl)?.label ?? (view as? UILabel)
            let textHeight = (label?.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height ?? 20)
                .rounded(.up)
            let isControl = view is WhyRowControl
            let height = isControl ? max(DebugStyle.minimumTarget, textHeight + 12) : textHeight + (row.style == .heading ? 14 : 6)
            if apply {
                if let control = view as? WhyRowControl {
                    control.frame = CGRect(x: 0, y: y, width: width, height: height)
                    control.label.frame = CGRect(x: indent, y: (height - textHeight) / 2, width: textWidth, height: textHeight)
                } else {
                    let top: CGFloat = row.style == .heading ? 10 : 3
                    view.frame = CGRect(x: indent, y: y + top, width: textWidth, height: textHeight)
                }
            }
            y += height
        }
        return y
    }
}

/// A row of the Why panel naming a view: a finger-sized control holding its text.
@MainActor
final class WhyRowControl: UIControl {
    let label: UILabel

    init(label: UILabel) {
        self.label = label
        super.init(frame: .zero)
        label.isUserInteractionEnabled = false
        addSubview(label)
    }

    required init?(coder: NSCoder) {
        fatalError("WhyRowControl is made in code")
    }
}
