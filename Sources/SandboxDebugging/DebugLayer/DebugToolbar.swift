import UIKit

/// The debug layer's toolbar: a row of finger-sized `UIButton`s along the bottom of the
/// screen, one per item, each titled with its key ("Spots · S") so the keys are learnt
/// by looking; toggles that are on are lit.
///
/// Buttons never shrink below their title or 44 points. Where the row cannot hold them
/// all, the last ones move into an overflow panel that the "More" button opens above
/// the bar (`overflowPanel`, a sibling the debug layer's root view places), so a
/// 640-point screen keeps every item, full size.
@MainActor
public final class DebugToolbar: UIView {
    /// One button: its title, its key (shown beside the title), whether it is lit, and
    /// what a tap does.
    public struct Item {
        public var title: String
        public var key: String?
        public var isOn: @MainActor () -> Bool
        public var action: @MainActor () -> Void

        public init(title: String, key: String?, isOn: @escaping @MainActor () -> Bool = { false },
                    action: @escaping @MainActor () -> Void) {
            self.title = title
            self.key = key
            self.isOn = isOn
            self.action = action
        }

        var buttonTitle: String { key.map { "\(title) \u{B7} \($0)" } ?? title }
    }

    /// The items, in order. Setting them rebuilds the buttons.
    public var items: [Item] = [] {
        didSet { rebuildButtons() }
    }

    /// The buttons of `items`, in order, wherever each is placed (row or overflow).
    public private(set) var buttons: [UIButton] = []
    /// Opens and closes the overflow panel; shown only when something overflows.
    public let moreButton = DebugStyle.makeButton(title: "More")
    /// Holds the buttons the row has no room for; hidden until "More" is tapped.
    public let overflowPanel = DebugPanelView()
    /// The items shown in the row (the rest are in the overflow panel), by index.
    public private(set) var rowIndices: Range<Int> = 0..<0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.bar
        moreButton.addAction({ [weak self] _ in self?.toggleOverflow() }, for: .touchUpInside)
        addSubview(moreButton)
        overflowPanel.isHidden = true
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Re-reads every item's state (lit or not).
    public func refreshStates() {
        for (button, item) in zip(buttons, items) {
            button.backgroundColor = item.isOn() ? DebugStyle.litButton : DebugStyle.button
        }
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let spacing = DebugStyle.spacing
        let widths = buttons.map(DebugStyle.width(of:))
        let y = (bounds.height - DebugStyle.minimumTarget) / 2
        let available = bounds.width - 2 * spacing
        let total = widths.reduce(0, +) + spacing * CGFloat(max(0, widths.count - 1))
        var count = buttons.count
        if total > available {
            // Room for "More" at the right end, and as many items as fit before it.
            let moreWidth = DebugStyle.width(of: moreButton)
            var used = moreWidth
            count = 0
            for width in widths {
                guard used + spacing + width <= available else { break }
                used += spacing + width
                count += 1
            }
        }
        rowIndices = 0..<count
        var x = spacing
        for index in rowIndices {
            let button = buttons[index]
            if button.superview !== self { addSubview(button) }
            button.frame = CGRect(x: x, y: y, width: widths[index], height: DebugStyle.minimumTarget)
            x += widths[index] + spacing
        }
        moreButton.isHidden = count == buttons.count
        if !moreButton.isHidden {
            let width = DebugStyle.width(of: moreButton)
            moreButton.frame = CGRect(x: bounds.width - spacing - width, y: y, width: width, height: DebugStyle.minimumTarget)
        } else {
            setOverflowOpen(false)
        }
        layoutOverflow(widths: widths)
    }

    /// Places the overflowing buttons in rows inside the panel, as wide as the bar.
    private func layoutOverflow(widths: [CGFloat]) {
        let spacing = DebugStyle.spacing
        let overflow = rowIndices.upperBound..<buttons.count
        var x = spacing, y = spacing
        for index in overflow {
            let button = buttons[index]
            if button.superview !== overflowPanel { overflowPanel.addSubview(button) }
            if x + widths[index] > bounds.width - spacing, x > spacing {
                x = spacing
                y += DebugStyle.minimumTarget + spacing
            }
            button.frame = CGRect(x: x, y: y, width: widths[index], height: DebugStyle.minimumTarget)
            x += widths[index] + spacing
        }
        let height = overflow.isEmpty ? 0 : y + DebugStyle.minimumTarget + spacing
        overflowPanel.frame = CGRect(x: frame.minX, y: frame.minY - height, width: bounds.width, height: height)
    }

    private func toggleOverflow() {
        setOverflowOpen(overflowPanel.isHidden)
    }

    /// Opens or closes the overflow panel; More is lit while it is open.
    public func setOverflowOpen(_ open: Bool) {
        overflowPanel.isHidden = !open
        moreButton.backgroundColor = open ? DebugStyle.litButton : DebugStyle.button
        // The panels above the bars (the time strip, the meter) move with its top.
        superview?.setNeedsLayout()
    }

    private func rebuildButtons() {
        for button in buttons { button.removeFromSuperview() }
        buttons = items.map { item in
            let button = DebugStyle.makeButton(title: item.buttonTitle)
            button.addAction({ [weak self] _ in
                item.action()
                self?.refreshStates()
            }, for: .touchUpInside)
            return button
        }
        refreshStates()
        setNeedsLayout()
    }
}

/// A rounded panel of the chrome's grey that takes the touches landing on it, so they
/// never fall through to the app below.
@MainActor
public final class DebugPanelView: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.panel
        layer.cornerRadius = 10
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
