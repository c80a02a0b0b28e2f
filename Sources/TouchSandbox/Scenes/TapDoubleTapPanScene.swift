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

    /// The listing: the recognizers' target, kept here because they hold it weakly.
    let gestures = TapDoubleTapPanTarget()
    private(set) var square: UIView!
    private(set) var actionLog: ActionLogView!

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        let area = SandboxChrome.clearArea(in: stage.bounds.size)
        let side = Self.squareSide
        let logHeight = ActionLogView.lineHeight * CGFloat(Self.visibleLines + 1)
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

        actionLog = ActionLogView(top: square.frame.maxY + gap, width: area.width, lines: Self.visibleLines)
        stage.addSubview(actionLog)
        // Added last, so the dragged square passes over the log rather than under it.
        stage.addSubview(square)
        gestures.actionLogged = { [unowned self] _ in actionLog.show(gestures.actionLog) }
        view = stage
    }
}
