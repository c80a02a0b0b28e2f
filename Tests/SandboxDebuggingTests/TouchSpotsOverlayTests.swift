import CairoRenderer
import SandboxDebugging
import UIKit
import XCTest

/// Spots with trails: what a trail keeps, how it fades by pixels, when it clears, and
/// which rectangles each change dirties.
final class TouchSpotsOverlayTests: OverlayTestCase {
    private var spots: TouchSpotsOverlay!

    override func setUp() async throws {
        try await super.setUp()
        spots = TouchSpotsOverlay()
    }

    /// Finger 1 down at `start`, then moved by `step` every `interval`, `count` times.
    private func drag(from start: CGPoint, step: CGPoint, every interval: TimeInterval, count: Int) -> [CGRect] {
        send([sample(1, .began, start.x, start.y)], to: [spots])
        var dirty: [CGRect] = []
        for index in 1...count {
            clock.advance(by: interval)
            dirty = send([sample(1, .moved, start.x + CGFloat(index) * step.x, start.y + CGFloat(index) * step.y)],
                         to: [spots])
        }
        return dirty
    }

    func testATrailKeepsTheLastHalfSecondAndAtMost32Points() async {
        _ = drag(from: CGPoint(x: 20, y: 100), step: CGPoint(x: 1, y: 0), every: 0.05, count: 30)
        // 1.5 s of samples 50 ms apart: the last 0.5 s holds 11 of them, the finger's included.
        let trail = spots.spots[0].trail
        XCTAssertEqual(trail.count, 11)
        XCTAssertEqual(trail.first?.location, CGPoint(x: 40, y: 100))
        XCTAssertEqual(trail.last?.location, CGPoint(x: 50, y: 100))
        XCTAssertEqual(trail.last?.location, spots.spots[0].location)

        _ = drag(from: CGPoint(x: 20, y: 200), step: CGPoint(x: 1, y: 0), every: 0.005, count: 60)
        // Fast input: 60 samples in 0.3 s, of which the newest 32 are kept (finger 1 began again).
        XCTAssertEqual(spots.spots.map(\.trail.count), [32])
        XCTAssertEqual(spots.spots[0].trail.first?.location, CGPoint(x: 49, y: 200))
    }

    func testTheTrailFadesFromTheFingerToItsTailAndStopsAtTheSpot() async {
        // Finger 1 (pink) moves right along y = 150, 40 points every 50 ms.
        _ = drag(from: CGPoint(x: 40, y: 150), step: CGPoint(x: 40, y: 0), every: 0.05, count: 8)
        let image = image([spots])
        let pink = TouchSpotsOverlay.color(for: TouchSample.ID(device: 2, number: 1))
        let background = OverlayTestCase.background
        // Segment k ends at sample k (x = 40 + 40k, 50 ms × (8 − k) old); its middle is
        // drawn at its band's opacity over the background: the freshness 0.3…0.9 rounded
        // up to fifths.
        let trail = spots.spots[0].trail
        var alphas: [Double] = []
        for k in 1...7 {
            let freshness = 1 - (trail[8].timestamp - trail[k].timestamp) / TouchSpotsOverlay.trailDuration
            XCTAssertEqual(freshness, 1 - 0.1 * Double(8 - k), accuracy: 1e-9)
            let alpha = TouchSpotsOverlay.trailStyle(freshness: freshness).alpha
            alphas.append(alpha)
            let expected = blend(pink, alpha: alpha, over: background)
            let x = 40 + 40 * k - 20
            XCTAssertTrue(colorsMatch(rgb(image, x, 150), expected, tolerance: 2),
                          "segment \(k): \(String(rgb(image, x, 150), radix: 16)) vs \(String(expected, radix: 16))")
        }
        XCTAssertEqual(alphas, alphas.sorted(), "fading towards the tail")
        XCTAssertEqual(Set(alphas).count, 4, "in steps")
        XCTAssertEqual(alphas.last ?? 0, TouchSpotsOverlay.trailAlpha, accuracy: 1e-9)
        XCTAssertGreaterThan(image.pixel(x: 300, y: 150).red, image.pixel(x: 60, y: 150).red)
        XCTAssertEqual(rgb(image, 30, 150), background.rgb, "nothing before the first sample")
        // Under the spot only the spot's own fill shows (the end-to-end tests probe it).
        XCTAssertTrue(colorsMatch(rgb(image, 360, 150 - 12), blend(pink, alpha: TouchSpotsOverlay.fillAlpha, over: background),
                                  tolerance: 1))
        XCTAssertTrue(colorsMatch(rgb(image, 350, 150), blend(pink, alpha: TouchSpotsOverlay.fillAlpha, over: background),
                                  tolerance: 1))
    }

    func testAStillFingerLosesItsTrailAtNextUpdateTimeAndNotBefore() async {
        _ = drag(from: CGPoint(x: 40, y: 150), step: CGPoint(x: 40, y: 0), every: 0.05, count: 4)
        let lastSample = clock.now
        XCTAssertEqual(spots.nextUpdateTime, lastSample + 0.5)
        clock.advance(by: 0.49)
        XCTAssertEqual(spots.update(in: window), [])
        let before = image([spots])
        XCTAssertNotEqual(rgb(before, 100, 150), OverlayTestCase.background.rgb, "the trail still shows")

        clock.advance(by: 0.01)
        let dirty = spots.update(in: window)
        XCTAssertEqual(dirty.count, 1)
        XCTAssertTrue(dirty[0].contains(CGRect(x: 40 - 5, y: 150 - 5, width: 160 + 10, height: 10)),
                      "the whole trail is redrawn: \(dirty)")
        XCTAssertEqual(spots.spots[0].trail.count, 1)
        XCTAssertNil(spots.nextUpdateTime)
        XCTAssertEqual(rgb(image([spots]), 100, 150), OverlayTestCase.background.rgb)
    }

    func testEachSampleDirtiesItsSpotsOldAndNewExtentAsOneRectangle() async {
        let dirty = drag(from: CGPoint(x: 100, y: 100), step: CGPoint(x: 30, y: 10), every: 0.05, count: 3)
        XCTAssertEqual(dirty.count, 1)
        let extent = TouchSpotsOverlay.trailWidth / 2 + 2
        let trail = CGRect(x: 100 - extent, y: 100 - extent, width: 90 + 2 * extent, height: 30 + 2 * extent)
        XCTAssertTrue(dirty[0].contains(trail), "\(dirty[0]) covers the trail \(trail)")
        XCTAssertTrue(dirty[0].contains(spots.reach(of: CGPoint(x: 190, y: 130))))
        XCTAssertTrue(dirty[0].contains(spots.reach(of: CGPoint(x: 160, y: 120))))

        let spot = spots.spots[0]
        let lifted = send([sample(1, .ended, 190, 130)], to: [spots])
        XCTAssertEqual(lifted, [spots.reach(of: spot)], "where the spot and its trail were")
        XCTAssertTrue(lifted[0].contains(trail))
        XCTAssertEqual(spots.spots, [])

        spots.isVisible = false
        XCTAssertEqual(drag(from: CGPoint(x: 10, y: 10), step: CGPoint(x: 5, y: 0), every: 0.01, count: 2), [],
                       "a hidden overlay dirties nothing")
        XCTAssertEqual(spots.spots.count, 1, "but follows its fingers")
    }

    /// A touch another client still owns is drawn faint with a dashed rim; when it
    /// becomes the app's, the spot turns solid; each change dirties the spot only.
    func testASpotPendingOwnershipIsFaintWithADashedRimUntilOwned() async {
        let center = CGPoint(x: 100, y: 100)
        send([sample(1, .began, center.x, center.y)], to: [spots])
        let id = spots.spots[0].id
        XCTAssertEqual(spots.setOwnershipPending([id]), [spots.reach(of: center)])
        XCTAssertEqual(spots.setOwnershipPending([id]), [], "no change, nothing dirty")
        let pink = TouchSpotsOverlay.color(for: id)
        let background = OverlayTestCase.background
        let faint = blend(pink, alpha: TouchSpotsOverlay.pendingFillAlpha, over: background)
        var image = image([spots])
        XCTAssertTrue(colorsMatch(rgb(image, 100, 88), faint, tolerance: 1))
        // The rim (radius 21, 2 wide), sampled all round: its pink (red 0xFF, 0xA9 at
        // the most anti-aliased) where a dash is, the faint fill (red 0x3E) in a gap.
        func rimReds() -> [UInt32] {
            (0..<60).map { step in
                let angle = Double(step) / 60 * 2 * Double.pi
                let pixel = rgb(image, 100 + Int((21 * cos(angle)).rounded()), 100 + Int((21 * sin(angle)).rounded()))
                return pixel >> 16
            }
        }
        XCTAssertEqual(faint >> 16, 0x3E)
        XCTAssertTrue(rimReds().contains { $0 >= 0xA0 }, "dashes")
        XCTAssertTrue(rimReds().contains { $0 <= 0x50 }, "gaps")

        XCTAssertEqual(spots.setOwnershipPending([]), [spots.reach(of: center)])
        image = self.image([spots])
        XCTAssertTrue(colorsMatch(rgb(image, 100, 88), blend(pink, alpha: TouchSpotsOverlay.fillAlpha, over: background),
                                  tolerance: 1))
        XCTAssertTrue(rimReds().allSatisfy { $0 >= 0xA0 }, "a solid rim")
    }

    /// The echo a host shows before the app has a batch: the discs of the fingers that
    /// land in it, where the batch leaves them, in the order the overlay adds them, and
    /// nothing else (a moving finger's spot, a lift, a finger that lands and lifts
    /// within the batch, or any sample of an id that had a spot before, all of which
    /// need the frame), pending as the host says, pixel for pixel as the next frame draws
    /// those discs, and nothing while the overlay is hidden. Asking changes nothing.
    func testAnEchoIsTheSpotsOfTheFingersThatLandAsTheFrameDrawsThem() async {
        send([sample(1, .began, 100, 100), sample(5, .began, 60, 60)], to: [spots])
        let live = spots.spots
        let batch = [sample(1, .moved, 110, 100), sample(2, .began, 200, 150), sample(5, .ended, 60, 60),
                     sample(5, .began, 70, 60), sample(3, .ended, 20, 20), sample(6, .began, 100, 200),
                     sample(7, .began, 150, 50), sample(8, .began, 250, 60), sample(6, .moved, 120, 210),
                     sample(7, .ended, 150, 50), sample(8, .ended, 250, 60), sample(4, .began, 300, 200.5),
                     sample(8, .began, 260, 250)]
        func id(_ number: UInt32) -> TouchSample.ID { TouchSample.ID(device: 2, number: number) }
        let landing = spots.echoSpots(for: batch, pendingOwnership: [id(4)])
        XCTAssertEqual(landing.map(\.id), [id(2), id(6), id(4), id(8)])
        XCTAssertEqual(landing.map(\.location), [CGPoint(x: 200, y: 150), CGPoint(x: 120, y: 210),
                                                 CGPoint(x: 300, y: 200.5), CGPoint(x: 260, y: 250)])
        XCTAssertEqual(landing.map { $0.trail.map(\.location) }, landing.map { [$0.location] })
        XCTAssertEqual(landing.map(\.isOwnershipPending), [false, false, true, false])
        XCTAssertEqual(spots.spots, live, "asking for an echo changes nothing")

        // The echo over a blank frame against a frame of a fresh overlay that took the
        // same fingers, with finger 4 pending.
        let echoed = FrameBuffer(pointSize: window.bounds.size, scale: 1)
        echoed.draw { canvas in
            canvas.fill(window.bounds, with: Self.background)
            spots.drawEcho(of: landing, in: canvas)
        }
        let fresh = TouchSpotsOverlay()
        fresh.apply([sample(2, .began, 200, 150), sample(6, .began, 120, 210), sample(4, .began, 300, 200.5),
                     sample(8, .began, 260, 250)])
        fresh.setOwnershipPending([id(4)])
        XCTAssertEqual(echoed.largestChannelDifference(from: frame([fresh])), 0)
        XCTAssertNotEqual(echoed.largestChannelDifference(from: frame([])), 0, "the echo drew something")

        spots.isVisible = false
        XCTAssertEqual(spots.echoSpots(for: batch, pendingOwnership: []), [])
    }
}
