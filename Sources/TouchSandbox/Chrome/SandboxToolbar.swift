import CairoRenderer
import Foundation

/// The bar along the window's bottom edge: a button per chrome action, each showing its
/// key, so the keys are learnt by looking. Toggles that are on are lit. A window too
/// narrow for the labels shows the key caps alone (the help panel names them).
@MainActor
struct SandboxToolbar {
    struct Item: Equatable {
        var action: SandboxAction
        var frame: CGRect
        /// False when the window is too narrow for labels.
        var showsLabel: Bool
    }

    static let keySize: CGFloat = 12
    static let labelSize: CGFloat = 12
    static let itemSpacing: CGFloat = 4
    static let inset: CGFloat = 6

    static var actions: [SandboxAction] { SandboxAction.allCases.filter { $0.toolbarLabel != nil } }

    /// The buttons laid out in `bar`, from the left. Text is measured off-frame
    /// (`TextMeasure`), so touches between frames find the buttons that were drawn.
    static func layout(in bar: CGRect) -> [Item] {
        // Every frame draws the bar, so its layout (twenty text measurements) is kept
        // until the window's size changes.
        if let cached = cachedLayout, cached.bar == bar { return cached.items }
        let items = measuredLayout(in: bar)
        cachedLayout = (bar, items)
        return items
    }

    private static var cachedLayout: (bar: CGRect, items: [Item])?

    private static func measuredLayout(in bar: CGRect) -> [Item] {
        let measure = TextMeasure.width
        func widths(labelled: Bool) -> [CGFloat] {
            actions.map { action in
                let cap = measure(action.key, keySize, .bold) + 8
                guard labelled, let label = action.toolbarLabel else { return cap + 2 * inset }
                return cap + 6 + measure(label, labelSize, .regular) + 2 * inset
            }
        }
        var labelled = true
        var itemWidths = widths(labelled: true)
        let available = bar.width - 2 * itemSpacing
        if itemWidths.reduce(0, +) + itemSpacing * CGFloat(itemWidths.count - 1) > available {
            labelled = false
            itemWidths = widths(labelled: false)
        }
        var x = bar.minX + itemSpacing
        var items: [Item] = []
        for (action, width) in zip(actions, itemWidths) {
            items.append(Item(action: action, frame: CGRect(x: x, y: bar.minY + 3, width: width, height: bar.height - 6),
                              showsLabel: labelled))
            x += width + itemSpacing
        }
        return items
    }

    /// The button under `point`, if any.
    static func item(at point: CGPoint, in items: [Item]) -> Item? {
        items.first { $0.frame.contains(point) }
    }

    /// Draws the bar; `isOn` tells which toggles are lit, `pressed` which button a
    /// finger holds down.
    static func draw(in canvas: Canvas, bar: CGRect, isOn: (SandboxAction) -> Bool, pressed: SandboxAction?) {
        guard canvas.clipBounds.intersects(bar) else { return }
        canvas.fill(bar, with: SandboxStyle.chrome)
        for item in layout(in: bar) {
            let lit = item.action.isToggle && isOn(item.action)
            let background = item.action == pressed ? SandboxStyle.pressedButton
                : lit ? SandboxStyle.accent.withAlpha(0.28) : SandboxStyle.button
            canvas.fillRoundedRect(item.frame, radius: 5, with: background)
            var x = item.frame.minX + inset
            let baseline = item.frame.midY + 4.5
            let keyWidth = canvas.measureText(item.action.key, size: keySize, weight: .bold)
            canvas.fillRoundedRect(CGRect(x: x, y: item.frame.midY - 8.5, width: keyWidth + 8, height: 17), radius: 4,
                                   with: SandboxStyle.keyCap)
            canvas.drawText(item.action.key, at: CGPoint(x: x + 4, y: baseline), size: keySize,
                            color: lit ? SandboxStyle.primaryText : SandboxStyle.accent, weight: .bold)
            x += keyWidth + 8 + 6
            if item.showsLabel, let label = item.action.toolbarLabel {
                canvas.drawText(label, at: CGPoint(x: x, y: baseline), size: labelSize,
                                color: lit ? SandboxStyle.primaryText : SandboxStyle.secondaryText)
            }
        }
    }
}
