import UIKit

/// A view that counts the touches UIKit delivers to it, phase by phase, and lights up
/// while it holds one, so a person sees exactly what reached it (and what did not).
/// Scenes about delivery rules use it as their target: its counts are what the view
/// was sent, not what the fingers did.
///
/// It handles every phase itself and passes nothing up the responder chain, so a touch
/// it receives is counted here and nowhere else.
@MainActor
final class TouchCountingView: UIView {
    /// How many touches arrived in each phase (a call with two touches counts two).
    struct Counts: Equatable, CustomStringConvertible {
        var began = 0
        var moved = 0
        var ended = 0
        var cancelled = 0

        /// The readout: how touches began and finished. Moves are left out: a touch's
        /// moves go wherever its began went, so they tell nothing more about where it
        /// was delivered, and the line must fit a narrow panel.
        var description: String {
            "began \(began) \u{B7} ended \(ended) \u{B7} cancelled \(cancelled)"
        }
    }

    private(set) var counts = Counts()
    /// The touches it holds now: began and not yet ended or cancelled.
    private(set) var heldTouches = 0
    /// Called after every delivery, to refresh a readout kept outside the view (a
    /// hidden or transparent view cannot show its own).
    var countsChanged: (() -> Void)?

    private let restingColor: UIColor
    private let touchedColor: UIColor

    /// A view filled with `color`, brightened while it holds a touch.
    init(frame: CGRect, color: UIColor) {
        restingColor = color
        touchedColor = UIColor(red: color.red + (1 - color.red) * 0.45, green: color.green + (1 - color.green) * 0.45,
                               blue: color.blue + (1 - color.blue) * 0.45, alpha: color.alpha)
        super.init(frame: frame)
        backgroundColor = color
        layer.cornerRadius = 10
    }

    required init?(coder: NSCoder) {
        restingColor = .gray
        touchedColor = .lightGray
        super.init(coder: coder)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        counts.began += touches.count
        heldTouches += touches.count
        update()
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        counts.moved += touches.count
        update()
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        counts.ended += touches.count
        heldTouches -= touches.count
        update()
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        counts.cancelled += touches.count
        heldTouches -= touches.count
        update()
    }

    private func update() {
        backgroundColor = heldTouches > 0 ? touchedColor : restingColor
        countsChanged?()
    }
}
