import SandboxDebugging

/// The gallery's keys and mouse fingers, written once: `--help`, the help panel (H) and
/// the README's key table are all made from `rows`, and a test checks the README holds
/// exactly `markdown`, so the three never disagree.
///
/// The gallery has no Debug handle and no F12: its toolbar never hides, and its keys
/// work at any time (it owns the keyboard).
enum SandboxKeyTable {
    /// One row: the key (or mouse chord) as its cap reads, the toolbar button that does
    /// the same (empty when none), and what it does.
    struct Row: Equatable {
        var key: String
        var toolbar: String
        var does: String
    }

    /// Every row, in the order the help lists them: the scene list, the tools, quitting,
    /// the arrows and Esc, then the mouse's fingers.
    static let rows: [Row] = SandboxAction.allCases.map { action in
        switch action {
        case .sceneList: Row(key: action.key, toolbar: "Scenes", does: action.helpText)
        case .tool(let tool): Row(key: action.key, toolbar: tool.isOnToolbar ? tool.title : "\(tool.title) (time strip)", does: action.helpText)
        case .quit: Row(key: action.key, toolbar: "", does: action.helpText)
        }
    } + [
        Row(key: "\u{2190} / \u{2192}", toolbar: "", does: "previous / next scene"),
        Row(key: "Esc", toolbar: "", does: "closes the open panel (quits when none is open)"),
        Row(key: "mouse", toolbar: "", does: "without a touchscreen, the left button is a finger"),
        Row(key: "Ctrl + mouse", toolbar: "",
            does: "a second finger, mirrored about the window's centre (drag to pinch or rotate)"),
        Row(key: "Ctrl+Shift + mouse", toolbar: "", does: "a second finger moving with the first (a two-finger pan)"),
    ]

    /// The rows as `--help` prints them: the key in a column of its own, then what it
    /// does, wrapped under itself to `width` columns (the help's own wrapping would
    /// start the rest of a row at the margin).
    static func helpText(width: Int = 79) -> String {
        let keyWidth = rows.map(\.key.count).max() ?? 0
        let indent = String(repeating: " ", count: 2 + keyWidth + 2)
        return rows.map { row in
            var lines: [String] = []
            var line = "  " + row.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  "
            var lineHasWord = false
            for word in row.does.split(separator: " ") {
                if lineHasWord, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = indent
                    lineHasWord = false
                }
                line += (lineHasWord ? " " : "") + word
                lineHasWord = true
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The rows as the help panel shows them: the key, then the button's name and what
    /// it does.
    static var panelLines: [(key: String, text: String)] {
        rows.map { row in (row.key, row.toolbar.isEmpty ? row.does : "\(row.toolbar): \(row.does)") }
    }

    /// The rows as the README's Markdown table.
    static var markdown: String {
        (["| key | toolbar | does |", "|---|---|---|"]
            + rows.map { "| \($0.key) | \($0.toolbar) | \($0.does.replacingOccurrences(of: "|", with: "\\|")) |" })
            .joined(separator: "\n")
    }
}
