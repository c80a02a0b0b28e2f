import UIKit

/// Apple, "Gesture Recognizers", listings 1-3 to 1-5 ("Responding to Discrete
/// Gestures", "Responding to Continuous Gestures"): the view controller of Apple's
/// SimpleGestureRecognizers, which shows an image where each gesture happens and
/// animates it away.
///
/// Contract, as the listings write it (every animation lasts `animationDuration`,
/// 0.5 s, on UIKit's default ease-in-ease-out curve):
/// - Tap (1-3): the image appears, opaque, at the tap's location and fades out in place.
/// - Swipe (1-4): the image appears at where the swipe began and, while fading out,
///   moves `swipeTravel` (220 pt) horizontally: left for the left swipe, right otherwise.
/// - Rotation (1-5): on every action the image is turned by the gesture's rotation and
///   shown, opaque, at the gesture's location; when the gesture ends or is cancelled it
///   fades out while turning back to horizontal.
/// - Pinch (beyond the listings, the pattern of 1-5): the image is scaled by the
///   gesture's scale while pinching, and fades out while shrinking back to its size.
/// `drawImageForGestureRecognizer(_:atPoint:)` (which the guide describes but does not
/// show) picks the recognizer's image from `images`, centres the image view on the
/// point and makes it opaque.
///
/// Recognizers hold their targets weakly, as in UIKit: whoever calls `configure(_:)`
/// keeps this object for as long as the view is in use.
///
/// Repairs and choices:
/// - Listing 1-3 is titled "Handling a double tap gesture" but its text, and listing
///   1-2 which creates the recognizer, make it a single tap: one tap is required here.
/// - Listing 1-4 compares `direction` with the left direction to tell which way the
///   user swiped, but `direction` is the set of permitted directions, not the one
///   detected (DESIGN.md). As in Apple's sample, there are two swipe recognizers, one
///   permitting only left and one only right, so the comparison holds as written.
/// - The listings read `self.view` and `self.imageView` of a view controller: here
///   `view` is the view given to `configure(_:)` (held weakly) and `imageView` this
///   object's, added to that view, not touchable, and transparent until a gesture.
/// - `CGAffineTransformMakeRotation` becomes `CGAffineTransform(rotationAngle:)`;
///   actions are unbound methods (no selectors on Linux; DESIGN.md).
@MainActor
public final class GestureImageTarget {
    /// What the images are chosen by.
    public enum Gesture: CaseIterable, Sendable {
        case tap, swipeLeft, swipeRight, rotation, pinch
    }

    /// How long each animation away lasts, as in the listings.
    public static let animationDuration: TimeInterval = 0.5
    /// How far a swiped image travels, as in listing 1-4.
    public static let swipeTravel: CGFloat = 220

    /// The image shown for each gesture; a gesture without one shows the view empty.
    public var images: [Gesture: UIImage] = [:]
    /// Shows the gestures' images. Its size is that of the images.
    public let imageView = UIImageView(frame: .zero)
    public private(set) weak var view: UIView?
    public private(set) var recognizers: [UIGestureRecognizer] = []

    public init() {
        imageView.alpha = 0
    }

    /// Attaches the tap, the two swipes, the rotation and the pinch to `view`, with this
    /// object as their target, and adds the image view to `view`.
    public func configure(_ view: UIView) {
        self.view = view
        view.addSubview(imageView)

        // Listing 1-2's recognizer.
        let tapRecognizer = UITapGestureRecognizer(target: self, action: GestureImageTarget.showGestureForTapRecognizer)
        tapRecognizer.numberOfTapsRequired = 1

        let swipeLeft = UISwipeGestureRecognizer(target: self, action: GestureImageTarget.showGestureForSwipeRecognizer)
        swipeLeft.direction = .left
        let swipeRight = UISwipeGestureRecognizer(target: self, action: GestureImageTarget.showGestureForSwipeRecognizer)
        swipeRight.direction = .right

        let rotation = UIRotationGestureRecognizer(target: self, action: GestureImageTarget.showGestureForRotationRecognizer)
        let pinch = UIPinchGestureRecognizer(target: self, action: GestureImageTarget.showGestureForPinchRecognizer)

        recognizers = [tapRecognizer, swipeLeft, swipeRight, rotation, pinch]
        for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
    }

    // MARK: - Listing 1-3

    func showGestureForTapRecognizer(_ recognizer: UITapGestureRecognizer) {
        // Get the location of the gesture
        let location = recognizer.location(in: view)

        // Display an image view at that location
        drawImageForGestureRecognizer(recognizer, atPoint: location)

        // Animate the image view so that it fades out
        UIView.animate(withDuration: Self.animationDuration) {
            self.imageView.alpha = 0.0
        }
    }

    // MARK: - Listing 1-4

    func showGestureForSwipeRecognizer(_ recognizer: UISwipeGestureRecognizer) {
        // Get the location of the gesture
        var location = recognizer.location(in: view)

        // Display an image view at that location
        drawImageForGestureRecognizer(recognizer, atPoint: location)

        // If gesture is a left swipe, specify an end location
        // to the left of the current location
        if recognizer.direction == .left {
            location.x -= Self.swipeTravel
        } else {
            location.x += Self.swipeTravel
        }

        // Animate the image view in the direction of the swipe as it fades out
        UIView.animate(withDuration: Self.animationDuration) {
            self.imageView.alpha = 0.0
            self.imageView.center = location
        }
    }

    // MARK: - Listing 1-5

    func showGestureForRotationRecognizer(_ recognizer: UIRotationGestureRecognizer) {
        // Get the location of the gesture
        let location = recognizer.location(in: view)

        // Set the rotation angle of the image view to
        // match the rotation of the gesture
        let transform = CGAffineTransform(rotationAngle: recognizer.rotation)
        imageView.transform = transform

        // Display an image view at that location
        drawImageForGestureRecognizer(recognizer, atPoint: location)

        // If the gesture has ended or is canceled, begin the animation
        // back to horizontal and fade out
        if recognizer.state == .ended || recognizer.state == .cancelled {
            UIView.animate(withDuration: Self.animationDuration) {
                self.imageView.alpha = 0.0
                self.imageView.transform = .identity
            }
        }
    }

    // MARK: - Pinch, in the pattern of listing 1-5

    func showGestureForPinchRecognizer(_ recognizer: UIPinchGestureRecognizer) {
        let location = recognizer.location(in: view)
        imageView.transform = CGAffineTransform(scaleX: recognizer.scale, y: recognizer.scale)
        drawImageForGestureRecognizer(recognizer, atPoint: location)
        if recognizer.state == .ended || recognizer.state == .cancelled {
            UIView.animate(withDuration: Self.animationDuration) {
                self.imageView.alpha = 0.0
                self.imageView.transform = .identity
            }
        }
    }

    // MARK: - The method the guide describes

    /// Shows the recognizer's image, opaque, centred on `centerPoint`.
    func drawImageForGestureRecognizer(_ recognizer: UIGestureRecognizer, atPoint centerPoint: CGPoint) {
        imageView.image = Self.gesture(of: recognizer).flatMap { images[$0] }
        if let size = imageView.image?.size {
            imageView.bounds = CGRect(origin: .zero, size: size)
        }
        imageView.center = centerPoint
        imageView.alpha = 1.0
    }

    /// Which gesture a recognizer of `configure(_:)` makes.
    static func gesture(of recognizer: UIGestureRecognizer) -> Gesture? {
        switch recognizer {
        case is UITapGestureRecognizer: .tap
        case let swipe as UISwipeGestureRecognizer: swipe.direction == .left ? .swipeLeft : .swipeRight
        case is UIRotationGestureRecognizer: .rotation
        case is UIPinchGestureRecognizer: .pinch
        default: nil
        }
    }
}
