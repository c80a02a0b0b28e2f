@testable import TouchSandbox
import UIKit
import XCTest

/// Neuburg, "Touches": "Hit-testing for layers" and "Hit-testing for drawings": the
/// CompassView's tap handler hit-tests its layer for the arrow (bounds) and tests the
/// arrow's outline.
final class CompassViewTests: ListingTestCase {
    private var compass: CompassView!
    private var taps: [CompassView.Tap] = []

    override func setUp() async throws {
        try await super.setUp()
        compass = CompassView(frame: CGRect(x: 70, y: 60, width: 260, height: 260))
        window.addSubview(compass)
        window.layoutIfNeeded()
        compass.onTap = { [unowned self] in taps.append($0) }
    }

    /// A point given in the arrow's own space, in window coordinates.
    private func windowPoint(inArrow p: CGPoint) -> CGPoint {
        compass.compassLayer.arrow.convert(p, to: window.layer)
    }

    func testTheCompassIsMadeOfLayersAsTheProseDescribes() async throws {
        let parts = try XCTUnwrap(compass.compassLayer.sublayers)
        XCTAssertEqual(parts.count, 2)
        let circle = try XCTUnwrap(parts[0] as? CAShapeLayer)
        XCTAssertEqual(circle.frame, compass.bounds)
        let letters = try XCTUnwrap(circle.sublayers).map { try XCTUnwrap($0 as? CATextLayer).string as? String }
        XCTAssertEqual(letters, ["N", "E", "S", "W"])
        let arrow = compass.compassLayer.arrow
        XCTAssertTrue(parts[1] === arrow, "the arrow is in front")
        XCTAssertEqual(arrow.bounds, CGRect(x: 0, y: 0, width: 56, height: 140))
        XCTAssertEqual(arrow.anchorPoint, CGPoint(x: 0.5, y: 0.8))
        XCTAssertEqual(arrow.position, CGPoint(x: 130, y: 130))
        XCTAssertEqual(atan2(arrow.affineTransform().b, arrow.affineTransform().a), .pi / 5, accuracy: 1e-12)
        XCTAssertFalse(arrow.hitTestsByPath, "Core Animation's default: the arrow hit-tests its bounds")

        // A second layout builds nothing more.
        compass.compassLayer.setNeedsLayout()
        compass.layoutIfNeeded()
        XCTAssertEqual(compass.compassLayer.sublayers?.count, 2)
    }

    func testATapBesideTheShaftInsideTheArrowsBoundsIsALayerHitButNoPathHit() async {
        let p = windowPoint(inArrow: CGPoint(x: 6, y: 100))
        injector.tap(at: p)
        XCTAssertEqual(taps, [CompassView.Tap(location: compass.convert(p, from: window), layerHit: true, pathHit: false)])
    }

    func testATapOnTheArrowIsBoth() async {
        let shaft = windowPoint(inArrow: CGPoint(x: 28, y: 90))
        let point = windowPoint(inArrow: CGPoint(x: 28, y: 12))
        injector.tap(at: shaft)
        injector.wait(1)
        injector.tap(at: point)
        XCTAssertEqual(taps.map(\.layerHit), [true, true])
        XCTAssertEqual(taps.map(\.pathHit), [true, true])
    }

    func testATapElsewhereOnTheCompassIsNeither() async {
        let p = CGPoint(x: 70 + 60, y: 60 + 200)
        injector.tap(at: p)
        XCTAssertEqual(taps, [CompassView.Tap(location: CGPoint(x: 60, y: 200), layerHit: false, pathHit: false)])
        XCTAssertTrue(compass.compassLayer.hitTest(p) is CAShapeLayer, "the circle, not the arrow")
    }

    func testTheOutlineAnswerIsWhatTheProjectsPathOptInGives() async {
        let arrow = compass.compassLayer.arrow
        let points = [CGPoint(x: 6, y: 100), CGPoint(x: 28, y: 90), CGPoint(x: 50, y: 20), CGPoint(x: 28, y: 135)]
            .map(windowPoint(inArrow:))
        for p in points { injector.tap(at: p); injector.wait(1) }
        XCTAssertEqual(taps.map(\.pathHit), [false, true, false, false], "beside the shaft, shaft, beside the point, the notch")
        arrow.hitTestsByShape = true
        let byShape = points.map { compass.layer.hitTest(compass.superview!.convert($0, from: window)) === arrow }
        XCTAssertEqual(byShape, taps.map(\.pathHit))
    }
}
