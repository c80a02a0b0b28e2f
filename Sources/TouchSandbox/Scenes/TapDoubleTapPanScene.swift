import UIKit

/// Neuburg's view with three recognizers (`TapDoubleTapPanTarget`): single tap, double
/// tap (which the single tap waits to fail) and pan. Beside the view, the actions
/// received, newest last, so a person can see a single tap arrive only after the double
/// tap's wait, a double tap never report a single, and a drag fire no tap.
@MainActor
public final class TapDoubleTapPanScene: UIViewController, Scene {
    public static let name = "tap-double-pan"
    public static let caption = "Single tap waits for the double tap to fail; pan drags (Neuburg, \"Touches\": \"Multiple Gesture Recognizers\")"
    public static let hint: String? = "Tap, double-tap or drag the square; its actions appear beside it"

    /// How many lines of the log show.
    static let visibleLines = 5
    static let squareSide: CGFloat = 180

    /// The listing: the recognizers' target, kept here because they hold it weakly.
    let gestures = TapDoubleTapPanTarget()
    private(set) var square: UIView!
    private(set) var actionLog: ActionLogView!
    private var layout: SquareOverLogStage!
    private var safeArea = SafeAreaTracker()

    public override func loadView() {
        let layout = SquareOverLogStage(squareSide: Self.squareSide, color: UIColor(red: 0.29, green: 0.56, blue: 0.89, alpha: 1),
                                        legend: "tap\ndouble-tap\ndrag", visibleLines: Self.visibleLines)
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
