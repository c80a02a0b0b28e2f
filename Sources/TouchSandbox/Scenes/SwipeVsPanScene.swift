import UIKit

/// Listing 1-6 of Apple's "Gesture Recognizers" (`SwipeThenPanTarget`): a square with a
/// left swipe, a right swipe and a pan that requires both swipes to fail. Beside it,
/// the actions received, newest last, as in tap-double-pan: a quick flick sideways is a
/// swipe and moves nothing; a slow drag, or one up or down, is a pan once the swipes
/// have failed, and the square then catches up with the finger.
@MainActor
public final class SwipeVsPanScene: UIViewController, Scene {
    public static let name = "swipe-vs-pan"
    public static let caption = "The pan waits for the swipes to fail: swipe or drag? (Apple, \"Gesture Recognizers\": Listing 1-6)"
    public static let hint: String? = "Flick the square sideways to swipe; drag it slowly, or up and down, to pan"

    static let visibleLines = 5
    static let squareSide: CGFloat = 160

    /// The listing: the recognizers' target, kept here because they hold it weakly.
    let gestures = SwipeThenPanTarget()
    private(set) var square: UIView!
    private(set) var actionLog: ActionLogView!
    private var layout: SquareOverLogStage!
    private var safeArea = SafeAreaTracker()

    public override func loadView() {
        let layout = SquareOverLogStage(squareSide: Self.squareSide, color: UIColor(red: 0.95, green: 0.61, blue: 0.07, alpha: 1),
                                        legend: "flick\nor\ndrag", visibleLines: Self.visibleLines)
        gestures.configure(layout.square)
        square = layout.square
        actionLog = layout.log
        gestures.actionLogged = { [unowned self] _ in actionLog.show(gestures.actionLog) }
        self.layout = layout
        view = layout.stage
    }

    /// The square beside its log, in the safe area; again when that changes.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        layout.layout(in: area)
    }
}
