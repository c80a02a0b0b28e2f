import UIKit

/// Sadun, Dr. Dobb's, Recipe 1 ("Creating a draggable view"), in Swift: an image view
/// that the finger drags, keeping the offset at which it was touched, and that pops to
/// the front when touched. Image views ignore touches by default (Neuburg, "Touches"),
/// so the initializer turns user interaction on, as the recipe does.
///
/// Like the recipe, it overrides neither ended nor cancelled: when the finger lifts,
/// there is nothing left to do. The recipe's `float dx` becomes `CGFloat`.
public final class DragView: UIImageView {
    var startLocation = CGPoint.zero

    public override init(image anImage: UIImage?) {
        super.init(image: anImage)
        isUserInteractionEnabled = true
    }

    public required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        isUserInteractionEnabled = true
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // Calculate and store offset, and pop view into front if needed
        startLocation = touches.first!.location(in: self)
        superview?.bringSubviewToFront(self)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        // Calculate offset
        let pt = touches.first!.location(in: self)
        let dx = pt.x - startLocation.x
        let dy = pt.y - startLocation.y
        let newcenter = CGPoint(x: center.x + dx, y: center.y + dy)

        // Set new location
        center = newcenter
    }
}
