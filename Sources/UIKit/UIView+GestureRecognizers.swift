// A view's recognizers: the ones attached to it, and its say in whether a recognizer
// of its own or of an ancestor may begin.

extension UIView {
    /// The recognizers attached to this view, in the order added; `nil` when none.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer`, moving it from its previous view; among this
    /// view's recognizers it is the most recent, so it gets touches first and wins ties.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let previous = gestureRecognizer.view {
            if previous === self {
                attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
                attachedGestureRecognizers.append(gestureRecognizer)
                return
            }
            previous.removeGestureRecognizer(gestureRecognizer)
        }
        gestureRecognizer.view = self
        attachedGestureRecognizers.append(gestureRecognizer)
    }

    /// Detaches `gestureRecognizer`; mid-gesture it is cancelled (or failed) and reset
    /// first. A recognizer of another view is ignored.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        gestureRecognizer.arenaMember?.arena.abandon(gestureRecognizer, reason: "removed from its view")
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }
}
