import UIKit

/// Seed 000's direction-locked drag: each square moves only horizontally or only
/// vertically, decided by the first movement of each drag (the touchesMoved state
/// machine of "Interpreting Touches").
@MainActor
public final class DirectionDragScene: UIViewController, Scene {
    public static let name = "direction-drag"
    public static let caption = "Direction-locked drag: the first move decides horizontal or vertical (seed 000, \"Interpreting Touches\")"
    public static let hint: String? = "Drag a square sideways or up and down"

    static let colors: [UIColor] = [
        UIColor(red: 0.29, green: 0.56, blue: 0.89, alpha: 1),
        UIColor(red: 0.95, green: 0.61, blue: 0.07, alpha: 1),
        UIColor(red: 0.36, green: 0.72, blue: 0.36, alpha: 1),
    ]

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        stage.isMultipleTouchEnabled = true
        let bounds = stage.bounds
        for (index, color) in DirectionDragScene.colors.enumerated() {
            let square = DirectionLockedDragView(frame: CGRect(x: 0, y: 0, width: 110, height: 110))
            square.center = CGPoint(x: bounds.midX + (CGFloat(index) - 1) * 180, y: bounds.midY)
            square.backgroundColor = color
            square.layer.cornerRadius = 14
            stage.addSubview(square)
        }
        view = stage
    }
}
