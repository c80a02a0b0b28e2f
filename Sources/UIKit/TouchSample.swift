/// One observation of one finger, as an input source (the X11 host, a replay file, a
/// test) reports it. Every input source produces these; one path leads from a batch of
/// samples to `UIWindow.sendEvent(_:)`.
public struct TouchSample: Hashable, Sendable {
    /// Identifies one finger for its whole life: the physical device it came from and
    /// the device's own touch number. Numbers are 32-bit, 0 is valid, and they wrap,
    /// so identity is equality, never order.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        public var device: Int
        public var number: UInt32

        public init(device: Int, number: UInt32) {
            self.device = device
            self.number = number
        }

        public var description: String { "\(device):\(number)" }
    }

    /// What happened to the finger in this observation. A finger that is down but not
    /// reported in a batch is stationary; stationary is never a sample's phase.
    public enum Phase: String, Hashable, Sendable {
        case began, moved, ended, cancelled
    }

    public var id: ID
    public var phase: Phase
    /// Where the finger is, in the window's coordinate space, in points (sub-pixel).
    public var location: CGPoint
    /// Seconds on the monotonic clock (CLOCK_MONOTONIC in the host, a manual clock in
    /// tests).
    public var timestamp: TimeInterval
    /// How hard the finger presses, on `UITouch.force`'s scale (1 is an average touch);
    /// 0 from a device that reports no pressure.
    public var force: CGFloat
    /// The `force` of the device's strongest press; 0 from a device that reports no
    /// pressure (as `UITouch.maximumPossibleForce` is 0 without 3D Touch).
    public var maximumPossibleForce: CGFloat
    /// Half the contact's longer axis, in points; 0 from a device that reports no
    /// contact size.
    public var majorRadius: CGFloat
    /// How far `majorRadius` may be off either way, in points; 0 when it is unknown.
    public var majorRadiusTolerance: CGFloat
    /// The earlier samples of this finger that this one stands for, oldest first: moves
    /// an input source read together and collapsed into this one (`phase` is `moved`),
    /// each with its own location, time and force. `UIEvent.coalescedTouches(for:)`
    /// reports them before this sample. Empty when nothing was collapsed.
    public var coalescedSamples: [TouchSample]

    /// A sample without pressure or contact size (what most input sources know).
    public init(id: ID, phase: Phase, location: CGPoint, timestamp: TimeInterval) {
        self.init(id: id, phase: phase, location: location, timestamp: timestamp, force: 0, maximumPossibleForce: 0)
    }

    public init(id: ID, phase: Phase, location: CGPoint, timestamp: TimeInterval, force: CGFloat,
                maximumPossibleForce: CGFloat, majorRadius: CGFloat = 0, majorRadiusTolerance: CGFloat = 0,
                coalescedSamples: [TouchSample] = []) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.majorRadius = majorRadius
        self.majorRadiusTolerance = majorRadiusTolerance
        self.coalescedSamples = coalescedSamples
    }
}
