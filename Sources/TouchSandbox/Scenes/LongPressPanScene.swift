import UIKit

/// Seed 000's pulsing press-then-drag, both ways the passage gives it, side by side:
/// on the left a long press and a pan joined by the pan's delegate
/// (`PulsingDragTarget`), on the right one long press whose `changed` state drags
/// (`LongPressDragTarget`). Either square pulses once held for half a second and can
/// then be dragged; dragged at once, neither moves. A label under each says which
/// it is.
@MainActor
public final class LongPressPanScene: UIViewController, Scene {
    public static let name = "long-press-pan"
    public static let caption = "Press until it pulses, then drag it (seed 000, \"Gesture Recognizer Delegate\")"
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

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        stage.isMultipleTouchEnabled = true
        let area = SandboxChrome.clearArea(in: stage.bounds.size)
        let side = Self.squareSide
        let gap: CGFloat = 20
        let top = area.minY + max(0, (area.height - side - gap - Self.legendHeight) / 2)
        let legendTop = top + side + gap
        let left = area.midX - Self.spacing / 2, right = area.midX + Self.spacing / 2
        twoRecognizerSquare = makeSquare(centerX: left, top: top, color: UIColor(red: 0.95, green: 0.61, blue: 0.07, alpha: 1))
        pulsingDrag.configure(twoRecognizerSquare)
        oneRecognizerSquare = makeSquare(centerX: right, top: top, color: UIColor(red: 0.36, green: 0.72, blue: 0.36, alpha: 1))
        longPressDrag.configure(oneRecognizerSquare)
        legends = [
            makeLegend("long press, then pan\n(two recognizers, a delegate)", centerX: left, top: legendTop),
            makeLegend("long press alone\n(one recognizer, its changed state)", centerX: right, top: legendTop),
        ]
        for legend in legends { stage.addSubview(legend) }
        // Added after the legends, so a dragged square passes over them.
        stage.addSubview(twoRecognizerSquare)
        stage.addSubview(oneRecognizerSquare)
        view = stage
    }

    private func makeSquare(centerX: CGFloat, top: CGFloat, color: UIColor) -> UIView {
        let side = Self.squareSide
        let square = UIView(frame: CGRect(x: centerX - side / 2, y: top, width: side, height: side))
        square.backgroundColor = color
        square.layer.cornerRadius = 16
        return square
    }

    private func makeLegend(_ text: String, centerX: CGFloat, top: CGFloat) -> UILabel {
        let legend = UILabel(frame: CGRect(x: centerX - Self.spacing / 2, y: top, width: Self.spacing, height: Self.legendHeight))
        legend.text = text
        legend.numberOfLines = 2
        legend.textAlignment = .center
        legend.font = .systemFont(ofSize: 14)
        legend.textColor = SandboxStyle.secondaryLabel
        return legend
    }
}
