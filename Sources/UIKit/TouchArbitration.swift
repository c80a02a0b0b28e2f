/// The gesture arena's record of one touch: the recognizers handling it, what its view
/// has heard of it and has had withheld, and the phase its view is being told of late.
/// The arena makes one for each touch that begins (`GestureArena.admit()`), and only the
/// arena, its withholding and the window's delivery it drives write it; `UITouch` carries
/// none of this state, only the handle to its record (as a recognizer reaches its
/// arena through its `GestureArenaMember`), so delivery reaches it with one load, not a
/// lookup per access.
@MainActor
final class TouchArbitration {
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The records of the recognizers handling the touch, in delivery order
    /// (`UITouch.gestureRecognizers`). Written by `GestureArena` only.
    @exclusivity(unchecked) var swarm: [GestureArenaMember] = []
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// What its view has heard of it and what is withheld from it (rule 6). Written by
    /// `TouchWithholding` and the window's delivery only.
    @exclusivity(unchecked) var viewDelivery = TouchViewDelivery()
    // Unchecked (read by every accessor of the touch): main actor, never accessed inout.
    /// Set only while a view is told of a phase other than the live one: a withheld
    /// phase replayed as it was (Neuburg, "Touches": "the original touch with the
    /// original event, which still have their original timestamps"), or `cancelled` for
    /// a touch a recognizer cut off from its view. The touch's accessors read it; the
    /// live state is never overwritten for it.
    @exclusivity(unchecked) var presented: HeldViewMessage?

    /// A record for a touch no arena arbitrates (a coalesced or predicted copy); the
    /// arena's own come from `GestureArena.admit()`.
    init() {}
}

/// What a touch's view has heard of it, and what is withheld from it (rule 6). Written
/// by `TouchWithholding` and the window's delivery only.
struct TouchViewDelivery {
    /// Decided by the window when the touch begins: whether its view receives it, given
    /// `isMultipleTouchEnabled` and `isExclusiveTouch`.
    var isAdmitted = false
    /// Set as its view is sent `touchesBegan`; until then no other phase reaches the
    /// view (a touch cancelled before its turn in the event that began it is never
    /// reported at all).
    var receivedBegan = false
    /// Set once its view was sent `touchesEnded` or `touchesCancelled` for it.
    var receivedEnd = false
    /// Set when a recognizer that cancels touches in views recognized with this touch:
    /// its view hears no more of it.
    var isCutOff = false
    /// Phases withheld from its view by `delaysTouchesBegan` / `delaysTouchesEnded`, oldest
    /// first: at most a began, the last moved and an ended.
    var heldMessages: [HeldViewMessage] = []
}

