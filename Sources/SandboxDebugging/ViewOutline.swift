import Foundation
import UIKit

/// A view's outline as the Why and Inspect tools draw it, and the names and figures
/// their labels and panels use: one place, so the two tools outline and name a view
/// alike.
///
/// Outlines are in the points overlays draw in: a layer tree's root space, which is the
/// screen's for every window here (windows are placed by their frames, untransformed),
/// and so the overlaid window's canvas.
@MainActor
enum ViewOutline {
    /// A view's bounds corners, through its model or its presentation (drawn) geometry.
    static func corners(of view: UIView, presentation: Bool) -> [CGPoint] {
        var transform = CGAffineTransform.identity
        var current: CALayer? = view.layer
        while let layer = current {
            transform = transform.concatenating((presentation ? layer.presentationOrSelf() : layer).transformToSuperlayer)
            current = layer.superlayer
        }
        let bounds = presentation ? view.layer.presentationOrSelf().bounds : view.layer.bounds
        return Array(Quad(bounds, through: transform))
    }

    /// The smallest rectangle holding the points.
    nonisolated static func boundingBox(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        return points.reduce(CGRect(origin: first, size: .zero)) { $0.union(CGRect(origin: $1, size: .zero)) }
    }

    /// How far an outline stroked `lineWidth` wide reaches: its corners' box, outset by
    /// the line and a pixel of antialiasing.
    nonisolated static func reach(of corners: [CGPoint], lineWidth: CGFloat = 2) -> CGRect {
        boundingBox(of: corners).insetBy(dx: -(lineWidth + 2), dy: -(lineWidth + 2))
    }

    /// Whether a convex quadrilateral (a view's corners, in either winding) holds `point`.
    nonisolated static func contains(_ corners: [CGPoint], _ point: CGPoint) -> Bool {
        var sign: CGFloat = 0
        for (from, to) in zip(corners, corners.dropFirst() + corners.prefix(1)) {
            let cross = (to.x - from.x) * (point.y - from.y) - (to.y - from.y) * (point.x - from.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// The closed path through the corners.
    nonisolated static func path(of corners: [CGPoint]) -> CGPath {
        let path = CGMutablePath()
        path.addLines(between: corners)
        path.closeSubpath()
        return path
    }

    // MARK: - Names and figures

    /// A view's class, and its layer's name when it has one (`UIView "star"`).
    static func name(of view: UIView) -> String {
        name(of: view.layer, as: "\(type(of: view))")
    }

    /// A layer's class (or `className`), and its name when it has one.
    static func name(of layer: CALayer, as className: String? = nil) -> String {
        let base = className ?? "\(type(of: layer))"
        return layer.name.map { "\(base) \"\($0)\"" } ?? base
    }

    /// A figure with at most three decimals (an alpha of 0.005 stays 0.005).
    nonisolated static func number(_ value: CGFloat) -> String {
        String(format: "%g", Double((value * 1000).rounded() / 1000))
    }

    nonisolated static func point(_ point: CGPoint) -> String {
        "(\(number(point.x)), \(number(point.y)))"
    }

    nonisolated static func rect(_ rect: CGRect) -> String {
        "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)) \u{D7} \(number(rect.height)))"
    }
}
