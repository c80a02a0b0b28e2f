import UIKit

/// Neuburg's pulsing press-then-drag, both ways the passage gives it, side by side:
/// on the left a long press and a pan joined by the pan's delegate
/// (`PulsingDragTarget`), on the right one long press whose `changed` state drags
/// (`LongPressDragTarget`). Either square pulses once held for half a second and can
/// then be dragged; dragged at once, neither moves. A label under each says which
/// it is. The labels sit at the bottom of the scene with a line over them, and the
/// squares, in the middle of the room above, go where the finger goes down to that
/// line: the line is the limit, drawn, so the labels stay readable under a drag.
@MainActor
public final class LongPressPanScene: UIViewController, Scene {
    public static let name = "long-press-pan"
    public static let caption = "Press until it pulses, then drag it (Neuburg, \"Touches\": \"Gesture Recognizer Delegate\")"
    public static let hint: String? = "Press and hold a square for half a second, then drag it"

    static let squareSide: CGFloat = 150
    /// The distance between the two squares' centres.
    static let spacing: CGFloat = 320
    static let legendHeight: CGFloat = 44

    /// The listings: the recognizers' targets, kept here because they hold them weakly.
    let pulsingDrag = PulsingDragTarget()
    let longPressDrag = LongPressDragTarget()
    private(set) var twoRecognizerSquare: UIView!
    private(set) var oneRecognizerSquare: UIView!
    private(set) var legends: [UILabel] = []
    /// The line over the legends: how far down a square can be dragged.
    let limitLine = UIView()

    private var safeArea = SafeAreaTracker()

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        stage.isMultipleTouchEnabled = true
        twoRecognizerSquare = makeSquare(color: UIColor(red: 0.95, green: 0.61, blue: 0.07, alpha: 1))
        pulsingDrag.configure(twoRecognizerSquare)
        oneRecognizerSquare = makeSquare(color: UIColor(red: 0.36, green: 0.72, blue: 0.36, alpha: 1))
        longPressDrag.configure(oneRecognizerSquare)
        legends = [
            makeLegend("long press, then pan\n(two recognizers, a delegate)"),
            makeLegend("long press alone\n(one recognizer, its changed state)"),
        ]
        for legend in legends { stage.addSubview(legend) }
        limitLine.backgroundColor = UIColor(white: 1, alpha: 0.18)
        stage.addSubview(limitLine)
        stage.addSubview(twoRecognizerSquare)
        stage.addSubview(oneRecognizerSquare)
        view = stage
    }

    /// The legends in a band at the bottom of the safe area under a line, the squares
    /// side by side in the middle of the room above it; the squares are confined to that
    /// room, so a drag goes down as far as the line and never covers a legend (before,
    /// the legends sat just under the squares, which stopped 10 points below their
    /// start while the finger went on).
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        let side = Self.squareSide
        let gap: CGFloat = 20
        let spacing = min(Self.spacing, area.width / 2)
        let legendTop = area.maxY - Self.legendHeight - gap / 2
        let top = area.minY + max(0, (legendTop - gap - area.minY - side) / 2)
        let centers = [area.midX - spacing / 2, area.midX + spacing / 2]
        let dragArea = CGRect(x: area.minX, y: area.minY, width: area.width, height: legendTop - gap / 2 - area.minY)
        limitLine.frame = CGRect(x: area.minX + 16, y: dragArea.maxY, width: area.width - 32, height: 1)
        for (index, square) in [twoRecognizerSquare!, oneRecognizerSquare!].enumerated() {
            let square = square as! ConfinedView
            square.confinement = nil
            square.frame = CGRect(x: centers[index] - side / 2, y: top, width: side, height: side)
            square.confinement = dragArea
            legends[index].frame = CGRect(x: centers[index] - spacing / 2, y: legendTop, width: spacing, height: Self.legendHeight)
        }
    }

    private func makeSquare(color: UIColor) -> UIView {
        let side = Self.squareSide
        let square = ConfinedView(frame: CGRect(x: 0, y: 0, width: side, height: side))
        square.backgroundColor = color
        square.layer.cornerRadius = 16
        return square
    }

    private func makeLegend(_ text: String) -> UILabel {
        let legend = UILabel(frame: CGRect(x: 0, y: 0, width: Self.spacing, height: Self.legendHeight))
        legend.text = text
        legend.numberOfLines = 2
        legend.textAlignment = .center
        legend.font = .systemFont(ofSize: 14)
        legend.textColor = SandboxStyle.secondaryLabel
        return legend
    }
}
