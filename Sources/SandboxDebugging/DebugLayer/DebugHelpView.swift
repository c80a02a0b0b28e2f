import UIKit

/// The help panel: every tool with its key and what it does, how to summon the toolbar,
/// and a button to close it. Lines wrap to the panel's width, beside a key column as
/// wide as the widest key ("Ctrl+Shift + mouse"); the panel is as tall as its text, and
/// where the screen is shorter (640 × 480) the lines scroll under the title by finger,
/// the title and Close staying put.
@MainActor
public final class DebugHelpView: UIView {
    public let titleLabel = DebugStyle.makeLabel(font: DebugStyle.titleFont)
    public let closeButton = DebugStyle.makeButton(title: "Close")
    /// Holds the lines; scrolls when the panel is shorter than they are, its scroll view
    /// made the first time the help shows (`DeferredScrollContainer`).
    public var scrollView: UIScrollView { lineArea.scrollView }
    private lazy var lineArea = DeferredScrollContainer(in: self)
    private var linesView: UIView { lineArea.content }
    /// One label per line of help, in order: a line's key, then its text.
    public private(set) var lineLabels: [UILabel] = []

    /// The lines: a key (or nil) and what it does.
    public var lines: [(key: String?, text: String)] = [] {
        didSet { rebuild() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.panel
        layer.cornerRadius = 12
        clipsToBounds = true
        titleLabel.text = "Touch debugging"
        _ = lineArea  // under the title and Close
        addSubview(titleLabel)
        addSubview(closeButton)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The height the panel needs at `width` to show every line without scrolling.
    public func height(forWidth width: CGFloat) -> CGFloat {
        Self.headerHeight + layoutLines(width: width, apply: false) + Self.padding
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let padding = Self.padding
        let width = bounds.width
        let closeWidth = DebugStyle.width(of: closeButton)
        closeButton.frame = CGRect(x: width - padding - closeWidth, y: padding, width: closeWidth, height: DebugStyle.minimumTarget)
        titleLabel.frame = CGRect(x: padding, y: padding, width: max(0, width - 3 * padding - closeWidth), height: DebugStyle.minimumTarget)
        let linesHeight = layoutLines(width: width, apply: true)
        let visible = CGRect(x: 0, y: Self.headerHeight, width: width, height: max(0, bounds.height - Self.headerHeight - padding))
        lineArea.layout(in: visible, contentHeight: linesHeight)
    }

    private static let padding: CGFloat = 16
    /// The title row and the gap under it.
    private static let headerHeight: CGFloat = padding + DebugStyle.minimumTarget + 8
    private static let lineGap: CGFloat = 6

    /// The key column: as wide as the widest key of a word or two ("← / →") and a gap; a
    /// longer key ("Ctrl+Shift + mouse") takes a row of its own above its text.
    private static let keyColumnLimit: CGFloat = 72

    private func keyWidths() -> [CGFloat] {
        stride(from: 0, to: lineLabels.count, by: 2).map { index in
            lineLabels[index].sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 22)).width.rounded(.up)
        }
    }

    /// The width from which the lines go in two columns, the first half on the left.
    public static let twoColumnWidth: CGFloat = 880

    /// Lays the lines out in the scroll view (when `apply`); returns their height: in one
    /// column, or in two from `twoColumnWidth`, split where the columns come out most even.
    @discardableResult
    private func layoutLines(width: CGFloat, apply: Bool) -> CGFloat {
        let widths = keyWidths()
        let count = widths.count
        guard width >= Self.twoColumnWidth, count > 1 else {
            return layoutColumn(0..<count, x: 0, width: width, keyWidths: widths, apply: apply)
        }
        let columnWidth = (width + Self.padding) / 2
        let tallerColumn = (1..<count).map { split in
            max(layoutColumn(0..<split, x: 0, width: columnWidth, keyWidths: widths, apply: false),
                layoutColumn(split..<count, x: 0, width: columnWidth, keyWidths: widths, apply: false))
        }
        let split = 1 + (tallerColumn.indices.min { tallerColumn[$0] < tallerColumn[$1] } ?? count - 1)
        return max(layoutColumn(0..<split, x: 0, width: columnWidth, keyWidths: widths, apply: apply),
                   layoutColumn(split..<count, x: width - columnWidth, width: columnWidth, keyWidths: widths, apply: apply))
    }

    /// Lays out lines `range` in a column at `x`, `width` wide (its padding included).
    private func layoutColumn(_ range: Range<Int>, x: CGFloat, width: CGFloat, keyWidths widths: [CGFloat], apply: Bool) -> CGFloat {
        let padding = Self.padding
        let keyColumn = (widths.filter { $0 <= Self.keyColumnLimit }.max() ?? 0) + 12
        let textWidth = max(0, width - 2 * padding - keyColumn)
        var y: CGFloat = 0
        for line in range {
            let keyLabel = lineLabels[2 * line], textLabel = lineLabels[2 * line + 1]
            let ownRow = widths[line] > keyColumn - 8
            if apply { keyLabel.frame = CGRect(x: x + padding, y: y, width: ownRow ? width - 2 * padding : keyColumn - 8, height: 22) }
            if ownRow { y += 22 }
            let height = max(22, textLabel.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height.rounded(.up))
            if apply { textLabel.frame = CGRect(x: x + padding + keyColumn, y: y, width: textWidth, height: height) }
            y += height + Self.lineGap
        }
        return max(0, y - Self.lineGap)
    }

    private func rebuild() {
        for label in lineLabels { label.removeFromSuperview() }
        lineLabels = []
        for line in lines {
            let key = DebugStyle.makeLabel(font: DebugStyle.buttonFont, color: DebugStyle.accent)
            key.text = line.key
            let text = DebugStyle.makeLabel()
            text.text = line.text
            text.numberOfLines = 0
            text.lineBreakMode = .byWordWrapping
            lineLabels += [key, text]
            linesView.addSubview(key)
            linesView.addSubview(text)
        }
        setNeedsLayout()
    }
}
