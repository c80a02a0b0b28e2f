import UIKit

/// A finger-sized panel of rows under a title, a subtitle and Close: the Why tool's walk
/// (`WhyWalk.rows`) and the inspector's details and hierarchy (`ViewInspection.rows`).
///
/// Every row naming a view (`DebugListRow.Style.view`) is a finger-sized control;
/// touching it tells `onSelect` (the Why tool highlights the view, the inspector selects
/// it), and touching a lit row again clears it. Headings and notes are text. The rows
/// scroll when the panel is shorter than they are. The panel takes the touches landing
/// on it, so they never reach the app.
@MainActor
public final class DebugListPanelView: UIView {
    public let titleLabel = DebugStyle.makeLabel(font: DebugStyle.titleFont)
    public let subtitleLabel: UILabel = {
        let label = DebugStyle.makeLabel(font: DebugStyle.bodyFont, color: DebugStyle.secondaryText)
        label.numberOfLines = 2
        label.lineBreakMode = .byWordWrapping
        return label
    }()
    /// Puts the panel away (its owner says what else goes with it), so the app under it
    /// can be reached.
    public let closeButton = DebugStyle.makeButton(title: "Close")
    /// The rows, in order, as controls (views) or labels (headings and notes).
    public private(set) var rowViews: [UIView] = []
    /// Told when a row naming a view is touched: that view, or nil when it clears.
    public var onSelect: (@MainActor (ObjectIdentifier?) -> Void)?
    /// The view whose row is lit.
    public private(set) var selected: ObjectIdentifier?
    /// Whether touching the lit row again clears it (the Why tool's highlight); off, it
    /// stays lit (the inspector's selection).
    public var touchAgainClears = true

    private lazy var rowArea = DeferredScrollContainer(in: self)
    /// The scroll view of the rows, made the first time the rows do not fit.
    public var scrollView: UIScrollView { rowArea.scrollView }
    public private(set) var rows: [DebugListRow] = []

    static let padding: CGFloat = 12
    /// The title, the subtitle (up to two lines) and the gap under them, at `width`.
    public func headerHeight(forWidth width: CGFloat) -> CGFloat {
        Self.padding + 24 + subtitleHeight(forWidth: width) + 8
    }

    private func subtitleHeight(forWidth width: CGFloat) -> CGFloat {
        let textWidth = max(0, width - 3 * Self.padding - DebugStyle.width(of: closeButton))
        let needed = subtitleLabel.sizeThatFits(CGSize(width: textWidth, height: 60)).height.rounded(.up)
        return min(40, max(20, needed))
    }
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
        fatalError("DebugListPanelView is made in code")
    }

    /// Shows a title, a subtitle and rows from the top, the row naming `selected` lit.
    public func show(title: String?, subtitle: String?, rows: [DebugListRow], selected: ObjectIdentifier? = nil) {
        titleLabel.text = title
        subtitleLabel.text = subtitle
        self.rows = rows
        self.selected = selected
        for view in rowViews { view.removeFromSuperview() }
        rowViews = rows.map(makeRow)
        for view in rowViews { rowArea.content.addSubview(view) }
        lightSelectedRow()
        if rowArea.hasScrollView { scrollView.contentOffset = .zero }
        setNeedsLayout()
    }

    /// Brings the rows' text up to date where only their text changed (the inspector's
    /// values while its selection animates), keeping the scroll position and the lit row;
    /// otherwise shows them anew.
    public func update(rows newRows: [DebugListRow]) {
        guard newRows.count == rows.count, zip(newRows, rows).allSatisfy({ $0.style == $1.style && $0.viewID == $1.viewID }) else {
            return show(title: titleLabel.text, subtitle: subtitleLabel.text, rows: newRows, selected: selected)
        }
        for (index, row) in newRows.enumerated() where row.text != rows[index].text {
            let label = (rowViews[index] as? DebugListRowControl)?.label ?? (rowViews[index] as? UILabel)
            label?.text = row.text
        }
        rows = newRows
        setNeedsLayout()
    }


    private func makeRow(_ row: DebugListRow) -> UIView {
        let label = DebugStyle.makeLabel(
            font: row.style == .heading ? DebugStyle.buttonFont : DebugStyle.bodyFont,
            color: row.style == .note ? DebugStyle.secondaryText : DebugStyle.primaryText)
        label.text = row.text
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
        guard row.style == .view, let id = row.viewID else { return label }
        let control = DebugListRowControl(label: label)
        control.addAction({ [weak self] _ in
            guard let self else { return }
            select(selected == id && touchAgainClears ? nil : id)
        }, for: .touchUpInside)
        return control
    }

    /// Lights the row of `id` (nil: none) and tells `onSelect`.
    public func select(_ id: ObjectIdentifier?) {
        selected = id
        lightSelectedRow()
        onSelect?(id)
    }

    private func lightSelectedRow() {
        for (row, view) in zip(rows, rowViews) where row.style == .view {
            view.backgroundColor = selected != nil && row.viewID == selected ? DebugStyle.litButton : nil
        }
    }

    /// The height the panel needs at `width` to show every row without scrolling.
    public func height(forWidth width: CGFloat) -> CGFloat {
        headerHeight(forWidth: width) + layoutRows(width: width, apply: false) + Self.padding
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let padding = Self.padding
        let closeWidth = DebugStyle.width(of: closeButton)
        closeButton.frame = CGRect(x: bounds.width - padding - closeWidth, y: padding, width: closeWidth, height: DebugStyle.minimumTarget)
        let textWidth = max(0, bounds.width - 3 * padding - closeWidth)
        titleLabel.frame = CGRect(x: padding, y: padding, width: textWidth, height: 24)
        subtitleLabel.frame = CGRect(x: padding, y: padding + 24, width: textWidth, height: subtitleHeight(forWidth: bounds.width))
        let height = layoutRows(width: bounds.width, apply: true)
        let header = headerHeight(forWidth: bounds.width)
        let visible = CGRect(x: 0, y: header, width: bounds.width, height: max(0, bounds.height - header - padding))
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
            let label = (view as? DebugListRowControl)?.label ?? (view as? UILabel)
            let textHeight = (label?.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height ?? 20)
                .rounded(.up)
            let isControl = view is DebugListRowControl
            let height = isControl ? max(DebugStyle.minimumTarget, textHeight + 12) : textHeight + (row.style == .heading ? 14 : 6)
            if apply {
                if let control = view as? DebugListRowControl {
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

/// A row of a list panel naming a view: a finger-sized control holding its text.
@MainActor
final class DebugListRowControl: UIControl {
    let label: UILabel

    init(label: UILabel) {
        self.label = label
        super.init(frame: .zero)
        label.isUserInteractionEnabled = false
        addSubview(label)
    }

    required init?(coder: NSCoder) {
        fatalError("DebugListRowControl is made in code")
    }
}
