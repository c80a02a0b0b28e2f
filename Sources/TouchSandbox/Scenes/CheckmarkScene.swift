import UIKit

/// The custom recognizer of Apple's "Gesture Recognizers", listing 1-8
/// (`CheckmarkGestureRecognizer`), on a canvas that draws the finger's stroke. A
/// recognized checkmark turns the stroke green and puts a dot on the listing's
/// `midPoint` (where the upstroke began); anything else turns it red. A line at the top
/// of the canvas says which.
///
/// The listing decides only when the finger lifts, so the scene turns the recognizer's
/// `delaysTouchesEnded` off: the canvas hears every lift at once, and a lift it hears
/// means the stroke was no checkmark (had it been one, the recognizer would have
/// recognized on that lift and the canvas would have had `touchesCancelled` instead).
/// With the default the canvas would hear some lifts a second late: the listing never
/// fails a stroke that had no upstroke, so the recognizer stays possible until the
/// undecided timeout (`GestureThresholds.undecidedGestureTimeout`) fails it.
@MainActor
public final class CheckmarkScene: UIViewController, Scene {
    public static let name = "checkmark"
    public static let caption = "A custom recognizer: draw a checkmark (Apple, \"Gesture Recognizers\": Listing 1-8, CheckmarkGestureRecognizer)"
    public static let hint: String? = "Draw a checkmark: down and right, then up and right, in one stroke"

    /// What the canvas shows about the last stroke.
    enum Verdict: Equatable {
        case none, drawing, recognized(midPoint: CGPoint), notACheckmark, cancelled
    }

    static let markerSide: CGFloat = 16
    static let drawingColor = SandboxStyle.label
    static let recognizedColor = UIColor(red: 0.36, green: 0.78, blue: 0.36, alpha: 1)
    static let failedColor = UIColor(red: 1, green: 0.35, blue: 0.3, alpha: 1)

    private(set) var canvas: StrokeCanvas!
    private(set) var checkmark: CheckmarkGestureRecognizer!
    /// The dot on the recognized checkmark's midpoint; hidden otherwise.
    private(set) var marker: UIView!
    private(set) var statusLabel: UILabel!
    private(set) var verdict = Verdict.none

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        canvas = StrokeCanvas(frame: .zero)
        canvas.backgroundColor = UIColor(red: 0.16, green: 0.16, blue: 0.18, alpha: 1)
        canvas.layer.cornerRadius = 16
        canvas.shapeLayer.fillColor = nil
        canvas.shapeLayer.lineWidth = 6
        canvas.shapeLayer.lineCap = .round
        canvas.shapeLayer.lineJoin = .round
        canvas.strokeChanged = { [unowned self] verdict in show(verdict) }
        stage.addSubview(canvas)

        statusLabel = UILabel(frame: .zero)
        statusLabel.textAlignment = .center
        statusLabel.font = .systemFont(ofSize: 16)
        canvas.addSubview(statusLabel)

        marker = UIView(frame: CGRect(x: 0, y: 0, width: Self.markerSide, height: Self.markerSide))
        marker.backgroundColor = UIColor(red: 1, green: 0.84, blue: 0.04, alpha: 1)
        marker.layer.cornerRadius = Self.markerSide / 2
        marker.layer.borderWidth = 2
        marker.layer.borderColor = SandboxStyle.background.cgColor
        marker.isUserInteractionEnabled = false
        canvas.addSubview(marker)

        checkmark = CheckmarkGestureRecognizer(target: self, action: CheckmarkScene.checkmarkRecognized)
        checkmark.delaysTouchesEnded = false
        canvas.addGestureRecognizer(checkmark)
        show(.none)
        view = stage
    }

    private var safeArea = SafeAreaTracker()

    /// The canvas fills the safe area but for a margin, the status line across its top.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        canvas.frame = area.insetBy(dx: min(40, area.width / 20), dy: 12)
        statusLabel.frame = CGRect(x: 12, y: 12, width: canvas.bounds.width - 24, height: 24)
    }

    /// The recognizer's action. `midPoint` is read here: the listing's `reset()` clears
    /// it once the action returns.
    func checkmarkRecognized(_ recognizer: CheckmarkGestureRecognizer) {
        show(.recognized(midPoint: recognizer.midPoint))
    }

    private func show(_ verdict: Verdict) {
        self.verdict = verdict
        marker.isHidden = true
        switch verdict {
        case .none:
            statusLabel.text = "draw a checkmark on this canvas"
            statusLabel.textColor = SandboxStyle.secondaryLabel
        case .drawing:
            statusLabel.text = "drawing\u{2026}"
            statusLabel.textColor = SandboxStyle.secondaryLabel
            canvas.shapeLayer.strokeColor = Self.drawingColor.cgColor
        case .recognized(let midPoint):
            statusLabel.text = "recognized: midPoint (\(Int(midPoint.x.rounded())), \(Int(midPoint.y.rounded())))"
            statusLabel.textColor = Self.recognizedColor
            canvas.shapeLayer.strokeColor = Self.recognizedColor.cgColor
            marker.center = midPoint
            marker.isHidden = false
        case .notACheckmark:
            statusLabel.text = "not a checkmark"
            statusLabel.textColor = Self.failedColor
            canvas.shapeLayer.strokeColor = Self.failedColor.cgColor
        case .cancelled:
            statusLabel.text = "cancelled"
            statusLabel.textColor = SandboxStyle.secondaryLabel
            canvas.shapeLayer.strokeColor = SandboxStyle.secondaryLabel.cgColor
        }
    }
}

/// The checkmark scene's canvas: its layer is a shape layer drawing the stroke of the
/// finger, from its touches (the recognizer lets them through while it decides). A new
/// touch starts a new stroke; one finger at a time (`isMultipleTouchEnabled` is false).
@MainActor
final class StrokeCanvas: UIView {
    override class var layerClass: AnyClass {
        CAShapeLayer.self
    }

    var shapeLayer: CAShapeLayer {
        layer as! CAShapeLayer
    }

    /// The stroke so far, in the canvas's coordinates.
    private(set) var points: [CGPoint] = []
    /// Told when a stroke starts (`drawing`), and when the canvas hears it end
    /// (`notACheckmark`) or cancelled (`cancelled`).
    var strokeChanged: (@MainActor (CheckmarkScene.Verdict) -> Void)?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        points = [touch.location(in: self)]
        showStroke()
        strokeChanged?(.drawing)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        points.append(touch.location(in: self))
        showStroke()
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        finishStroke(touches)
        strokeChanged?(.notACheckmark)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        finishStroke(touches)
        strokeChanged?(.cancelled)
    }

    /// A lift may come with a last change of place.
    private func finishStroke(_ touches: Set<UITouch>) {
        guard let point = touches.first?.location(in: self), point != points.last else { return }
        points.append(point)
        showStroke()
    }

    private func showStroke() {
        let path = UIBezierPath()
        path.move(to: points[0])
        for point in points.dropFirst() {
            path.addLine(to: point)
        }
        shapeLayer.path = path.cgPath
    }
}
