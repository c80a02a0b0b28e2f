/// The envelope touches arrive in. There is one touches event per application, so one
/// instance for a whole multitouch sequence (Neuburg, "Touches": "every report having
/// to do with the same multitouch sequence is the same UIEvent instance"); each
/// `sendEvent` is one change of the finger configuration.
///
/// `allTouches` holds every live touch, whatever its phase or view: the touches that
/// changed, the stationary ones, and those ending in this event (they leave it once the
/// event has been delivered). The `touches` argument of a `touches…` method holds only
/// the receiver's touches in that method's phase (Beginning iPhone Development with
/// Swift, ch. 18).
///
/// A mouse wheel's or touchpad's scroll is an event of its own, of type `.scroll` (as on
/// iPadOS 13.4 and later): a new instance for each, with no touches, that the
/// application hands to the window under the pointer (`UIWindow+ScrollInput.swift`).
@MainActor
public final class UIEvent {
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
        /// A scroll from a mouse wheel or a touchpad, with no touches (UIKit's raw value).
        case scroll = 10
    }

    public enum EventSubtype: Int, Sendable {
        case none
    }

    public let type: EventType
    public var subtype: EventSubtype { .none }

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// When the latest change happened: the newest sample's timestamp.
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval = 0

    /// Every live touch in the sequence.
    public var allTouches: Set<UITouch>? {
        liveTouches
    }

    /// The event's touches whose view is `view` (exactly, not a subview of it). Touches
    /// withheld from the view (`isMultipleTouchEnabled`, `isExclusiveTouch`) still have
    /// it as their view and are included.
    public func touches(for view: UIView) -> Set<UITouch>? {
        liveTouches.filter { $0.view === view }
    }

    /// The event's touches that began in `window`.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        liveTouches.filter { $0.window === window }
    }

    /// The touches `gestureRecognizer` is handling: those of its swarm still down (or
    /// lifting in this event), less any it ignored.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        Set(gestureRecognizer.activeTouches)
    }

    // MARK: - Internal state

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) var liveTouches: Set<UITouch> = []
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The touches that changed in the `sendEvent` under way, in sample order; the
    /// windows deliver these and nothing else.
    @exclusivity(unchecked) var changedTouches: [UITouch] = []
    /// The arena of the application whose event this is, which windows deliver through.
    weak var arena: GestureArena?
    /// A `.scroll` event's scroll, in its window's coordinates.
    let scroll: ScrollSample?
    /// The window a `.scroll` event is for.
    private(set) weak var scrollWindow: UIWindow?

    /// The touches event.
    init() {
        type = .touches
        scroll = nil
    }

    /// A scroll event for `window`.
    init(scroll: ScrollSample, in window: UIWindow) {
        type = .scroll
        self.scroll = scroll
        scrollWindow = window
        timestamp = scroll.timestamp
    }
}
