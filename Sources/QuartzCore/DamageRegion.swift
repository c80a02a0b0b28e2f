import CoreGraphics
import Foundation

/// The part of a window that must be redrawn: a short list of rectangles in window
/// points, each rounded out to whole device pixels and cut to the window's bounds.
///
/// Two rectangles merge into their union only when the union has no more pixels than
/// the two together (`growth` ≤ 0): one inside the other, two sharing a whole edge, or
/// two overlapping so much that the corners the union adds are no bigger than the
/// overlap. Otherwise they stay apart, even where they overlap, because a union can be
/// far bigger than its parts: a label's plate over a finger's band, or a panel in a
/// corner crossing a window-wide stroke band, would otherwise become most of the window.
/// Each rectangle is redrawn on its own (`FrameBuffer.draw(eachOf:)`), so an overlap is
/// drawn twice, and `area` counts it twice: it is the area drawn. Beyond `maximumCount`
/// rectangles the new one merges with the one whose union grows least, and once `area`
/// reaches `fullCoverage` of the bounds the region is the whole bounds (`coversBounds`):
/// one big copy is cheaper than many nearly adjacent ones. See `DamageTracker` for where
/// damage comes from.
public struct DamageRegion: Equatable, Sendable {
    /// The window's area in points; nothing outside it is damage.
    public let bounds: CGRect
    /// Device pixels per point: rectangles are rounded out to this grid.
    public let scale: CGFloat
    /// Rectangles in window points, on the device-pixel grid; they may overlap.
    public private(set) var rects: [CGRect] = []

    /// Most rectangles kept apart.
    public static let maximumCount = 8
    /// The share of the bounds above which the whole bounds is damaged.
    public static let fullCoverage: CGFloat = 0.7

    /// An empty region of `bounds` (window points) at `scale` device pixels per point.
    public init(bounds: CGRect, scale: CGFloat = 1) {
        self.bounds = bounds
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// Whether the region is the whole bounds.
    public var coversBounds: Bool { rects.count == 1 && rects[0] == pixelBounds }

    /// The area drawn, in square points: the rectangles' areas summed (an overlap twice).
    public var area: CGFloat { rects.reduce(0) { $0 + $1.width * $1.height } }

    /// The area drawn, in device pixels.
    public var pixelCount: Int { Int((area * scale * scale).rounded()) }

    /// Damages the whole bounds.
    public mutating func addAll() {
        rects = pixelBounds.isEmpty ? [] : [pixelBounds]
    }

    /// Damages `rect` (window points), rounded out to device pixels and cut to the bounds.
    public mutating func add(_ rect: CGRect) {
        guard !coversBounds else { return }
        var rect = roundedOut(rect).intersection(pixelBounds)
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return }
        // Merge with every rectangle whose union with it costs nothing, until none does.
        while let index = rects.firstIndex(where: { growth($0, rect) <= 0 }) {
            rect = rect.union(rects.remove(at: index))
        }
        if rects.count >= Self.maximumCount {
            let index = rects.indices.min { growth(rects[$0], rect) < growth(rects[$1], rect) }!
            let partner = rects.remove(at: index)
            // The union may now meet others: add it again.
            add(rect.union(partner))
            return
        }
        rects.append(rect)
        if area >= Self.fullCoverage * pixelBounds.width * pixelBounds.height { addAll() }
    }

    /// Damages every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        for rect in other.rects { add(rect) }
    }

    /// The rectangles in the order to draw and send them when a frame shows `input`
    /// (window points: where the fingers just landed, moved or lifted): first those that
    /// hold one of the points, then the others, each group in the order it was damaged.
    ///
    /// Why: each rectangle is sent as soon as it is drawn, so the first one shows while
    /// the rest are drawn. What a person watches is under the finger; a panel that
    /// changed in the same frame (a recognizer's state redrawn, a meter) can show a
    /// fraction of a millisecond later. Within the group the order damaged stands: the
    /// window's own damage comes before the overlays' and draws them too where it
    /// reaches (every rectangle draws every stage), so a moved view's rectangle under the
    /// finger shows the finger's spot with it; sorting the group smallest first put a
    /// spot's trail and label ahead of it and made a dragged spot show later. Within one
    /// frame the order changes nothing else: every rectangle is drawn from one state.
    public func rectsInDrawingOrder(showingFirst input: [CGPoint]) -> [CGRect] {
        guard !input.isEmpty, rects.count > 1 else { return rects }
        func holdsInput(_ rect: CGRect) -> Bool { input.contains { rect.contains($0) } }
        let holding = rects.filter(holdsInput)
        guard !holding.isEmpty, holding.count < rects.count else { return rects }
        return holding + rects.filter { !holdsInput($0) }
    }

    /// The rectangles in the order to draw and send them when a frame shows `input`, led
    /// by the damage within `reach` points of each finger: for each point in `input` (the
    /// first `maximumFingertips`) that the region holds, the square of side 2 × `reach`
    /// around it, rounded out to device pixels and cut to the box of the rectangles
    /// holding it; then `rectsInDrawingOrder(showingFirst:)`, whole.
    ///
    /// Why: the rectangles holding input can be large (a new view's outline and its label
    /// beside it, the band of a moved view's old and new places), all of a rectangle is
    /// drawn before any of it is sent, and what a person looks at first is the
    /// fingertip. The square's pixels are drawn again with the rectangles holding it: a
    /// small rectangle more per finger, where cutting the holders into the pieces around
    /// the square would cost each piece a rectangle's fixed price. Every rectangle is
    /// drawn from the same state, so the frame ends as a full redraw of the damage would
    /// leave it. A square is left out where it would save little: when it has more than
    /// half the pixels of the box of the rectangles holding its finger (those go first
    /// anyway), or lies in an earlier square.
    public func rectsInDrawingOrder(showingFirst input: [CGPoint], fingertipReach reach: CGFloat) -> [CGRect] {
        let ordered = rectsInDrawingOrder(showingFirst: input)
        guard reach > 0, reach.isFinite else { return ordered }
        var fingertips: [CGRect] = []
        for point in input.prefix(Self.maximumFingertips) {
            var holders = CGRect.null
            for rect in ordered where rect.contains(point) { holders = holders.union(rect) }
            guard !holders.isNull else { continue }
            let square = roundedOut(CGRect(x: point.x - reach, y: point.y - reach, width: 2 * reach, height: 2 * reach))
                .intersection(holders)
            guard !square.isNull, square.width > 0, square.height > 0,
                  2 * square.width * square.height <= holders.width * holders.height,
                  !fingertips.contains(where: { $0.contains(square) }) else { continue }
            fingertips.append(square)
        }
        return fingertips + ordered
    }

    /// The most fingers whose squares lead a frame (`rectsInDrawingOrder(showingFirst:fingertipReach:)`):
    /// a hand. Each square costs a rectangle's fixed price, and with more fingers than
    /// this moving at once no one fingertip is what a person watches.
    public static let maximumFingertips = 5

    /// Whether `rect` (window points) meets the region.
    public func intersects(_ rect: CGRect) -> Bool {
        guard !rect.isNull, !rect.isEmpty else { return false }
        return rects.anyIntersects(rect)
    }

    // MARK: - Private

    /// The bounds on the device-pixel grid.
    private var pixelBounds: CGRect { roundedOut(bounds) }

    private func roundedOut(_ rect: CGRect) -> CGRect {
        guard !rect.isNull, !rect.isInfinite, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite,
              rect.maxY.isFinite
        else { return rect.isNull ? .null : bounds }
        let minX = (rect.minX * scale).rounded(.down) / scale, minY = (rect.minY * scale).rounded(.down) / scale
        let maxX = (rect.maxX * scale).rounded(.up) / scale, maxY = (rect.maxY * scale).rounded(.up) / scale
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The pixels the union of `a` and `b` has beyond the two drawn apart: zero or less
    /// when one holds the other, when they share a whole edge, or when the union's added
    /// corners are no bigger than their overlap.
    private func growth(_ a: CGRect, _ b: CGRect) -> CGFloat {
        let union = a.union(b)
        return union.width * union.height - a.width * a.height - b.width * b.height
    }
}
