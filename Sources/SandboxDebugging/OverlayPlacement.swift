import Foundation

/// Where the debug layer puts a panel or a label over an app: the one rule every panel
/// (the recognizer HUD, the meter, the paths note, the status line and the recording
/// badge) and every hit-view label follows, and the one later tools place theirs with.
///
/// A place is judged, in this order:
/// 1. it must stay inside `area` and cover nothing in `blocked` (the app's bars, the
///    toolbar, the panels already placed, each kept `margin` away);
/// 2. it should keep `fingerClearance` from every finger, so nothing sits under a hand;
/// 3. it should cover as little of the app's text and controls (`appContent`) as it
///    can: none where the window has room (a side the content leaves empty, the gap
///    between a list's labels and its buttons);
/// 4. among equals, the nearest to the item's home (its corner, or the top's middle)
///    wins, so an item moves only as far as it must, and stays put while nothing changes.
///
/// When every free place covers some of the app, `Placement.coversApp` says so, and the
/// item draws on an opaque background, so the app's text never shows through its own.
public struct OverlayPlacement: Sendable {
    /// Where an item lives when nothing is in its way.
    public enum Home: Sendable, Equatable {
        case topLeft, topRight, bottomLeft, bottomRight
        /// The middle of the top edge (the status line).
        case top
    }

    /// Where an item went, and whether it covers some of the app there.
    public struct Placement: Sendable, Equatable {
        public var frame: CGRect
        public var coversApp: Bool
    }

    /// The room items may use.
    public var area: CGRect
    /// What no item may cover (kept `margin` from).
    public var blocked: [CGRect]
    /// The app's text and controls, each with `contentPadding` around it, covered only
    /// where there is no other room.
    public var appContent: [CGRect]
    /// The fingers on the screen, kept `fingerClearance` from.
    public var fingers: [CGPoint]
    public var margin: CGFloat
    public var fingerClearance: CGFloat

    /// How far an item keeps from the app's content it does not cover: text with a panel
    /// flush against it reads as part of the panel.
    public static let contentPadding: CGFloat = 4

    public init(area: CGRect, blocked: [CGRect] = [], appContent: [CGRect] = [], fingers: [CGPoint] = [],
                margin: CGFloat = 12, fingerClearance: CGFloat = 24) {
        self.area = area
        self.blocked = blocked
        self.appContent = appContent.map { $0.insetBy(dx: -Self.contentPadding, dy: -Self.contentPadding) }
        self.fingers = fingers
        self.margin = margin
        self.fingerClearance = fingerClearance
    }

    /// The step of the grid of places tried beyond the edges and the places flush with
    /// what is there.
    static let gridStep: CGFloat = 16

    /// The best place for an item of `size` living at `home`; nil when every place covers
    /// something blocked (the item hides until there is room). An item already shown at
    /// `current` stays there (at its new size) while that place is still free, clear of
    /// the fingers and covers no more of the app than the best place would: items do not
    /// drift back and forth as fingers come and go.
    public func place(_ size: CGSize, home: Home, current: CGRect? = nil) -> Placement? {
        guard size.width <= area.width, size.height <= area.height else { return nil }
        // The place it has, when that is still good, without a search: layouts come
        // with every change of the HUD's rows, many a second while a finger moves.
        guard let current, current.width > 0 else { return bestPlace(size, home: home) }
        let kept = CGRect(origin: current.origin, size: size)
        guard isFree(kept), !isNearFinger(kept) else { return bestPlace(size, home: home) }
        let covered = coveredAppArea(kept)
        if covered == 0 { return Placement(frame: kept, coversApp: false) }
        // Kept unless a place covering less of the app exists.
        guard let best = bestPlace(size, home: home), coveredAppArea(best.frame) < covered else {
            return Placement(frame: kept, coversApp: true)
        }
        return best
    }

    private func bestPlace(_ size: CGSize, home: Home) -> Placement? {
        let anchor = anchorPoint(of: size, at: home)
        let xs = Self.sorted(candidates(along: .horizontal, size: size.width), nearest: anchor.x)
        let ys = Self.sorted(candidates(along: .vertical, size: size.height), nearest: anchor.y)
        var places: [(frame: CGRect, distance: CGFloat)] = []
        places.reserveCapacity(xs.count * ys.count)
        for x in xs {
            for y in ys {
                places.append((CGRect(x: x, y: y, width: size.width, height: size.height), abs(x - anchor.x) + abs(y - anchor.y)))
            }
        }
        // Stable: equal distances keep the order above (the nearer x first).
        places.sort { $0.distance < $1.distance }
        return best(of: places.map(\.frame))
    }

    /// The best of `candidates`, tried in the order given (the first is preferred among
    /// equals): for a label, whose few places are fixed by the view it names.
    public func best(of candidates: [CGRect]) -> Placement? {
        var best: (frame: CGRect, nearFinger: Bool, covered: CGFloat)?
        for frame in candidates where isFree(frame) {
            let nearFinger = isNearFinger(frame)
            if let best, nearFinger, !best.nearFinger { continue }
            let covered = coveredAppArea(frame, atMost: best.map { nearFinger == $0.nearFinger ? $0.covered : .infinity })
            if !nearFinger, covered == 0 { return Placement(frame: frame, coversApp: false) }
            if let current = best, (current.nearFinger == nearFinger && covered >= current.covered) { continue }
            best = (frame, nearFinger, covered)
        }
        return best.map { Placement(frame: $0.frame, coversApp: $0.covered > 0) }
    }

    /// Whether a frame lies in the area, at least `margin` from everything blocked.
    public func isFree(_ frame: CGRect) -> Bool {
        guard area.insetBy(dx: -0.5, dy: -0.5).contains(frame) else { return false }
        // A hair inside the margin, so a frame exactly `margin` away is clear.
        let kept = frame.insetBy(dx: -max(0, margin - 0.01), dy: -max(0, margin - 0.01))
        return !blocked.contains { $0.intersects(kept) }
    }

    public func isNearFinger(_ frame: CGRect) -> Bool {
        let reach = frame.insetBy(dx: -fingerClearance, dy: -fingerClearance)
        return fingers.contains { reach.contains($0) }
    }

    /// How much of the app's content a frame covers (square points), counting no further
    /// than `limit`.
    public func coveredAppArea(_ frame: CGRect, atMost limit: CGFloat? = nil) -> CGFloat {
        var total: CGFloat = 0
        for content in appContent {
            let overlap = content.intersection(frame)
            guard !overlap.isNull, !overlap.isEmpty else { continue }
            total += overlap.width * overlap.height
            if let limit, total >= limit { return total }
        }
        return total
    }

    // MARK: - Candidates

    private enum Axis { case horizontal, vertical }

    private func anchorPoint(of size: CGSize, at home: Home) -> CGPoint {
        let left = area.minX, right = area.maxX - size.width
        let top = area.minY, bottom = area.maxY - size.height
        switch home {
        case .topLeft: return CGPoint(x: left, y: top)
        case .topRight: return CGPoint(x: right, y: top)
        case .bottomLeft: return CGPoint(x: left, y: bottom)
        case .bottomRight: return CGPoint(x: right, y: bottom)
        case .top: return CGPoint(x: (area.minX + area.maxX - size.width) / 2, y: top)
        }
    }

    /// The origins along one axis worth trying: both edges of the area, the middle, flush
    /// beside everything blocked or covered (a margin away) and every finger (its
    /// clearance away), and a grid between.
    private func candidates(along axis: Axis, size: CGFloat) -> [CGFloat] {
        let low = axis == .horizontal ? area.minX : area.minY
        let high = (axis == .horizontal ? area.maxX : area.maxY) - size
        guard high >= low else { return [] }
        var values: Set<CGFloat> = [low, high, ((low + high) / 2).rounded()]
        for rect in blocked {
            let (minimum, maximum) = axis == .horizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
            values.insert(maximum + margin)
            values.insert(minimum - margin - size)
        }
        // Flush with the app's content (its padding is its margin), beside it or aligned
        // with it: where the area an item covers changes, so where the least is.
        for rect in appContent {
            let (minimum, maximum) = axis == .horizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
            values.formUnion([maximum, minimum - size, minimum, maximum - size])
        }
        // Just clear of each finger, either way (a frame's reach holds its low edge and
        // not its high one, as `CGRect.contains` does).
        for finger in fingers {
            let at = axis == .horizontal ? finger.x : finger.y
            values.insert(at - fingerClearance - size)
            values.insert(at + fingerClearance + 1)
        }
        var value = low
        while value < high {
            values.insert(value)
            value += Self.gridStep
        }
        return values.filter { $0 >= low && $0 <= high }
    }

    private static func sorted(_ values: [CGFloat], nearest anchor: CGFloat) -> [CGFloat] {
        values.sorted { abs($0 - anchor) < abs($1 - anchor) || (abs($0 - anchor) == abs($1 - anchor) && $0 < $1) }
    }
}
