import Foundation
import UIKit

/// A rectangle mapped through an affine transform: four corners in order (a rotated
/// view's outline), iterable without allocating for `Canvas.strokePolygon`.
struct Quad: Sequence, Equatable {
    var topLeft, topRight, bottomRight, bottomLeft: CGPoint

    /// `rect`'s corners mapped through `transform`.
    init(_ rect: CGRect, through transform: CGAffineTransform) {
        topLeft = CGPoint(x: rect.minX, y: rect.minY).applying(transform)
        topRight = CGPoint(x: rect.maxX, y: rect.minY).applying(transform)
        bottomRight = CGPoint(x: rect.maxX, y: rect.maxY).applying(transform)
        bottomLeft = CGPoint(x: rect.minX, y: rect.maxY).applying(transform)
    }

    /// The smallest rectangle holding the corners.
    var boundingBox: CGRect {
        let minX = Swift.min(topLeft.x, topRight.x, bottomRight.x, bottomLeft.x)
        let minY = Swift.min(topLeft.y, topRight.y, bottomRight.y, bottomLeft.y)
        let maxX = Swift.max(topLeft.x, topRight.x, bottomRight.x, bottomLeft.x)
        let maxY = Swift.max(topLeft.y, topRight.y, bottomRight.y, bottomLeft.y)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    var center: CGPoint {
        CGPoint(x: (topLeft.x + bottomRight.x) / 2, y: (topLeft.y + bottomRight.y) / 2)
    }

    struct Iterator: IteratorProtocol {
        let quad: Quad
        var index = 0

        mutating func next() -> CGPoint? {
            defer { index += 1 }
            switch index {
            case 0: return quad.topLeft
            case 1: return quad.topRight
            case 2: return quad.bottomRight
            case 3: return quad.bottomLeft
            default: return nil
            }
        }
    }

    func makeIterator() -> Iterator {
        Iterator(quad: self)
    }
}
