import UIKit

/// Sadun, Dr. Dobb's, Recipe 2 ("Adding Pan Gesture Recognizers"): Recipe 1's draggable
/// image view (`DragView`), dragged by a `UIPanGestureRecognizer` instead of
/// `touchesMoved`. It pops to the front when touched, as Recipe 1's does, and once the
/// pan begins the view's centre is where it was when touched plus the pan's translation
/// in the superview, so the view moves exactly as far as the finger (the translation
/// counts from where the finger went down, the pan's 10-point hysteresis included).
///
/// Sadun describes this recipe without its code; reconstructed from the prose:
/// - "adding a recognizer to the view when it is first initialized": the pan is made in
///   the initializer, with the view as its target, and installed as the view's only
///   recognizer (`gestureRecognizers = [pan]`);
/// - "It stores the original view location in an instance variable
///   (`previousLocation`), then calculates the offset from that point each time the
///   view updates with a pan detection callback": `handlePan` sets the centre to
///   `previousLocation` plus `translation(in: superview)`, and never resets the
///   translation (the prose names `setTranslation(_:in:)` only as the alternative that
///   this way of counting permits);
/// - where the location is stored is not said: `touchesBegan`, with Recipe 1's pop to
///   the front ("Recipe 2 mimics Recipe 1's behavior"); the pan does not delay began,
///   so the view always hears of the touch before the pan can begin.
///
/// Sadun's `handlePan:` selector becomes the unbound method `PanDragView.handlePan`
/// (Swift on Linux has no selectors; DESIGN.md).
public final class PanDragView: UIImageView {
    var previousLocation = CGPoint.zero

    public override init(image anImage: UIImage?) {
        super.init(image: anImage)
        configure()
    }

    public required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        configure()
    }

    private func configure() {
        isUserInteractionEnabled = true
        let panRecognizer = UIPanGestureRecognizer(target: self, action: PanDragView.handlePan)
        gestureRecognizers = [panRecognizer]
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // Promote the touched view, and remember where it was
        superview?.bringSubviewToFront(self)
        previousLocation = center
    }

    /// The pan's action: began, changed, ended and cancelled all place the view at the
    /// stored location plus the translation so far.
    func handlePan(_ uigr: UIPanGestureRecognizer) {
        let translation = uigr.translation(in: superview)
        center = CGPoint(x: previousLocation.x + translation.x, y: previousLocation.y + translation.y)
    }
}
