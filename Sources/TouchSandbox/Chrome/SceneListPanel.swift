import CairoRenderer
import Foundation

/// The scene list (Tab, or the Scenes button): every scene with its caption, the open
/// one marked. A touch on a row opens that scene; the arrow keys move the highlight and
/// Enter opens it. Rows that do not fit one column flow into more columns.
@MainActor
struct SceneListPanel {
    struct Row: Equatable {
        var index: Int
        var frame: CGRect
    }

    static let rowHeight: CGFloat = 22
    static let titleHeight: CGFloat = 34
    static let margin: CGFloat = 12

    /// The scenes listed: names and captions, in catalog order.
    var entries: [(name: String, caption: String)]
    /// The scene on screen.
    var currentIndex: Int
    /// The row the arrow keys have reached (Enter opens it).
    var highlightedIndex: Int

    init(entries: [(name: String, caption: String)], currentIndex: Int) {
        self.entries = entries
        self.currentIndex = currentIndex
        highlightedIndex = currentIndex
    }

    /// The panel's frame in a window of `size`: the window less a margin, below the
    /// caption bar and above the toolbar.
    static func frame(in size: CGSize) -> CGRect {
        CGRect(x: margin, y: SandboxChrome.captionHeight + margin, width: size.width - 2 * margin,
               height: size.height - SandboxChrome.captionHeight - SandboxChrome.helpHeight - 2 * margin)
    }

    /// Each scene's row, column by column.
    func rows(in size: CGSize) -> [Row] {
        let panel = Self.frame(in: size)
        let perColumn = max(1, Int((panel.height - Self.titleHeight - 8) / Self.rowHeight))
        let columns = max(1, (entries.count + perColumn - 1) / perColumn)
        let columnWidth = (panel.width - 16) / CGFloat(columns)
        return entries.indices.map { index in
            let column = index / perColumn, row = index % perColumn
            return Row(index: index, frame: CGRect(
                x: panel.minX + 8 + CGFloat(column) * columnWidth, y: panel.minY + Self.titleHeight + CGFloat(row) * Self.rowHeight,
                width: columnWidth, height: Self.rowHeight))
        }
    }

    /// The scene whose row is under `point`, if any.
    func sceneIndex(at point: CGPoint, in size: CGSize) -> Int? {
        rows(in: size).first { $0.frame.contains(point) }?.index
    }

    /// Moves the highlight by `step` rows, wrapping around.
    mutating func moveHighlight(by step: Int) {
        guard !entries.isEmpty else { return }
        highlightedIndex = ((highlightedIndex + step) % entries.count + entries.count) % entries.count
    }

    func draw(in canvas: Canvas, size: CGSize, pressedIndex: Int?) {
        canvas.fill(CGRect(origin: .zero, size: size), with: SandboxStyle.veil)
        let panel = Self.frame(in: size)
        canvas.fillRoundedRect(panel, radius: 10, with: SandboxStyle.panel)
        canvas.drawText("Scenes \u{2014} touch one, or \u{2191}\u{2193} and Enter; Tab or Esc closes",
                        at: CGPoint(x: panel.minX + 16, y: panel.minY + 22), size: 14, color: SandboxStyle.primaryText,
                        weight: .bold)
        let rows = rows(in: size)
        let nameWidth = (entries.map { canvas.measureText($0.name, size: 13, weight: .bold) }.max() ?? 0) + 16
        for row in rows {
            let entry = entries[row.index]
            if row.index == pressedIndex {
                canvas.fillRoundedRect(row.frame.insetBy(dx: 0, dy: 1), radius: 5, with: SandboxStyle.pressedButton)
            } else if row.index == highlightedIndex {
                canvas.fillRoundedRect(row.frame.insetBy(dx: 0, dy: 1), radius: 5, with: SandboxStyle.accent.withAlpha(0.35))
            }
            let baseline = row.frame.midY + 4.5
            if row.index == currentIndex {
                canvas.fillCircle(center: CGPoint(x: row.frame.minX + 9, y: row.frame.midY), radius: 3.5, with: SandboxStyle.accent)
            }
            canvas.drawText(entry.name, at: CGPoint(x: row.frame.minX + 20, y: baseline), size: 13,
                            color: SandboxStyle.primaryText, weight: .bold)
            let captionX = row.frame.minX + 20 + nameWidth
            let caption = canvas.truncated(entry.caption, toWidth: row.frame.maxX - 8 - captionX, size: 12)
            canvas.drawText(caption, at: CGPoint(x: captionX, y: baseline), size: 12, color: SandboxStyle.secondaryText)
        }
    }
}
