import Foundation
import UIKit

/// The default scene: an empty stage on which the touch-spots overlay shows every finger
/// the X server reports. (Seed 002's TouchableView, which draws its own growing spots
/// with UIKit views, joins it once views animate.)
@MainActor
public final class TouchSpotsScene: UIViewController, Scene {
    public static let name = "touch-spots"
    public static let caption = "Touch spots: every finger the X server reports, with its id (seed 002, \"Tracking Touches in Your View\")"
    public static let hint: String? = "Touch the screen, or drag with the mouse"

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        stage.isMultipleTouchEnabled = true
        view = stage
    }
}
