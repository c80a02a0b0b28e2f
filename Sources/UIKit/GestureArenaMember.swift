/// One recognizer's part in the gesture arena, from the moment it engages (joins a
/// touch's swarm, or sets a state) until it resets: everything arbitration knows of it.
/// Created, written and dropped by `GestureArena` only; the recognizer holds it as its
/// handle to the arena (`UIGestureRecognizer.arenaMember`).
@MainActor
final class GestureArenaMember {
    unowned let recognizer: UIGestureRecognizer
    unowned let arena: GestureArena

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The state the recognizer shows as `state`.
    @exclusivity(unchecked) var publishedState: UIGestureRecognizer.State = .possible
    /// While the actions of a settled change are sent: the state they were sent for, so
    /// each action reads the state it is for though the recognizer has moved on (began
    /// then changed in one call). `state` reads it first; nothing is overwritten.
    var stateForActions: UIGestureRecognizer.State?
    /// A recognition (began or recognized) asked for while a recognizer this one must
    /// wait for is still possible: applied when that one fails.
    var requestedState: UIGestureRecognizer.State?
    /// Set from asking to begin or recognize until that request is settled: the state
    /// already reads the new state, but another recognizer may still prevent it.
    var isAwaitingRecognition = false
    /// Set while its reset is held back by a recognizer that requires it to fail (so the
    /// trace says so once).
    var isWaitingForDependents = false
    /// Why it failed itself (`failIfPossible`), kept while the trace is on until its
    /// failure entry is recorded.
    var failureReason: GestureTrace.Reason?
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The touches it received and has not been parted from, in arrival order (lifted
    /// ones stay until reset: a double tap's first touch is cancelled at its view when
    /// the second tap recognizes).
    @exclusivity(unchecked) var touches: [UITouch] = []

    init(recognizer: UIGestureRecognizer, arena: GestureArena) {
        self.recognizer = recognizer
        self.arena = arena
    }

    /// Possible, or asked to recognize and not settled yet (so still preventable).
    var isStillPossible: Bool {
        publishedState == .possible || isAwaitingRecognition
    }

    /// Whether it is part of a gesture now: it has touches, or a held recognition.
    var isInGesture: Bool {
        !touches.isEmpty || requestedState != nil
    }
}
