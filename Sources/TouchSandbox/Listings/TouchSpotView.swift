import UIKit

/// Apple, "Handling Touches in Your View", Listing 9-3: the grey circle under a finger,
/// kept round by setting the layer's corner radius to half the width whenever the
/// bounds change.
///
/// Repairs: the class line was lost in extraction ("class I"); it is
/// `class TouchSpotView: UIView`, with the `init?(coder:)` Swift requires.
public final class TouchSpotView: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.lightGray
    }

    public required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        backgroundColor = UIColor.lightGray
    }

    // Update the corner radius when the bounds change.
    public override var bounds: CGRect {
        get { return super.bounds }
        set(newBounds) {
            super.bounds = newBounds
            layer.cornerRadius = newBounds.size.width / 2.0
        }
    }
}
