import CairoRenderer
import Foundation
import UIKit

/// The default scene: an empty stage on which the touch-spots overlay shows every
/// finger. (Seed 002's TouchableView, which draws its own growing spots with UIKit
/// views, replaces this stage once views are drawn.)
@MainActor
public final class TouchSpotsScene: Scene {
    public static let name = "touch-spots"
    public static let caption = "Touch spots: every finger the X server reports, with its id (seed 002, \"Tracking Touches in Your View\")"

    public init() {}

    public func draw(in canvas: Canvas, size: CGSize) {
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        let prompt = "Touch the screen, or drag with the mouse"
        let width = canvas.measureText(prompt, size: 22)
        canvas.drawText(prompt, at: CGPoint(x: center.x - width / 2, y: center.y), size: 22,
                        color: SandboxStyle.secondaryText)
    }
}
