import Foundation
import UIKit

/// Seed 004's Recipe 1: four `DragView` tiles, images from `assets/`, dragged by the
/// finger with the offset where it touched and popped to the front when touched.
/// Several fingers drag several tiles at once: each tile has its own touch.
@MainActor
public final class DragScene: UIViewController, Scene {
    public static let name = "drag"
    public static let caption = "Drag views: touched tiles pop to the front and follow the finger (seed 004, Recipe 1, DragView)"
    public static let hint: String? = "Drag the tiles; touch one under another to bring it forward"

    /// The tiles' image names in `assets/`.
    static let imageNames = ["drag-tile-1", "drag-tile-2", "drag-tile-3", "drag-tile-4"]

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        stage.isMultipleTouchEnabled = true
        let bounds = stage.bounds
        for (index, name) in DragScene.imageNames.enumerated() {
            guard let image = UIImage(named: name) else {
                FileHandle.standardError.write(Data("touch-sandbox: image \(name).png not found in assets/; the drag scene shows a blank tile\n".utf8))
                continue
            }
            let tile = DragView(image: image)
            // Overlapping a little, so bringing a tile to the front shows.
            tile.center = CGPoint(x: bounds.midX + (CGFloat(index) - 1.5) * 100, y: bounds.midY + (index % 2 == 0 ? -30 : 30))
            stage.addSubview(tile)
        }
        view = stage
    }
}
