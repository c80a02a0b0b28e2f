import UIKit

/// Seed 000's view with three recognizers (`TapDoubleTapPanTarget`): single tap, double
/// tap (which the single tap waits to fail) and pan. Under the view, the actions
/// received, newest last, so a person can see a single tap arrive only after the double
/// tap's wait, a double tap never report a single, and a drag fire no tap.
@MainActor
public final class TapDoubleTapPanScene: UIViewController, Scene {
    public static let name = "tap-double-pan"
    public static let caption = "Single tap waits for the double tap to fail; pan drags (seed 000, \"Multiple Gesture Recognizers\")"
    public static let hint: String? = "Tap, double-tap or drag the square; its actions appear below it"

    /// How many lines of the log show.
    static let visibleLines = 5
    static let squareSide: CGFloat = 180
    static let lineHeight: CGFloat = 24

    /// The listing: the recognizers' target, kept here because they hold it weakly.
    let gestures = TapDoubleTapPanTarget()
    private(set) var square: UIView!
    private(set) var logLabels: [UILabel] = []

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        let area = SandboxChrome.clearArea(in: stage.bounds.size)
        let side = Self.squareSide
        let logHeight = Self.lineHeight * CGFloat(Self.visibleLines + 1)
        let gap: CGFloat = 24
        let top = area.minY + max(0, (area.height - side - gap - logHeight) / 2)

        let square = UIView(frame: CGRect(x: area.midX - side / 2, y: top, width: side, height: side))
        square.backgroundColor = UIColor(red: 0.29, green: 0.56, blue: 0.89, alpha: 1)
        square.layer.cornerRadius = 18
        let legend = UILabel(frame: square.bounds.insetBy(dx: 12, dy: 12))
        legend.text = "tap\ndouble-tap\ndrag"
        legend.numberOfLines = 0
        legend.textAlignment = .center
        legend.font = .boldSystemFont(ofSize: 17)
        legend.textColor = .white
        square.addSubview(legend)  // labels ignore touches: they reach the square
        gestures.configure(square)
        self.square = square

        var y = square.frame.maxY + gap
        let header = makeLabel(y: y, width: area.width)
        header.text = "actions, newest last"
        header.font = .systemFont(ofSize: 13)
        stage.addSubview(header)
        for _ in 0..<Self.visibleLines {
            y += Self.lineHeight
            let line = makeLabel(y: y, width: area.width)
            stage.addSubview(line)
            logLabels.append(line)
        }
        // Added last, so the dragged square passes over the log rather than under it.
        stage.addSubview(square)
        gestures.actionLogged = { [unowned self] _ in showLog() }
        view = stage
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

    private func showLog() {
        let lines = Self.displayLines(of: gestures.actionLog, count: logLabels.count)
        // Bottom-aligned: the newest line is always the last label.
        let offset = logLabels.count - lines.count
        for (index, label) in logLabels.enumerated() {
            label.text = index >= offset ? lines[index - offset] : nil
            label.textColor = index == logLabels.count - 1 ? SandboxStyle.label : SandboxStyle.secondaryLabel
        }
    }

    private func makeLabel(y: CGFloat, width: CGFloat) -> UILabel {
        let label = UILabel(frame: CGRect(x: 0, y: y, width: width, height: Self.lineHeight))
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 16)
        label.textColor = SandboxStyle.secondaryLabel
        return label
    }
}
