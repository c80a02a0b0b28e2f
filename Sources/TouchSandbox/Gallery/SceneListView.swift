import SandboxDebugging
import UIKit

/// The scene list: a veil over the stage that takes every touch (a touch that lifts on
/// it closes the list), and on it a panel with one finger-sized button per scene, in as
/// many columns as the width holds. Where the rows do not fit the height (22 scenes at
/// 640 × 480), the grid scrolls by finger inside the panel, and the highlighted scene is
/// scrolled into view as the arrow keys move it. The highlighted scene (arrow keys) is
/// lit, and its caption shows below the buttons where there is room.
@MainActor
final class SceneListView: UIView {
    /// One button per scene, in the catalog's order.
    private(set) var buttons: [UIButton] = []
    let panel = DebugPanelView(frame: .zero)
    /// Holds the buttons inside the panel; scrolls when the grid is taller than the room,
    /// its scroll view made the first time the list shows (`DeferredScrollContainer`).
    var grid: UIScrollView { gridArea.scrollView }
    private lazy var gridArea = DeferredScrollContainer(in: panel)
    private var gridContent: UIView { gridArea.content }

    override var isHidden: Bool {
        didSet { if !isHidden { _ = grid } }
    }
    let captionLabel = DebugStyle.makeLabel(color: DebugStyle.secondaryText)
    /// The names and captions, in order.
    var entries: [(name: String, caption: String)] = [] {
        didSet { rebuild() }
    }
    /// The scene on screen (marked) and the one the arrow keys are on (lit).
    var currentIndex = 0 {
        didSet { refresh() }
    }
    var highlightedIndex = 0 {
        didSet { refresh() }
    }
    /// Called with the index of the scene a button or Enter chose.
    var onChoose: ((Int) -> Void)?
    /// Called when a tap on the veil asks to close the list.
    var onDismiss: (() -> Void)?

    private static let captionHeight: CGFloat = 44
    /// The scene names' type: smaller than the toolbar's, so three columns fit in 640
    /// points, and never under 13.
    static let font = UIFont.systemFont(ofSize: 14, weight: .semibold)

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.veil
        captionLabel.numberOfLines = 2
        captionLabel.lineBreakMode = .byWordWrapping
        panel.addSubview(captionLabel)
        _ = gridArea  // the grid, in the panel
        addSubview(panel)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// How many columns the grid has, as last laid out.
    private(set) var columns = 1

    /// Moves the highlight by `step` scenes in the catalog's order (← →), wrapping.
    func moveHighlight(by step: Int) {
        guard !entries.isEmpty else { return }
        highlightedIndex = ((highlightedIndex + step) % entries.count + entries.count) % entries.count
    }

    /// Moves the highlight `rows` rows down the grid (up when negative, ↑ ↓), in its
    /// column; at the grid's edge, or where the last row has no scene below, it stays.
    func moveHighlight(rows: Int) {
        let target = highlightedIndex + rows * columns
        guard entries.indices.contains(target) else { return }
        highlightedIndex = target
    }

    /// The grid: as many columns as the widest name allows (never a button narrower
    /// than its title), rows of 44 points, 8 apart; under them the highlighted scene's
    /// caption on two lines, where there is room for it.
    override func layoutSubviews() {
        super.layoutSubviews()
        let spacing = DebugStyle.spacing
        let width = min(bounds.width - 2 * spacing, 1200)
        let widest = buttons.map(DebugStyle.width(of:)).max() ?? DebugStyle.minimumTarget
        columns = max(1, Int((width - spacing) / (widest + spacing)))
        let buttonWidth = ((width - spacing) / CGFloat(columns) - spacing).rounded(.down)
        let rows = (buttons.count + columns - 1) / columns
        let gridHeight = CGFloat(rows) * (DebugStyle.minimumTarget + spacing) + spacing
        let available = bounds.height - 2 * spacing
        captionLabel.isHidden = gridHeight + Self.captionHeight > available
        let height = min(captionLabel.isHidden ? gridHeight : gridHeight + Self.captionHeight, available)
        panel.frame = CGRect(x: (bounds.width - width) / 2, y: spacing, width: width, height: height)
        let visible = CGRect(x: 0, y: 0, width: width, height: min(gridHeight, height))
        gridArea.layout(in: visible, contentHeight: gridHeight)
        for (index, button) in buttons.enumerated() {
            let row = index / columns, column = index % columns
            button.frame = CGRect(x: spacing + CGFloat(column) * (buttonWidth + spacing),
                                  y: spacing + CGFloat(row) * (DebugStyle.minimumTarget + spacing),
                                  width: buttonWidth, height: DebugStyle.minimumTarget)
        }
        captionLabel.frame = CGRect(x: spacing, y: gridHeight, width: width - 2 * spacing, height: Self.captionHeight - spacing)
        scrollHighlightIntoView()
    }

    /// A touch that lifts on the veil closes the list. (Handled here rather than by a
    /// tap recognizer: the gallery adds no recognizer of its own to the app's.)
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, !panel.frame.contains(touch.location(in: self)) else { return }
        onDismiss?()
    }

    private func rebuild() {
        for button in buttons { button.removeFromSuperview() }
        buttons = entries.enumerated().map { index, entry in
            let button = DebugStyle.makeButton(title: entry.name)
            button.titleLabel?.font = Self.font
            button.addAction({ [weak self] _ in self?.onChoose?(index) }, for: .touchUpInside)
            gridContent.addSubview(button)
            return button
        }
        refresh()
        setNeedsLayout()
    }

    private func refresh() {
        for (index, button) in buttons.enumerated() {
            button.backgroundColor = index == highlightedIndex ? DebugStyle.litButton : DebugStyle.button
            button.layer.borderWidth = index == currentIndex ? 2 : 0
            button.layer.borderColor = DebugStyle.accent.cgColor
        }
        captionLabel.text = entries.indices.contains(highlightedIndex) ? entries[highlightedIndex].caption : nil
        scrollHighlightIntoView()
    }

    /// Scrolls the grid, when it scrolls, so the highlighted button shows whole.
    private func scrollHighlightIntoView() {
        guard gridArea.hasScrollView, buttons.indices.contains(highlightedIndex), grid.contentSize.height > grid.bounds.height
        else { return }
        let spacing = DebugStyle.spacing
        grid.scrollRectToVisible(buttons[highlightedIndex].frame.insetBy(dx: 0, dy: -spacing), animated: false)
    }
}
