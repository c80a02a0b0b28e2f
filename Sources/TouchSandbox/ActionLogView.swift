import UIKit

/// A few centred lines under a header that show the end of an action log, newest last
/// and brightest, runs of equal entries folded into one line
/// (`displayLines(of:count:)`), so a person can read which
/// recognizer fired in which order. It ignores touches.
@MainActor
final class ActionLogView: UIView {
    static let lineHeight: CGFloat = 24

    /// The lines, top to bottom.
    private(set) var lineLabels: [UILabel] = []
    private var allLabels: [UILabel] = []

    /// A header line and `lines` log lines, `width` wide, its top at `top`.
    convenience init(top: CGFloat, width: CGFloat, lines: Int, header: String = "actions, newest last") {
        self.init(frame: CGRect(x: 0, y: top, width: width, height: Self.lineHeight * CGFloat(lines + 1)))
        isUserInteractionEnabled = false
        let headerLabel = makeLabel(row: 0)
        headerLabel.text = header
        headerLabel.font = .systemFont(ofSize: 13)
        for row in 1...max(lines, 1) {
            lineLabels.append(makeLabel(row: row))
        }
    }

    /// Keeps each line as wide as the log.
    override func layoutSubviews() {
        super.layoutSubviews()
        for (row, label) in allLabels.enumerated() {
            label.frame = CGRect(x: 0, y: CGFloat(row) * Self.lineHeight, width: bounds.width, height: Self.lineHeight)
        }
    }

    /// Shows the last lines of `log`, bottom-aligned: the newest entry is always the last
    /// line.
    func show(_ log: [String]) {
        let lines = Self.displayLines(of: log, count: lineLabels.count)
        let offset = lineLabels.count - lines.count
        for (index, label) in lineLabels.enumerated() {
            label.text = index >= offset ? lines[index - offset] : nil
            label.textColor = index == lineLabels.count - 1 ? SandboxStyle.label : SandboxStyle.secondaryLabel
        }
    }

    /// The last `count` lines of `log`, oldest first, each run of equal entries as one
    /// line ("drag changed ×12"), so a drag's many changes do not push the taps out.
    static func displayLines(of log: [String], count: Int) -> [String] {
        var lines: [(entry: String, repeats: Int)] = []
        for entry in log {
            if lines.last?.entry == entry {
                lines[lines.count - 1].repeats += 1
            } else {
                lines.append((entry, 1))
            }
        }
        return lines.suffix(count).map { $0.repeats == 1 ? $0.entry : "\($0.entry) \u{D7}\($0.repeats)" }
    }

    private func makeLabel(row: Int) -> UILabel {
        let label = UILabel(frame: CGRect(x: 0, y: CGFloat(row) * Self.lineHeight, width: bounds.width, height: Self.lineHeight))
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 16)
        label.textColor = SandboxStyle.secondaryLabel
        addSubview(label)
        allLabels.append(label)
        return label
    }
}
