/// One finger on the screen, for its whole life: the same instance from its first
/// sample (`began`) to its last (`ended` or `cancelled`), reported in every event of
/// the multitouch sequence meanwhile (Neuburg, "Touches": "Touch Events and Views").
///
/// Its `view` is the hit-test view, chosen once when it begins and kept for its life.
/// Instances are made only by the touch machinery; final, since nothing in UIKit asks
/// for a subclass.
@MainActor
public final class UITouch: Hashable {
    /// What the finger did since the previous event.
    public enum Phase: Int, Sendable {
        /// It touched the screen; this touch is new. First phase, exactly once.
        case began
        /// It moved.
        case moved
        /// It stayed put while something else changed; no view is told about it.
        case stationary
        /// It left the screen. Last phase, exactly once (or `cancelled`).
        case ended
        /// The system stopped tracking it. Last phase, instead of `ended`.
        case cancelled
    }

    /// The phase in the event being delivered (or the last one). A view told of a
    /// withheld phase late reads that phase (`TouchArbitration.presented`).
    public var phase: Phase {
        arbitration.presented?.phase ?? livePhase
    }
    /// When the touch began or last moved (or ended), in seconds on the media clock; a
    /// stationary touch keeps its previous timestamp.
    public var timestamp: TimeInterval {
        arbitration.presented?.timestamp ?? liveTimestamp
    }
    /// How many quick taps in roughly the same place this touch completes; 1 for a
    /// first tap. Fixed when the touch begins; see `TapCountThresholds`.
    public internal(set) var tapCount: Int
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The hit-test view, fixed when the touch began; `nil` if nothing was hit.
    @exclusivity(unchecked) public internal(set) var view: UIView?
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The window the touch began in.
    @exclusivity(unchecked) public internal(set) weak var window: UIWindow?
    /// The recognizers handling this touch: its swarm (the enabled recognizers of its
    /// hit-test view and of the view's ancestors that accepted it, deeper views first
    /// and, on one view, the most recently added first), less those that have since
    /// ignored it or reset.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        arbitration.swarm.map(\.recognizer)
    }

    /// The input source's identity for this finger (beyond UIKit: lets tests, replay and
    /// overlays name touches).
    public let sampleID: TouchSample.ID

    // MARK: - Force and contact size

    /// How hard the finger presses, where 1 is an average touch; 0 on a device that
    /// reports no pressure, as on iOS devices without 3D Touch. From the device's
    /// pressure valuator, whose whole range spans 0…`maximumPossibleForce`
    /// (`TouchContactAxes` in the X11 host says why). A change of force alone is a
    /// move: "UIKit calls this method when the location or force of a touch changes"
    /// (UIResponder.touchesMoved(_:with:)).
    public var force: CGFloat {
        arbitration.presented?.force ?? liveForce
    }
    // Unchecked (written per moved touch): main actor, never accessed inout across a call.
    /// The `force` of the strongest press the device can report; 0 on a device that
    /// reports no pressure.
    @exclusivity(unchecked) public internal(set) var maximumPossibleForce: CGFloat = 0
    /// Half the contact's longer axis, in points; 0 on a device that reports no contact
    /// size.
    public var majorRadius: CGFloat {
        arbitration.presented?.majorRadius ?? liveMajorRadius
    }
    // Unchecked (written per moved touch): main actor, never accessed inout across a call.
    /// How far `majorRadius` may be off either way, in points: add it for the largest
    /// radius the contact may have, subtract it for the smallest. 0 when the device
    /// reports no contact size.
    @exclusivity(unchecked) public internal(set) var majorRadiusTolerance: CGFloat = 0

    // MARK: - Internal state

    /// Position in the order touches began, across the application's life.
    let beginOrder: UInt64
    var locationInWindow: CGPoint {
        arbitration.presented?.location ?? liveLocation
    }
    var previousLocationInWindow: CGPoint {
        arbitration.presented?.previousLocation ?? livePreviousLocation
    }

    // MARK: - The finger as it is now (written by `TouchRouter` only)

    /// Any change to the live touch ends a presentation under way: a handler that
    /// cancels the touch while told of its withheld began sees it cancelled.
    var livePhase: Phase { didSet { arbitration.presented = nil } }
    var liveTimestamp: TimeInterval { didSet { arbitration.presented = nil } }
    var liveLocation: CGPoint
    var livePreviousLocation: CGPoint
    // Unchecked (written per moved touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) var liveForce: CGFloat = 0
    // Unchecked (written per moved touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) var liveMajorRadius: CGFloat = 0
    // Unchecked (written per moved touch): main actor, never accessed inout across a call.
    /// The samples of the latest move that came before its own, oldest first (sanitized
    /// by `TouchRouter`): `UIEvent.coalescedTouches(for:)`. Meaningful only while the
    /// live phase is `moved`.
    @exclusivity(unchecked) var coalescedSamples: [TouchSample] = []
    // Unchecked (written per moved touch): main actor; `RecentPath.add`, the one inout
    // access, calls nothing that could reach the touch.
    /// Where the finger has been lately, for `UIEvent.predictedTouches(for:)`.
    @exclusivity(unchecked) var recentPath = RecentPath()
    let startLocationInWindow: CGPoint
    let startTimestamp: TimeInterval
    /// How far from where it began the finger has been: a tap that wandered is no tap.
    var greatestDistanceFromStart: CGFloat = 0
    /// Set once its `ended` or `cancelled` phase has been dispatched; it is then out of
    /// the event and nothing is delivered for it again. Written by `TouchRouter` only.
    var isFinished = false
    /// The arena's record of the touch: its swarm, what its view has heard, and what
    /// its view is told of late (`TouchArbitration`). The touch carries the handle only.
    let arbitration: TouchArbitration

    init(beginOrder: UInt64, sampleID: TouchSample.ID, window: UIWindow?, location: CGPoint, timestamp: TimeInterval,
         tapCount: Int, arbitration: TouchArbitration) {
        self.arbitration = arbitration
        self.beginOrder = beginOrder
        self.sampleID = sampleID
        self.window = window
        self.livePhase = .began
        self.liveTimestamp = timestamp
        self.tapCount = tapCount
        self.liveLocation = location
        self.livePreviousLocation = location
        self.startLocationInWindow = location
        self.startTimestamp = timestamp
    }

    // MARK: - Locations

    /// The touch's location in `view`'s coordinates; `nil` means the touch's window.
    public func location(in view: UIView?) -> CGPoint {
        convertFromWindow(locationInWindow, to: view)
    }

    /// The location before the latest move (equal to `location(in:)` unless the phase
    /// is `moved`, `ended` or `cancelled` after a change of place).
    public func previousLocation(in view: UIView?) -> CGPoint {
        convertFromWindow(previousLocationInWindow, to: view)
    }

    private func convertFromWindow(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return point }
        return view.convert(point, from: window)
    }

    /// Records a new place; the old one becomes the previous location.
    func move(to location: CGPoint) {
        livePreviousLocation = liveLocation
        liveLocation = location
        arbitration.presented = nil
        let dx = location.x - startLocationInWindow.x
        let dy = location.y - startLocationInWindow.y
        greatestDistanceFromStart = max(greatestDistanceFromStart, (dx * dx + dy * dy).squareRoot())
    }

    /// Takes `sample`'s force and contact size as the finger's; a value that is not a
    /// finite, positive number is none (0).
    func takeContact(of sample: TouchSample) {
        liveForce = Self.measure(sample.force)
        maximumPossibleForce = Self.measure(sample.maximumPossibleForce)
        liveMajorRadius = Self.measure(sample.majorRadius)
        majorRadiusTolerance = Self.measure(sample.majorRadiusTolerance)
    }

    /// Whether `sample` would change the finger's force or contact size.
    func contactDiffers(from sample: TouchSample) -> Bool {
        Self.measure(sample.force) != liveForce || Self.measure(sample.majorRadius) != liveMajorRadius
    }

    private static func measure(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? value : 0
    }

    // MARK: - Identity

    nonisolated public static func == (lhs: UITouch, rhs: UITouch) -> Bool {
        lhs === rhs
    }

    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension Sequence<UITouch> {
    /// The latest `timestamp` among the touches; nil for none. What
    /// `map(\.timestamp).max()` answers, without the array the recognizers would
    /// otherwise allocate and free on every move.
    @MainActor var latestTimestamp: TimeInterval? {
        var latest: TimeInterval?
        for touch in self {
            let timestamp = touch.timestamp
            // `max()`'s own test, so that a NaN fares as it would there.
            if let current = latest {
                if current < timestamp { latest = timestamp }
            } else {
                latest = timestamp
            }
        }
        return latest
    }
}
