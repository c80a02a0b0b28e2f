import CairoRenderer
import Foundation
import UIKit

/// The touch-spots overlay: a translucent spot with the touch's id under every live
/// finger, drawn over every scene, and behind it a fading trail of where the finger was
/// in the last `trailDuration` seconds. A spot follows its finger and vanishes, with its
/// trail, when the touch ends or is cancelled.
///
/// The overlay consumes the same sample batches the UIKit core does, so it shows what
/// the input source reported, independent of where the touches were delivered. A trail
/// fades by the age of its points relative to its finger's newest sample, so it changes
/// only when that finger moves; a finger that stops keeps its trail until
/// `nextUpdateTime`, when `update(in:)` clears it in one frame. No timer runs while
/// fingers move.
@MainActor
public final class TouchSpotsOverlay: DebugOverlay {
    /// Where a finger was, and when (the sample's timestamp).
    public struct TrailPoint: Equatable, Sendable {
        public var location: CGPoint
        public var timestamp: TimeInterval
    }

    public struct Spot: Equatable, Sendable {
        public var id: TouchSample.ID
        public var location: CGPoint
        /// The finger's recent positions, oldest first, ending at `location`: at most
        /// `trailLength` points, none older than `trailDuration` before the newest.
        public var trail: [TrailPoint]
        /// Another client's grab (a window manager, a gesture daemon) still owns the
        /// touch: the app has it but may lose it. Drawn faint, with a dashed rim.
        public var isOwnershipPending = false
    }

    /// The spot's radius in points: about a fingertip.
    nonisolated public static let radius: CGFloat = 22
    /// The spots' colours, chosen by touch number so neighbouring fingers differ.
    public static let palette: [Canvas.Color] = [
        DebugPalette.blue, DebugPalette.pink, DebugPalette.green,
        DebugPalette.orange, DebugPalette.purple, DebugPalette.cyan,
    ]
    /// The fill's opacity: translucent, so the scene stays visible under the finger.
    nonisolated public static let fillAlpha = 0.45
    /// The fill's opacity while another client owns the touch: a third of the owned
    /// one, so a pending touch reads as not yet the app's.
    public static let pendingFillAlpha = 0.15
    /// The dashes of a pending touch's rim.
    public static let pendingRimDash = Canvas.Dash(on: 6, off: 5)
    /// How far back a trail reaches, in seconds.
    nonisolated public static let trailDuration: TimeInterval = 0.5
    /// The most points a trail keeps (a bound on drawing cost for fast input devices).
    public static let trailLength = 32
    /// The trail's width at the finger; it tapers to a third of that at its tail.
    public static let trailWidth: CGFloat = 6
    /// The trail's opacity at the finger; it fades to nothing at its tail.
    public static let trailAlpha = 0.75
    /// A trail is drawn in this many strokes, each for the segments of one band of
    /// freshness: a handful of strokes whatever the number of points, and evenly
    /// translucent where segments meet.
    public static let trailBands = 5

    /// What a spot looks like: its radius, its fill's opacity and how long its trail
    /// lasts. The sandbox uses `standard` (the static constants above); the desktop's
    /// spots (`--show-touches`) take a room's (a projector wants larger, bolder spots).
    public struct Appearance: Equatable, Sendable {
        public var radius: CGFloat
        public var fillAlpha: Double
        public var trailDuration: TimeInterval

        public init(radius: CGFloat = TouchSpotsOverlay.radius, fillAlpha: Double = TouchSpotsOverlay.fillAlpha,
                    trailDuration: TimeInterval = TouchSpotsOverlay.trailDuration) {
            self.radius = radius
            self.fillAlpha = fillAlpha
            self.trailDuration = trailDuration
        }

        public static let standard = Appearance()
    }

    /// How the spots look; changing it redraws nothing by itself (set it before use).
    public var appearance = Appearance.standard {
        didSet { discs.removeAll() }
    }

    // Unchecked (read for every batch, by `DebugOverlays.isDormant`): main actor, set by plain
    // assignment only, never held inout across a call.
    @exclusivity(unchecked) public var isVisible = true
    /// Live spots in the order their touches began.
    public private(set) var spots: [Spot] = []
    /// The points of the trail stroke being built, kept to draw without allocating.
    private var stroke: [CGPoint] = []

    public init() {}

    /// The colour of the spot of a touch.
    public static func color(for id: TouchSample.ID) -> Canvas.Color {
        palette[colorIndex(for: id)]
    }

    private static func colorIndex(for id: TouchSample.ID) -> Int {
        Int(id.number % UInt32(palette.count))
    }

    // MARK: - Input and time

    /// Applies a batch; returns the rectangles (in points) whose pixels changed.
    @discardableResult
    public func apply(_ batch: [TouchSample]) -> [CGRect] {
        var dirty: [CGRect] = []
        for sample in batch {
            let index = spots.firstIndex { $0.id == sample.id }
            // One rectangle per sample: a trail's old and new extents mostly overlap.
            var changed = index.map { reach(of: spots[$0]) } ?? .null
            switch sample.phase {
            case .began, .moved:
                let point = TrailPoint(location: sample.location, timestamp: sample.timestamp)
                if let index, sample.phase == .moved {
                    spots[index].location = sample.location
                    extend(&spots[index].trail, with: point)
                    changed = changed.union(reach(of: spots[index]))
                } else {
                    // A began for a live id is a new finger: its old trail goes.
                    var trail: [TrailPoint] = []
                    trail.reserveCapacity(Self.trailLength)
                    trail.append(point)
                    let spot = Spot(id: sample.id, location: sample.location, trail: trail)
                    if let index { spots[index] = spot } else { spots.append(spot) }
                    changed = changed.union(reach(of: spot))
                }
            case .ended, .cancelled:
                if let index { spots.remove(at: index) }
            }
            if !changed.isNull { dirty.append(changed) }
        }
        return isVisible ? dirty : []
    }

    /// Marks exactly the spots of `pending` as owned by another client for now; returns
    /// the rectangles whose pixels changed.
    @discardableResult
    public func setOwnershipPending(_ pending: Set<TouchSample.ID>) -> [CGRect] {
        var dirty: [CGRect] = []
        for index in spots.indices {
            let isPending = pending.contains(spots[index].id)
            guard spots[index].isOwnershipPending != isPending else { continue }
            spots[index].isOwnershipPending = isPending
            dirty.append(reach(of: spots[index].location))
        }
        return isVisible ? dirty : []
    }

    public func forgetFingers() {
        spots.removeAll()
    }

    /// Clears the trails of fingers that have not moved for `trailDuration`.
    public func update(in window: UIWindow) -> [CGRect] {
        // The host clock, the samples': trails fade while the app's time is frozen.
        expireTrails(at: window.application.clock.now)
    }

    /// Clears the trails of fingers that have not moved for `trailDuration` by `now`
    /// (the samples' clock); returns the rectangles to redraw. A host without windows
    /// (the desktop's spots, `--show-touches`) calls it directly.
    public func expireTrails(at now: TimeInterval) -> [CGRect] {
        var dirty: [CGRect] = []
        for index in spots.indices where spots[index].trail.count > 1 {
            guard let newest = spots[index].trail.last, now >= newest.timestamp + appearance.trailDuration else { continue }
            dirty.append(reach(of: spots[index]))
            spots[index].trail.removeFirst(spots[index].trail.count - 1)
        }
        return isVisible ? dirty : []
    }

    /// When the oldest-standing trail must be cleared.
    public var nextUpdateTime: TimeInterval? {
        let duration = appearance.trailDuration
        return spots.lazy.filter { $0.trail.count > 1 }.compactMap { $0.trail.last.map { $0.timestamp + duration } }.min()
    }

    /// Appends a point, dropping those that fell out of the trail's time or length.
    private func extend(_ trail: inout [TrailPoint], with point: TrailPoint) {
        trail.append(point)
        let tooOld = trail.prefix { $0.timestamp < point.timestamp - appearance.trailDuration }.count
        let excess = max(tooOld, trail.count - Self.trailLength)
        if excess > 0 { trail.removeFirst(excess) }
    }

    // MARK: - Geometry

    /// The area a spot at `location` covers in this overlay's appearance, including its
    /// outline and anti-aliasing.
    public func reach(of location: CGPoint) -> CGRect {
        Self.bounds(of: location, radius: appearance.radius)
    }

    /// The area a spot and its trail cover in this overlay's appearance.
    public func reach(of spot: Spot) -> CGRect {
        Self.bounds(of: spot, radius: appearance.radius)
    }

    private static func bounds(of location: CGPoint, radius: CGFloat) -> CGRect {
        let extent = radius + 3
        return CGRect(x: location.x - extent, y: location.y - extent, width: 2 * extent, height: 2 * extent)
    }

    private static func bounds(of spot: Spot, radius: CGFloat) -> CGRect {
        var bounds = bounds(of: spot.location, radius: radius)
        let extent = trailWidth / 2 + 2
        for point in spot.trail {
            bounds = bounds.union(CGRect(x: point.location.x - extent, y: point.location.y - extent,
                                         width: 2 * extent, height: 2 * extent))
        }
        return bounds
    }

    // MARK: - Drawing

    public func draw(in canvas: Canvas, window: UIWindow) {
        draw(in: canvas)
    }

    /// Draws every spot but those of the fingers in `excluded` (a screenshot leaves out
    /// the finger pressing its button).
    public func draw(in canvas: Canvas, excluding excluded: Set<TouchSample.ID> = []) {
        guard isVisible else { return }
        let clip = canvas.clipBounds
        for spot in spots where !excluded.contains(spot.id) && clip.intersects(reach(of: spot)) {
            drawTrail(of: spot, in: canvas)
        }
        for spot in spots where !excluded.contains(spot.id) && clip.intersects(reach(of: spot.location)) {
            drawDiscAndNumber(of: spot, in: canvas)
        }
    }

    /// The disc and the number of a spot; its trail is drawn apart, under every disc.
    private func drawDiscAndNumber(of spot: Spot, in canvas: Canvas) {
        canvas.draw(disc(for: spot), at: spot.location)
        let label = String(spot.id.number)
        // 13 points in the standard disc, larger in a larger one.
        let size = max(13, (13 * appearance.radius / Self.radius).rounded())
        let width = canvas.measureText(label, size: size, weight: .bold)
        canvas.drawText(label, at: CGPoint(x: spot.location.x - width / 2, y: spot.location.y + size * 0.36),
                        size: size, color: .white, weight: .bold)
    }

    // MARK: - Echo

    /// The discs of the fingers that land in `batch`, where the next frame will draw
    /// them, for a host to show at once over the frame on screen, before the app has the
    /// touches (`X11Host.presentEcho(in:_:)`); empty while the overlay is hidden.
    ///
    /// Only new fingers: a new spot adds to the pixels on screen, and the spots are
    /// drawn over everything else, so the next frame draws the same disc in the same
    /// place, over whatever is under it then. A finger that had a spot before the batch
    /// is left to the frame (its old place must be cleared, which only a frame can do),
    /// as is one that lands and lifts within the batch (no frame draws it). One that
    /// lands and moves within it is shown where the batch leaves it; its trail is the
    /// frame's to draw. The spots come in the order `apply(_:)` would add them.
    /// `pending` is the touches another client's grab still owns (their spots are faint
    /// and dashed). Call it before `apply(_:)` takes the batch; it changes nothing.
    public func echoSpots(for batch: [TouchSample], pendingOwnership pending: Set<TouchSample.ID>) -> [Spot] {
        guard isVisible else { return [] }
        var landing: [Spot] = []
        for sample in batch where !spots.contains(where: { $0.id == sample.id }) {
            let index = landing.firstIndex { $0.id == sample.id }
            switch sample.phase {
            case .began:
                // A began for an id the batch already landed is a new finger, added last.
                if let index { landing.remove(at: index) }
                let point = TrailPoint(location: sample.location, timestamp: sample.timestamp)
                landing.append(Spot(id: sample.id, location: sample.location, trail: [point],
                                    isOwnershipPending: pending.contains(sample.id)))
            case .moved:
                guard let index else { continue }
                landing[index].location = sample.location
                landing[index].trail = [TrailPoint(location: sample.location, timestamp: sample.timestamp)]
            case .ended, .cancelled:
                if let index { landing.remove(at: index) }
            }
        }
        return landing
    }

    /// Draws spots from `echoSpots(for:pendingOwnership:)` as `draw(in:excluding:)`
    /// draws them.
    public func drawEcho(of landing: [Spot], in canvas: Canvas) {
        let clip = canvas.clipBounds
        for spot in landing where clip.intersects(reach(of: spot.location)) {
            drawDiscAndNumber(of: spot, in: canvas)
        }
    }

    /// The spot's disc and rim, rendered once for each colour and state and then copied
    /// (`CanvasStamp`): a frame draws a spot in every damage rectangle it reaches, and
    /// Cairo's curves cost far more than a copy. The number, different for every touch,
    /// is drawn over it.
    private func disc(for spot: Spot) -> CanvasStamp {
        let key = DiscKey(colorIndex: Self.colorIndex(for: spot.id), isOwnershipPending: spot.isOwnershipPending)
        if let stamp = discs[key] { return stamp }
        let color = Self.palette[key.colorIndex]
        let pending = key.isOwnershipPending
        let (radius, fillAlpha) = (appearance.radius, appearance.fillAlpha)
        let stamp = CanvasStamp(reach: radius + 1) { canvas in
            canvas.fillCircle(center: .zero, radius: radius,
                              with: color.withAlpha(pending ? Self.pendingFillAlpha : fillAlpha))
            canvas.strokeCircle(center: .zero, radius: radius - 1, with: color, lineWidth: 2,
                                dash: pending ? Self.pendingRimDash : nil)
        }
        discs[key] = stamp
        return stamp
    }

    private struct DiscKey: Hashable {
        var colorIndex: Int
        var isOwnershipPending: Bool
    }

    /// At most one disc for each colour of the palette and state.
    private var discs: [DiscKey: CanvasStamp] = [:]

    /// How a trail segment is drawn, by how fresh its newer end is (1 at the finger, 0
    /// `trailDuration` before): its band's opacity and width, the band being the
    /// freshness rounded up to a multiple of `1 / trailBands`.
    public static func trailStyle(freshness: Double) -> (alpha: Double, width: CGFloat) {
        let band = (max(0, min(1, freshness)) * Double(trailBands)).rounded(.up) / Double(trailBands)
        return (trailAlpha * band, trailWidth * (1 + 2 * band) / 3)
    }

    /// The trail from its tail to the rim of the spot, one stroke per band of freshness;
    /// nothing is drawn under the spot, whose fill stays its own colour.
    private func drawTrail(of spot: Spot, in canvas: Canvas) {
        guard spot.trail.count > 1, let newest = spot.trail.last?.timestamp else { return }
        let color = Self.color(for: spot.id)
        let center = spot.location
        var style: (alpha: Double, width: CGFloat)?
        stroke.removeAll(keepingCapacity: true)
        func flush() {
            if let style, stroke.count > 1 {
                canvas.strokePolyline(stroke, with: color.withAlpha(style.alpha), lineWidth: style.width)
            }
            stroke.removeAll(keepingCapacity: true)
        }
        for index in spot.trail.indices.dropFirst() {
            let freshness = 1 - (newest - spot.trail[index].timestamp) / appearance.trailDuration
            guard freshness > 0 else { continue }
            var start = spot.trail[index - 1].location
            var end = spot.trail[index].location
            let radius = appearance.radius
            switch (Self.distance(start, center) < radius, Self.distance(end, center) < radius) {
            case (true, true): continue
            case (false, true): end = Self.rimCrossing(from: start, to: end, center: center, radius: radius)
            case (true, false): start = Self.rimCrossing(from: end, to: start, center: center, radius: radius)
            case (false, false): break
            }
            let segmentStyle = Self.trailStyle(freshness: freshness)
            if segmentStyle != style ?? (-1, -1) || stroke.last != start {
                flush()
                style = segmentStyle
                stroke.append(start)
            }
            stroke.append(end)
        }
        flush()
    }

    private static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// Where the segment from `outside` to `inside` crosses the spot's rim.
    private static func rimCrossing(from outside: CGPoint, to inside: CGPoint, center: CGPoint, radius: CGFloat) -> CGPoint {
        // |outside + t·d − center| = radius, for the smaller root t in 0…1.
        let dx = inside.x - outside.x, dy = inside.y - outside.y
        let fx = outside.x - center.x, fy = outside.y - center.y
        let a = dx * dx + dy * dy
        let b = 2 * (fx * dx + fy * dy)
        let c = fx * fx + fy * fy - radius * radius
        let discriminant = max(0, b * b - 4 * a * c)
        let t = a > 0 ? min(1, max(0, (-b - discriminant.squareRoot()) / (2 * a))) : 0
        return CGPoint(x: outside.x + t * dx, y: outside.y + t * dy)
    }
}
