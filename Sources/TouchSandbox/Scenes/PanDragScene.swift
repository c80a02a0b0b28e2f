import Foundation
import UIKit

/// Seed 004's Recipe 2: the four tiles of the `drag` scene (images from `assets/`), each
/// a `PanDragView` dragged by its own pan recognizer rather than by touch handlers.
/// Unlike Recipe 1's tiles they stay put for the pan's first 10 points, then jump to
/// the finger and follow it. Several fingers drag several tiles at once.
@MainActor
public final class PanDragScene: UIViewController, Scene {
    public static let name = "pan-drag"
    public static let caption = "Pan drag: each tile follows its UIPanGestureRecognizer's translation (seed 004, Recipe 2)"
    public static let hint: String? = "Drag the tiles: they follow once the finger has moved 10 points"

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        stage.isMultipleTouchEnabled = true
        let bounds = stage.bounds
        for (index, name) in DragScene.imageNames.enumerated() {
            guard let image = UIImage(named: name) else {
                FileHandle.standardError.write(Data("touch-sandbox: image \(name).png not found in assets/; the pan-drag scene leaves that tile out\n".utf8))
                continue
            }
            let tile = PanDragView(image: image)
            // The drag scene's overlapping row, so bringing a tile to the front shows.
            tile.center = CGPoint(x: bounds.midX + (CGFloat(index) - 1.5) * 100, y: bounds.midY + (index % 2 == 0 ? -30 : 30))
            stage.addSubview(tile)
        }
        view = stage
    }
}
