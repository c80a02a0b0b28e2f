import Foundation
import UIKit

/// The default scene: the `TouchableView` of Apple's "Handling Touches in Your View", a
/// grey circle under every finger that grows to 100 points in 0.2 s and follows it,
/// drawn by UIKit views; the touch-spots overlay (S) marks the same fingers with their
/// XI2 ids on top.
@MainActor
public final class TouchSpotsScene: UIViewController, Scene {
    public static let name = "touch-spots"
    public static let caption = "Touch spots: a growing circle follows every finger (Apple, \"Handling Touches in Your View\": TouchableView and TouchSpotView)"
    public static let hint: String? = "Touch the screen, or drag with the mouse"

    public override func loadView() {
        let stage = TouchableView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        view = stage
    }
}
