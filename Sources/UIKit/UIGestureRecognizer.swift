/// A gesture recognizer. Declared here so that `UITouch.gestureRecognizers` has its
/// UIKit type; the recognizer issue gives it states, targets and the delivery swarm.
/// Until then no touch is ever delivered to one.
@MainActor
open class UIGestureRecognizer {
    public init() {}

    /// The view the recognizer is attached to.
    open internal(set) weak var view: UIView?
}
