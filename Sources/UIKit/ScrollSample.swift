/// One step of a mouse wheel or of a touchpad's two-finger scrolling, as an input source
/// (the X11 host, a test) reports it: no finger, no touch, just "scroll the content under
/// this point by this much". A window takes it through `UIWindow.inject(_:)`, and the
/// deepest scroll view under the point that scrolls that way moves
/// (`UIWindow+ScrollInput.swift`).
public struct ScrollSample: Hashable, Sendable {
    /// What `delta` counts.
    public enum Unit: String, Hashable, Sendable {
        /// Wheel clicks (notches); a touchpad's smooth scrolling gives fractions. A click
        /// moves the content `ScrollViewMeasurements.wheelClickDistance` (53) points.
        case clicks
        /// Points of content, for a source that knows how far it means (a precise
        /// touchpad driver, a test).
        case points
    }

    /// The pointer, in the window's coordinate space, in points.
    public var location: CGPoint
    /// How far the content goes, in `unit`s: positive `dy` scrolls towards the content's
    /// bottom (the wheel turned towards the person, X button 5), positive `dx` towards its
    /// right end (X button 7). The content offset grows by it.
    public var delta: CGVector
    public var unit: Unit
    /// Seconds on the monotonic clock, as `TouchSample.timestamp`.
    public var timestamp: TimeInterval

    public init(location: CGPoint, delta: CGVector, unit: Unit, timestamp: TimeInterval) {
        self.location = location
        self.delta = delta
        self.unit = unit
        self.timestamp = timestamp
    }

    /// `delta` in points of content.
    public var pointDelta: CGVector {
        switch unit {
        case .points:
            return delta
        case .clicks:
            let step = ScrollViewMeasurements.wheelClickDistance
            return CGVector(dx: delta.dx * step, dy: delta.dy * step)
        }
    }
}
