import CoreGraphics
import Foundation

/// The part of a window that must be redrawn: a short list of rectangles in window
/// points, each rounded out to whole device pixels and cut to the window's bounds.
///
/// Rectangles that overlap, or share a whole edge, are merged into their union, so the
/// list holds rectangles whose insides are disjoint and its area is the sum of theirs.
/// Rectangles that only meet along part of an edge or at a corner stay apart: a thin
/// outline's four bands must not merge into the box they surround. Beyond `maximumCount`
/// rectangles the new one merges with the one whose union grows least, and once the
/// rectangles cover `fullCoverage` of the bounds the region is the whole bounds
/// (`coversBounds`): one big copy is cheaper than many nearly adjacent ones. See
/// `DamageTracker` for where damage comes from.
public struct DamageRegion: Equatable, Sendable {
    /// The window's area in points; nothing outside it is damage.
    public let bounds: CGRect
    /// Device pixels per point: rectangles are rounded out to this grid.
    public let scale: CGFloat
    /// Rectangles with disjoint insides, in window points, on the device-pixel grid.
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

    /// The damaged area in square points.
    public var area: CGFloat { rects.reduce(0) { $0 + $1.width * $1.height } }

    /// The damaged area in device pixels.
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
        // Merge with everything it meets, until it meets nothing more.
        var merged = true
        while merged {
            merged = false
            if let index = rects.firstIndex(where: { Self.overlap($0, rect) || Self.touch($0, rect) }) {
                rect = rect.union(rects.remove(at: index))
                merged = true
            }
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

    /// Whether `rect` (window points) meets the region.
    public func intersects(_ rect: CGRect) -> Bool {
        guard !rect.isNull, !rect.isEmpty else { return false }
        return rects.contains { $0.intersects(rect) }
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

    /// Two rectangles share an edge along its whole length, so their union adds nothing.
    private static func touch(_ a: CGRect, _ b: CGRect) -> Bool {
        (a.minY == b.minY && a.maxY == b.maxY && (a.maxX == b.minX || b.maxX == a.minX))
            || (a.minX == b.minX && a.maxX == b.maxX && (a.maxY == b.minY || b.maxY == a.minY))
    }

    /// Whether `a` and `b` share inside area. (Foundation's `intersects` on Linux is
    /// also true for rectangles that merely touch.)
    private static func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    private func growth(_ a: CGRect, _ b: CGRect) -> CGFloat {
        let union = a.union(b)
        return union.width * union.height - a.width * a.height - b.width * b.height
    }
}
