import UIKit

/// Seed 001's listing 1-6 (`SwipeThenPanTarget`): a square with a left swipe, a right
/// swipe and a pan that requires both swipes to fail. Under it, the actions received,
/// newest last, as in tap-double-pan: a quick flick sideways is a swipe and moves
/// nothing; a slow drag, or one up or down, is a pan once the swipes have failed, and
/// the square then catches up with the finger.
@MainActor
public final class SwipeVsPanScene: UIViewController, Scene {
    public static let name = "swipe-vs-pan"
    public static let caption = "The pan waits for the swipes to fail: swipe or drag? (seed 001, Listing 1-6)"
    public static let hint: String? = "Flick the square sideways to swipe; drag it slowly, or up and down, to pan"

    static let visibleLines = 5
    static let squareSide: CGFloat = 160

    /// The listing: the recognizers' target, kept here because they hold it weakly.
    let gestures = SwipeThenPanTarget()
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
        square.backgroundColor = UIColor(red: 0.95, green: 0.61, blue: 0.07, alpha: 1)
        square.layer.cornerRadius = 18
        let legend = UILabel(frame: square.bounds.insetBy(dx: 12, dy: 12))
        legend.text = "flick\nor\ndrag"
        legend.numberOfLines = 0
        legend.textAlignment = .center
        legend.font = .boldSystemFont(ofSize: 17)
        legend.textColor = .white
        square.addSubview(legend)  // labels ignore touches: they reach the square
        gestures.configure(square)
        self.square = square

        actionLog = ActionLogView(top: square.frame.maxY + gap, width: stage.bounds.width, lines: Self.visibleLines)
        stage.addSubview(actionLog)
        // Added last, so the dragged square passes over the log rather than under it.
        stage.addSubview(square)
        gestures.actionLogged = { [unowned self] _ in actionLog.show(gestures.actionLog) }
        view = stage
    }
}
