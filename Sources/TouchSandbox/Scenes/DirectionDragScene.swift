import UIKit

/// Neuburg's direction-locked drag, both ways he writes it: the upper squares
/// by the touchesMoved state machine of "Interpreting Touches"
/// (`DirectionLockedDragView`), the lower ones by two pan subclasses on each square
/// ("Subclassing Gesture Recognizers": `HorizontalPanGestureRecognizer` and
/// `VerticalPanGestureRecognizer`). Either way the first move of each drag decides
/// horizontal or vertical.
@MainActor
public final class DirectionDragScene: UIViewController, Scene {
    public static let name = "direction-drag"
    public static let caption = "Direction-locked drag: the first move decides, by touches and by two pan subclasses (Neuburg, \"Touches\")"
    public static let hint: String? = "Drag a shape sideways or up and down: squares by touches, circles by two pan recognizers"

    static let colors: [UIColor] = [
        UIColor(red: 0.29, green: 0.56, blue: 0.89, alpha: 1),
        UIColor(red: 0.95, green: 0.61, blue: 0.07, alpha: 1),
        UIColor(red: 0.36, green: 0.72, blue: 0.36, alpha: 1),
    ]

    /// The lower squares, dragged by the pan subclasses.
    private(set) var recognizerSquares: [UIView] = []

    /// The upper squares, dragged by their touch handlers.
    private(set) var touchSquares: [UIView] = []
    private var safeArea = SafeAreaTracker()

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        stage.isMultipleTouchEnabled = true
        for color in DirectionDragScene.colors {
            let square = DirectionLockedDragView(frame: CGRect(x: 0, y: 0, width: 110, height: 110))
            square.backgroundColor = color
            square.layer.cornerRadius = 14
            stage.addSubview(square)
            touchSquares.append(square)

            let recognized = UIView(frame: CGRect(x: 0, y: 0, width: 110, height: 110))
            recognized.backgroundColor = color.withAlphaComponent(0.75)
            recognized.layer.cornerRadius = 55
            recognized.addGestureRecognizer(HorizontalPanGestureRecognizer(target: self, action: DirectionDragScene.dragging))
            recognized.addGestureRecognizer(VerticalPanGestureRecognizer(target: self, action: DirectionDragScene.dragging))
            stage.addSubview(recognized)
            recognizerSquares.append(recognized)
        }
        place(in: stage.bounds)
        view = stage
    }

    /// Puts the shapes back in their rows whenever the safe area changes (a resize).
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        place(in: area)
    }

    /// Squares in a row above the middle of `area`, circles in a row below it.
    private func place(in area: CGRect) {
        for index in touchSquares.indices {
            let x = area.midX + (CGFloat(index) - 1) * 180
            touchSquares[index].center = CGPoint(x: x, y: area.midY - 80)
            recognizerSquares[index].center = CGPoint(x: x, y: area.midY + 80)
        }
    }

    /// Neuburg's stateless drag handler: move by the translation, then reset it.
    func dragging(_ p: UIPanGestureRecognizer) {
        guard let vv = p.view, p.state == .began || p.state == .changed else { return }
        let delta = p.translation(in: vv.superview)
        vv.center = CGPoint(x: vv.center.x + delta.x, y: vv.center.y + delta.y)
        p.setTranslation(.zero, in: vv.superview)
    }
}
