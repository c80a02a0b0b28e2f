import UIKit

/// A button that says which of its `touches…` methods UIKit called and when, in
/// milliseconds after the finger went down: the row buttons of the `scroll` scene, which
/// show when a scroll view lets a touch reach its content and when it takes it back.
///
/// The finger's time comes from the touch `touchesBegan` delivers: a began a scroll view
/// held back arrives late with its original timestamp (Apple's UIScrollView reference,
/// `delaysContentTouches`: the touch is delivered, not a new one), so the delay shows.
/// Moves are not reported (there is one per frame). While a finger holds it, the button
/// is drawn darker, as a list's buttons light on iOS.
@MainActor
final class TouchReportingButton: UIButton {
    /// The `touches…` methods reported.
    enum Call: String {
        case began = "touchesBegan"
        case ended = "touchesEnded"
        case cancelled = "touchesCancelled"
    }

    /// Told of each call, before the button acts on it (so a `touchUpInside` it sends
    /// comes after the `touchesEnded` that caused it), with the milliseconds since the
    /// finger went down.
    var onTouches: ((TouchReportingButton, Call, Int) -> Void)?

    static let restingColor = UIColor(white: 0.93, alpha: 1)
    static let pressedColor = UIColor(white: 0.74, alpha: 1)

    /// When the finger on the button went down, on the media clock.
    private var downTime: TimeInterval?

    override var isHighlighted: Bool {
        didSet { backgroundColor = isHighlighted ? Self.pressedColor : Self.restingColor }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        downTime = touches.map(\.timestamp).min()
        report(.began)
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        report(.ended)
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        report(.cancelled)
        super.touchesCancelled(touches, with: event)
    }

    private func report(_ call: Call) {
        let elapsed = downTime.map { CACurrentMediaTime() - $0 } ?? 0
        onTouches?(self, call, Int((elapsed * 1000).rounded()))
    }
}
