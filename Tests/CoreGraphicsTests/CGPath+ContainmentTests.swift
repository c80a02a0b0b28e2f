import CoreGraphics
import XCTest

final class CGPathContainmentTests: XCTestCase {
    // MARK: - Boundary convention

    /// A rectangle's path contains exactly what `CGRect.contains` does, edges included:
    /// minimum edges in, maximum edges out.
    func testRectPathAgreesWithCGRectContainsEverywhereIncludingEdges() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        let path = CGPath(rect: rect, transform: nil)
        for x in stride(from: -1 as CGFloat, through: 11, by: 0.5) {
            for y in stride(from: -1 as CGFloat, through: 11, by: 0.5) {
                let p = CGPoint(x: x, y: y)
                XCTAssertEqual(path.contains(p), rect.contains(p), "\(p)")
                XCTAssertEqual(path.contains(p, using: .evenOdd), rect.contains(p), "\(p)")
            }
        }
    }

    /// Tiles that share edges and vertices hand every point to exactly one tile: four
    /// triangles fanned around a centre, and the square around them.
    func testSharedEdgesAndVerticesBelongToExactlyOneTile() {
        let centre = CGPoint(x: 5, y: 5)
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)]
        let triangles = (0..<4).map { i -> CGPath in
            let path = CGMutablePath()
            path.addLines(between: [centre, corners[i], corners[(i + 1) % 4]])
            path.closeSubpath()
            return path
        }
        let square = CGRect(x: 0, y: 0, width: 10, height: 10)
        for x in stride(from: 0 as CGFloat, through: 10, by: 1.25) {
            for y in stride(from: 0 as CGFloat, through: 10, by: 1.25) {
                let p = CGPoint(x: x, y: y)
                let owners = triangles.filter { $0.contains(p) }.count
                XCTAssertEqual(owners, square.contains(p) ? 1 : 0, "\(p)")
            }
        }
    }

    func testTriangleInteriorExteriorAndVertices() {
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        triangle.closeSubpath()
        XCTAssertTrue(triangle.contains(CGPoint(x: 2, y: 2)))
        XCTAssertTrue(triangle.contains(CGPoint(x: 4.999, y: 4.999)))
        XCTAssertFalse(triangle.contains(CGPoint(x: 5.001, y: 5.001)))
        XCTAssertFalse(triangle.contains(CGPoint(x: -0.001, y: 5)))
        XCTAssertTrue(triangle.contains(CGPoint(x: 0, y: 0)), "the minimum corner is in, as for rects")
        XCTAssertFalse(triangle.contains(CGPoint(x: 10, y: 0)), "a vertex on the +x side is out")
        XCTAssertFalse(triangle.contains(CGPoint(x: 0, y: 10)), "the bottom vertex is out")
        XCTAssertFalse(triangle.contains(CGPoint(x: 5, y: 5)), "the hypotenuse faces +x+y: out")
    }

    func testOpenSubpathsAreClosedForContainment() {
        let open = CGMutablePath()
        open.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        XCTAssertTrue(open.contains(CGPoint(x: 2, y: 2)))
        XCTAssertFalse(CGMutablePath().contains(.zero))
    }

    func testTransformIsAppliedToThePathBeforeTesting() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let shift = CGAffineTransform(translationX: 100, y: 0)
        XCTAssertTrue(path.contains(CGPoint(x: 105, y: 5), transform: shift))
        XCTAssertFalse(path.contains(CGPoint(x: 5, y: 5), transform: shift))
        let mirror = CGAffineTransform(scaleX: -1, y: 1)
        XCTAssertTrue(path.contains(CGPoint(x: -5, y: 5), transform: mirror))
        XCTAssertTrue(path.contains(CGPoint(x: -5, y: 5), using: .evenOdd, transform: mirror))
    }

    // MARK: - Fill rules

    /// A five-pointed star drawn in one stroke winds twice around its centre: inside
    /// under `.winding`, a hole under `.evenOdd`; its points are inside under both.
    func testSelfIntersectingStar() {
        let star = CGMutablePath()
        let vertices = (0..<5).map { i -> CGPoint in
            let angle = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            return CGPoint(x: 100 + 100 * cos(angle), y: 100 + 100 * sin(angle))
        }
        star.addLines(between: vertices)
        star.closeSubpath()
        let centre = CGPoint(x: 100, y: 100)
        XCTAssertTrue(star.contains(centre, using: .winding))
        XCTAssertFalse(star.contains(centre, using: .evenOdd))
        let nearTopPoint = CGPoint(x: 100, y: 10)
        XCTAssertTrue(star.contains(nearTopPoint, using: .winding))
        XCTAssertTrue(star.contains(nearTopPoint, using: .evenOdd))
        XCTAssertFalse(star.contains(CGPoint(x: 100, y: 190)), "between the two lower points")
    }

    func testRectWithAHoleUnderBothRulesAndBothInnerDirections() {
        let outer = CGRect(x: 0, y: 0, width: 100, height: 100)
        let inner = CGRect(x: 25, y: 25, width: 50, height: 50)
        let hole = CGPoint(x: 50, y: 50)
        let ring = CGPoint(x: 10, y: 50)

        let sameDirection = CGMutablePath()
        sameDirection.addRects([outer, inner])
        XCTAssertTrue(sameDirection.contains(hole, using: .winding), "winding 2 is filled")
        XCTAssertFalse(sameDirection.contains(hole, using: .evenOdd))
        XCTAssertTrue(sameDirection.contains(ring, using: .winding))
        XCTAssertTrue(sameDirection.contains(ring, using: .evenOdd))

        let oppositeDirection = CGMutablePath()
        oppositeDirection.addRect(outer)
        oppositeDirection.addLines(between: [
            CGPoint(x: inner.minX, y: inner.minY), CGPoint(x: inner.minX, y: inner.maxY),
            CGPoint(x: inner.maxX, y: inner.maxY), CGPoint(x: inner.maxX, y: inner.minY),
        ])
        oppositeDirection.closeSubpath()
        XCTAssertFalse(oppositeDirection.contains(hole, using: .winding), "windings cancel")
        XCTAssertFalse(oppositeDirection.contains(hole, using: .evenOdd))
        XCTAssertTrue(oppositeDirection.contains(ring, using: .winding))
    }

    // MARK: - Curves

    func testCircleAgreesWithTheAnalyticDiscAwayFromTheApproximationBand() {
        let circle = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        var checked = 0
        for x in stride(from: -104 as CGFloat, through: 104, by: 2.6) {
            for y in stride(from: -104 as CGFloat, through: 104, by: 2.6) {
                let r = hypot(x, y)
                // The Bézier circle lies between r = 100 and 100.0273.
                guard r < 99.99 || r > 100.03 else { continue }
                XCTAssertEqual(circle.contains(CGPoint(x: x, y: y)), r < 100, "(\(x), \(y))")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 6_000)
    }

    /// Probes 1e-7 either side of the stored curves themselves: the test is exact for
    /// the Bézier outline, not for a flattened polygon.
    func testCircleIsExactForTheStoredCurves() {
        let circle = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
        let elements = circle.recordedElements
        var start = elements[0].points[0]
        for element in elements.dropFirst() where element.type == .addCurveToPoint {
            let controls = [start] + element.points
            for t in stride(from: 0.03 as CGFloat, to: 1, by: 0.07) {
                let q = deCasteljau(controls, t)
                let r = hypot(q.x, q.y)
                let outward = CGPoint(x: q.x / r, y: q.y / r)
                let offset: CGFloat = 1e-7
                let inside = CGPoint(x: q.x - offset * outward.x, y: q.y - offset * outward.y)
                let outside = CGPoint(x: q.x + offset * outward.x, y: q.y + offset * outward.y)
                XCTAssertTrue(circle.contains(inside), "just inside \(q)")
                XCTAssertFalse(circle.contains(outside), "just outside \(q)")
                XCTAssertTrue(circle.contains(inside, using: .evenOdd))
                XCTAssertFalse(circle.contains(outside, using: .evenOdd))
            }
            start = element.points.last!
        }
    }

    func testEllipseAgreesWithTheAnalyticEllipse() {
        let ellipse = CGPath(ellipseIn: CGRect(x: 10, y: 20, width: 300, height: 80), transform: nil)
        for x in stride(from: 0 as CGFloat, through: 320, by: 3.3) {
            for y in stride(from: 10 as CGFloat, through: 110, by: 1.7) {
                let u = (x - 160) / 150
                let v = (y - 60) / 40
                let level = u * u + v * v
                guard abs(level - 1) > 0.002 else { continue }
                XCTAssertEqual(ellipse.contains(CGPoint(x: x, y: y)), level < 1, "(\(x), \(y))")
            }
        }
    }

    func testRoundedRectCornersAreCutAway() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 200)
        let path = CGPath(roundedRect: rect, cornerWidth: 10, cornerHeight: 10, transform: nil)
        XCTAssertFalse(path.contains(CGPoint(x: 11, y: 21)), "inside the rect, outside the top-left corner arc")
        XCTAssertFalse(path.contains(CGPoint(x: 109, y: 219)))
        XCTAssertTrue(path.contains(CGPoint(x: 20, y: 30)), "the corner's centre")
        // On the diagonal through a corner the arc lies r·(1 − 1/√2) ≈ 2.93 in.
        let depth = 10 * (1 - 1 / CGFloat(2).squareRoot())
        XCTAssertFalse(path.contains(CGPoint(x: 110 - depth + 0.01, y: 20 + depth - 0.01)))
        XCTAssertTrue(path.contains(CGPoint(x: 110 - depth - 0.01, y: 20 + depth + 0.01)))
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 120)), "the straight left edge is in")
        XCTAssertFalse(path.contains(CGPoint(x: 110, y: 120)), "the straight right edge is out")
    }

    /// A ray through a curve's turning point: the touching pieces count twice or not at
    /// all, never once.
    func testRayTangentToACurveAtItsTurningPoint() {
        let bowl = CGMutablePath()
        bowl.move(to: CGPoint(x: 0, y: 10))
        bowl.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 5, y: 0))
        bowl.closeSubpath()
        // The curve bottoms out (minimum y) at (5, 5).
        XCTAssertFalse(bowl.contains(CGPoint(x: -1, y: 5)))
        XCTAssertFalse(bowl.contains(CGPoint(x: -1, y: 5), using: .evenOdd))
        XCTAssertTrue(bowl.contains(CGPoint(x: 5, y: 5.0001)))
        XCTAssertFalse(bowl.contains(CGPoint(x: 5, y: 4.9999)))

        let dome = CGMutablePath()
        dome.move(to: CGPoint(x: 0, y: 0))
        dome.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        dome.closeSubpath()
        XCTAssertFalse(dome.contains(CGPoint(x: -1, y: 5)))
        XCTAssertFalse(dome.contains(CGPoint(x: -1, y: 5), using: .evenOdd))
        XCTAssertTrue(dome.contains(CGPoint(x: 5, y: 4.9999)))
    }

    /// An S-shaped cubic, x = 30t and y = 90·t(1 − t)(1 − 2t), closed below by a box:
    /// the region lies between the curve and y = 40.
    func testSShapedCubicBulgingBothWays() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 30), control2: CGPoint(x: 20, y: -30))
        path.addLine(to: CGPoint(x: 30, y: 40))
        path.addLine(to: CGPoint(x: 0, y: 40))
        path.closeSubpath()
        // Along y = 2 the curve is crossed at t ≈ 0.0225 (x ≈ 0.67) and t ≈ 0.4556
        // (x ≈ 13.67): in, out, in.
        XCTAssertTrue(path.contains(CGPoint(x: 0.2, y: 2)))
        XCTAssertFalse(path.contains(CGPoint(x: 5, y: 2)), "under the bump towards +y")
        XCTAssertTrue(path.contains(CGPoint(x: 20, y: 2)))
        // Along y = −2 only the bump towards −y is filled, between x ≈ 16.3 and 29.3.
        XCTAssertFalse(path.contains(CGPoint(x: 16, y: -2)))
        XCTAssertTrue(path.contains(CGPoint(x: 20, y: -2)))
        XCTAssertFalse(path.contains(CGPoint(x: 29.9, y: -2)))
        XCTAssertTrue(path.contains(CGPoint(x: 15, y: 20)))
    }
}
