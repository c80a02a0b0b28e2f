import CoreGraphics

/// A pan that starts at an edge of the screen (here: of its view's window), as a
/// navigation controller's back swipe does.
///
/// It fails at once when its first finger lands farther than
/// `GestureThresholds.screenEdgeWidth` from every edge in `edges`, and fails when the
/// finger first moves more along the edge than away from it. Only movement away from
/// the edge counts towards beginning (`GestureThresholds.panHysteresis`); once begun it
/// reports the translation and velocity of a pan.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a gesture may start from; none by default, as in UIKit (so it
    /// recognizes nothing until set).
    open var edges: UIRectEdge = []

    /// The edge the current gesture started from.
    private var startEdge: UIRectEdge = []
    private var start = CGPoint.zero

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, startEdge.isEmpty, let first = touches.min(by: { $0.beginOrder < $1.beginOrder }) {
            start = first.locationInWindow
            startEdge = edge(near: start)
            if startEdge.isEmpty { state = .failed }
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let touch = touches.first {
            let away = distanceAway(from: touch.locationInWindow)
            if abs(away.along) > GestureThresholds.panHysteresis, abs(away.along) > away.away { state = .failed }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        startEdge = []
        super.reset()
    }

    override func travelTowardsBeginning(_ travel: CGPoint) -> CGPoint {
        if startEdge.contains(.left) { return CGPoint(x: max(0, travel.x), y: 0) }
        if startEdge.contains(.right) { return CGPoint(x: min(0, travel.x), y: 0) }
        if startEdge.contains(.top) { return CGPoint(x: 0, y: max(0, travel.y)) }
        if startEdge.contains(.bottom) { return CGPoint(x: 0, y: min(0, travel.y)) }
        return .zero
    }

    /// The first of `edges` (left, right, top, bottom) within the edge width of
    /// `point`, in window coordinates.
    private func edge(near point: CGPoint) -> UIRectEdge {
        guard let bounds = view?.window?.bounds else { return [] }
        let width = GestureThresholds.screenEdgeWidth
        if edges.contains(.left), point.x - bounds.minX <= width { return .left }
        if edges.contains(.right), bounds.maxX - point.x <= width { return .right }
        if edges.contains(.top), point.y - bounds.minY <= width { return .top }
        if edges.contains(.bottom), bounds.maxY - point.y <= width { return .bottom }
        return []
    }

    /// How far `point` is from the start, away from the edge and along it.
    private func distanceAway(from point: CGPoint) -> (away: CGFloat, along: CGFloat) {
        let dx = point.x - start.x, dy = point.y - start.y
        if startEdge.contains(.left) { return (dx, dy) }
        if startEdge.contains(.right) { return (-dx, dy) }
        if startEdge.contains(.top) { return (dy, dx) }
        return (-dy, dx)
    }
}
