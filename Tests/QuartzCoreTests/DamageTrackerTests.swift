@testable import QuartzCore
import XCTest
import TouchTestSupport

/// The rectangles damage tracking reports for single changes (`DamageTracker`), and how
/// `DamageRegion` keeps them.
@MainActor
final class DamageTrackerTests: XCTestCase {
    override func setUp() async throws {
        TestApplication.next()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
    }

    override func tearDown() async throws {
        CATransaction.commit()
        TestApplication.next()
    }

    /// A 200 × 200 window layer at the origin, tracked at `scale`, its first (whole) frame taken.
    private func makeWindow(scale: CGFloat = 1) -> (CALayer, DamageTracker) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let tracker = root.startTrackingDamage(bounds: root.frame, scale: scale)
        return (root, tracker)
    }

    /// The bounding box of `rect`'s corners mapped by `map`, rounded out to whole pixels.
    private func pixelBox(_ rect: CGRect, scale: CGFloat = 1, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(map)
        let minX = (corners.map(\.x).min()! * scale).rounded(.down) / scale
        let minY = (corners.map(\.y).min()! * scale).rounded(.down) / scale
        let maxX = (corners.map(\.x).max()! * scale).rounded(.up) / scale
        let maxY = (corners.map(\.y).max()! * scale).rounded(.up) / scale
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The host hears the first change after a frame (to ask for a turn), and only the
    /// first: later changes join the same frame.
    func testOnDamageHearsTheFirstChangeAfterAFrameOnly() async {
        let (root, tracker) = makeWindow()
        let child = CALayer(), grandchild = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        grandchild.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        root.addSublayer(child)
        child.addSublayer(grandchild)
        _ = tracker.takeDamage()
        var heard = 0
        tracker.onDamage = { heard += 1 }
        grandchild.opacity = 0.5
        child.position = CGPoint(x: 40, y: 40)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertEqual(heard, 1, "one turn asked for the three changes")
        _ = tracker.takeDamage()
        root.backgroundColor = nil
        XCTAssertEqual(heard, 2, "a change to the root itself, after the frame")
        _ = tracker.takeDamage()
        grandchild.removeFromSuperlayer()
        XCTAssertEqual(heard, 3, "a sublayer drawn before leaves")
        _ = tracker.takeDamage()
        tracker.invalidateAll()
        tracker.invalidateAll()
        XCTAssertEqual(heard, 4, "everything invalidated (an expose), once")
        _ = tracker.takeDamage()
        let untracked = CALayer()
        untracked.opacity = 0.2
        XCTAssertEqual(heard, 4, "a layer in no tracked tree tells nobody")
    }

    func testFirstFrameIsWholeThenNothingUntilAChange() async {
        let (_, tracker) = makeWindow()
        XCTAssertTrue(tracker.takeDamage().coversBounds)
        XCTAssertFalse(tracker.hasDamage)
        XCTAssertTrue(tracker.takeDamage().isEmpty)
    }

    func testAMovedLayerUnderARotatedScaledParentDamagesWhereItWasAndWhereItIs() async {
        for scale: CGFloat in [1, 2] {
            let (root, tracker) = makeWindow(scale: scale)
            let parent = CALayer()
            parent.anchorPoint = .zero
            parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
            parent.position = CGPoint(x: 50, y: 20.3)
            let angle = CGFloat.pi / 6, factor: CGFloat = 1.5
            parent.setAffineTransform(CGAffineTransform(scaleX: factor, y: factor).rotated(by: angle))
            root.addSublayer(parent)
            let child = CALayer()
            child.frame = CGRect(x: 10.25, y: 10, width: 20, height: 10)
            child.backgroundColor = .black
            parent.addSublayer(child)
            _ = tracker.takeDamage()

            child.position.x += 60
            let damage = tracker.takeDamage()

            // Parent space to window points, by hand: scale, rotate, then place at `position`.
            let map = { (p: CGPoint) -> CGPoint in
                CGPoint(x: factor * (p.x * cos(angle) - p.y * sin(angle)) + 50,
                        y: factor * (p.x * sin(angle) + p.y * cos(angle)) + 20.3)
            }
            let old = pixelBox(CGRect(x: 10.25, y: 10, width: 20, height: 10), scale: scale, map)
            let new = pixelBox(CGRect(x: 70.25, y: 10, width: 20, height: 10), scale: scale, map)
            XCTAssertEqual(Set(damage.rects.map { "\($0)" }), Set([old, new].map { "\($0)" }), "scale \(scale)")
        }
    }

    func testAShadowDamagesItsOffsetShapeGrownByTheBlursReach() async {
        let (root, tracker) = makeWindow()
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 40, height: 30)
        layer.backgroundColor = .black
        layer.shadowOpacity = 1
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 5, height: 6)
        root.addSublayer(layer)
        _ = tracker.takeDamage()

        layer.shadowOffset = CGSize(width: 5, height: 10)
        // Blur radius 4 is σ = 2 pixels: box blurs of r = 2, reaching 3·2 + 1 pixels, and
        // one more for the sub-pixel offset: 8. Old shadow y 18…64, new 22…68, both x 17…73,
        // each with the bounds (y 20…50): merged into one.
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 17, y: 18, width: 56, height: 50)])

        layer.shadowOpacity = 0
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 17, y: 20, width: 56, height: 48)],
                       "the shadow's last place, and the bounds")
    }

    func testHidingAndShowingDamageTheLayerAndChangesWhileHiddenDamageNothing() async {
        let (root, tracker) = makeWindow()
        let layer = CALayer()
        layer.frame = CGRect(x: 10.5, y: 10, width: 30, height: 20)
        layer.backgroundColor = .black
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 50, y: 0, width: 10, height: 10)
        layer.addSublayer(sublayer)
        root.addSublayer(layer)
        _ = tracker.takeDamage()

        layer.isHidden = true
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 10, y: 10, width: 61, height: 20)], "with its sublayer")
        layer.position.x += 50
        sublayer.backgroundColor = .white
        XCTAssertTrue(tracker.hasDamage)
        XCTAssertTrue(tracker.takeDamage().isEmpty, "a hidden subtree shows nothing")
        layer.isHidden = false
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 60, y: 10, width: 61, height: 20)])
    }

    /// Layout sets frames at every pass: geometry and visibility set to what they were
    /// change no pixel and damage nothing; a real change still does.
    func testSettingGeometryOrVisibilityToWhatItWasDamagesNothing() async {
        let (root, tracker) = makeWindow()
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        layer.backgroundColor = .black
        layer.setAffineTransform(CGAffineTransform(rotationAngle: 0.25))
        root.addSublayer(layer)
        _ = tracker.takeDamage()

        let (bounds, position, anchor, transform) = (layer.bounds, layer.position, layer.anchorPoint, layer.transform)
        layer.bounds = bounds
        layer.position = position
        layer.anchorPoint = anchor
        layer.transform = transform
        layer.isHidden = false
        XCTAssertFalse(tracker.hasDamage)
        XCTAssertTrue(tracker.takeDamage().isEmpty)
        layer.position.x += 1
        XCTAssertFalse(tracker.takeDamage().isEmpty, "a moved layer still damages")
    }

    func testARemovedLayerDamagesWhereItWasDrawn() async {
        let (root, tracker) = makeWindow()
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        root.addSublayer(layer)
        _ = tracker.takeDamage()
        layer.removeFromSuperlayer()
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 10, y: 10, width: 30, height: 20)])
    }

    func testChangesOutsideAnyTrackedTreeDamageNothing() async {
        let (_, tracker) = makeWindow()
        _ = tracker.takeDamage()
        let detached = CALayer()
        let sublayer = CALayer()
        detached.addSublayer(sublayer)
        detached.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        sublayer.backgroundColor = .black
        sublayer.position = CGPoint(x: 40, y: 40)
        sublayer.removeFromSuperlayer()
        XCTAssertFalse(tracker.hasDamage)
        XCTAssertTrue(tracker.takeDamage().isEmpty)
        XCTAssertNil(detached.damageTracker)
    }

    func testAnAnimatedLayerDamagesItsPresentationAtTheLastFrameAndNow() async {
        let clock = ManualClock(now: 10)
        let saved = CAMediaClock.current
        CAAnimationEngine.current.clock = clock
        defer { CAAnimationEngine.current.clock = saved }
        let (root, tracker) = makeWindow()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(layer)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5
        move.toValue = 105
        move.duration = 1
        layer.add(move, forKey: "move")
        _ = tracker.takeDamage()  // drawn at x 0…10
        clock.advance(by: 0.5)
        XCTAssertEqual(tracker.takeDamage().rects,
                       [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 50, y: 0, width: 10, height: 10)])
        clock.advance(by: 0.6)
        CAAnimationEngine.current.tick()  // stops and removes it: back at the model's x 0…10
        XCTAssertEqual(tracker.takeDamage().rects,
                       [CGRect(x: 50, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: 10, height: 10)])
        XCTAssertFalse(tracker.hasDamage)
    }

    // MARK: - DamageRegion

    func testRegionRoundsOutMergesWhatCostsNothingAndCollapsesToTheBounds() async {
        var region = DamageRegion(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), scale: 2)
        region.add(CGRect(x: 10.2, y: 10.7, width: 5, height: 5))
        XCTAssertEqual(region.rects, [CGRect(x: 10, y: 10.5, width: 5.5, height: 5.5)])
        region.add(CGRect(x: 11, y: 11, width: 2, height: 2))
        XCTAssertEqual(region.rects, [CGRect(x: 10, y: 10.5, width: 5.5, height: 5.5)], "inside: merged")
        region.add(CGRect(x: 10, y: 11, width: 5.5, height: 5.5))
        XCTAssertEqual(region.rects, [CGRect(x: 10, y: 10.5, width: 5.5, height: 6)],
                       "overlapping by more than the union adds: merged")
        region.add(CGRect(x: 14, y: 14, width: 10, height: 2))
        XCTAssertEqual(region.rects, [CGRect(x: 10, y: 10.5, width: 5.5, height: 6), CGRect(x: 14, y: 14, width: 10, height: 2)],
                       "overlapping a little: apart, since the union would draw 51 more square points")
        XCTAssertEqual(region.area, 5.5 * 6 + 10 * 2, "the area drawn counts the overlap twice")
        region.add(CGRect(x: -50, y: 90, width: 70, height: 50))
        XCTAssertEqual(region.rects.last, CGRect(x: 0, y: 90, width: 20, height: 10), "cut to the bounds")
        for index in 0..<20 { region.add(CGRect(x: CGFloat(index * 5), y: 40, width: 1, height: 1)) }
        XCTAssertLessThanOrEqual(region.rects.count, DamageRegion.maximumCount)
        region.add(CGRect(x: 0, y: 0, width: 100, height: 80))
        XCTAssertTrue(region.coversBounds, "most of the bounds: all of it")
        XCTAssertEqual(region.pixelCount, 200 * 200)
    }

    /// An outline's four bands meet at their corners and along parts of their edges: they
    /// stay four rectangles, not the box they surround (Foundation's `intersects` on
    /// Linux counts touching as meeting, which merged them).
    func testRectanglesThatOnlyTouchStayApartAndOnesSharingAWholeEdgeMerge() async {
        var region = DamageRegion(bounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let bands = [
            CGRect(x: 100, y: 100, width: 400, height: 6), CGRect(x: 100, y: 394, width: 400, height: 6),
            CGRect(x: 100, y: 106, width: 6, height: 288), CGRect(x: 494, y: 106, width: 6, height: 288),
        ]
        for band in bands { region.add(band) }
        XCTAssertEqual(region.rects, bands)
        XCTAssertEqual(region.area, 2 * 400 * 6 + 2 * 6 * 288)
        // Sharing a whole edge: the union is exactly the two.
        region.add(CGRect(x: 100, y: 90, width: 400, height: 10))
        XCTAssertTrue(region.rects.contains(CGRect(x: 100, y: 90, width: 400, height: 16)), "\(region.rects)")
        XCTAssertEqual(region.rects.count, 4)
        // Overlapping a band a little: apart (merged, it would draw the band's whole
        // length 20 wide).
        region.add(CGRect(x: 490, y: 200, width: 20, height: 20))
        XCTAssertEqual(region.rects.count, 5)
        XCTAssertEqual(region.rects.last, CGRect(x: 490, y: 200, width: 20, height: 20))
    }

    /// What the rule is for: a panel in a corner that a window-wide band crosses (the
    /// recognizer HUD and a finger's stroke band) stays two rectangles, not the
    /// window's top third.
    func testAPanelAndAWindowWideBandCrossingItStayApart() async {
        var region = DamageRegion(bounds: CGRect(x: 0, y: 0, width: 1024, height: 768))
        let panel = CGRect(x: 764, y: 8, width: 252, height: 220)
        let band = CGRect(x: 0, y: 150, width: 1024, height: 12)
        region.add(panel)
        region.add(band)
        XCTAssertEqual(region.rects, [panel, band])
        XCTAssertFalse(region.coversBounds)
        XCTAssertEqual(region.pixelCount, 252 * 220 + 1024 * 12)
    }

    /// What a finger touches is drawn first: the rectangles holding an input point, then
    /// the others, each in the order damaged. (The recognizer HUD redrawn above a new
    /// touch's spot had kept the spot off the screen until the HUD was sent.)
    func testRectanglesHoldingInputAreDrawnFirstInTheOrderDamaged() async {
        var region = DamageRegion(bounds: CGRect(x: 0, y: 0, width: 1024, height: 768))
        let hud = CGRect(x: 764, y: 8, width: 252, height: 220)
        let outline = CGRect(x: 100, y: 100, width: 300, height: 300)
        let meter = CGRect(x: 8, y: 700, width: 200, height: 60)
        // A finger near the outlined view's edge: its spot overlaps the outline a little.
        let spot = CGRect(x: 370, y: 180, width: 60, height: 60)
        for rect in [hud, outline, meter, spot] { region.add(rect) }
        XCTAssertEqual(region.rects, [hud, outline, meter, spot], "kept apart, in the order damaged")
        let finger = CGPoint(x: 395, y: 210)
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [finger]), [outline, spot, hud, meter])
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [CGPoint(x: 900, y: 100), CGPoint(x: 420, y: 230)]),
                       [hud, spot, outline, meter], "the HUD holds a second finger; the first is beside the outline")
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [CGPoint(x: 600, y: 500)]), region.rects,
                       "no rectangle holds the input: as damaged")
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: []), region.rects)
        region.addAll()
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [finger]), region.rects)
    }

    /// The damage within a fingertip's reach leads a frame that shows input: a square
    /// around each finger (rounded out to device pixels, cut to the box of the rectangles
    /// holding it), then every rectangle whole, holders first.
    func testTheSquareUnderEachFingerLeadsThenTheRectanglesWhole() async {
        var region = DamageRegion(bounds: CGRect(x: 0, y: 0, width: 1024, height: 768))
        let hud = CGRect(x: 764, y: 8, width: 252, height: 220)
        let outline = CGRect(x: 100, y: 100, width: 300, height: 300)
        let spot = CGRect(x: 370, y: 180, width: 60, height: 60)
        for rect in [hud, outline, spot] { region.add(rect) }
        let finger = CGPoint(x: 395.5, y: 210.25)
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [finger], fingertipReach: 24), [
            // x 371.5…419.5 and y 186.25…234.25, rounded out: inside the outline's and
            // the spot's box, so whole.
            CGRect(x: 371, y: 186, width: 49, height: 49), outline, spot, hud,
        ])
        let nearTheCorner = CGPoint(x: 110, y: 105)
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [nearTheCorner], fingertipReach: 24),
                       [CGRect(x: 100, y: 100, width: 34, height: 29), outline, hud, spot],
                       "cut to the outline, the one rectangle holding it")
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [CGPoint(x: 600, y: 600)], fingertipReach: 24),
                       region.rects, "nothing damaged under the finger: no square")
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [finger], fingertipReach: 0),
                       region.rectsInDrawingOrder(showingFirst: [finger]))
        let threeFingers = region.rectsInDrawingOrder(
            showingFirst: [finger, CGPoint(x: 396, y: 211), CGPoint(x: 800, y: 100)], fingertipReach: 24)
        XCTAssertEqual(threeFingers, [
            CGRect(x: 371, y: 186, width: 49, height: 49), CGRect(x: 776, y: 76, width: 48, height: 48),
            hud, outline, spot,
        ], "the second finger's square (372, 187, 48 × 48) lies in the first's; the HUD holds the third")
    }

    /// A square that would save little (the whole holder, or more than half of it) is not
    /// drawn, at most a hand of squares lead a frame, and a region that is the whole
    /// window is led by the square too.
    func testSquaresAreLeftOutWhereTheyAddNothingAndBeyondAHand() async {
        var region = DamageRegion(bounds: CGRect(x: 0, y: 0, width: 1024, height: 768))
        let small = CGRect(x: 200, y: 200, width: 20, height: 20)
        let panel = CGRect(x: 764, y: 8, width: 252, height: 220)
        region.add(small)
        region.add(panel)
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [CGPoint(x: 210, y: 210)], fingertipReach: 24),
                       [small, panel], "the square cut to the holder is the holder")
        var spotOnly = DamageRegion(bounds: CGRect(x: 0, y: 0, width: 1024, height: 768))
        let spot = CGRect(x: 170, y: 470, width: 60, height: 60)
        spotOnly.add(spot)
        spotOnly.add(panel)
        XCTAssertEqual(spotOnly.rectsInDrawingOrder(showingFirst: [CGPoint(x: 200, y: 500)], fingertipReach: 24),
                       [spot, panel], "48 × 48 of a 60 × 60 holder: the holder alone")
        let fingers = (0..<7).map { CGPoint(x: 780 + 30 * Double($0), y: 100) }
        let ordered = region.rectsInDrawingOrder(showingFirst: fingers, fingertipReach: 10)
        XCTAssertEqual(ordered.count, DamageRegion.maximumFingertips + 2)
        XCTAssertEqual(ordered.prefix(DamageRegion.maximumFingertips).map(\.midX), [780, 810, 840, 870, 900])
        region.addAll()
        XCTAssertEqual(region.rectsInDrawingOrder(showingFirst: [CGPoint(x: 210, y: 210)], fingertipReach: 24),
                       [CGRect(x: 186, y: 186, width: 48, height: 48), CGRect(x: 0, y: 0, width: 1024, height: 768)])
    }

    /// A layer with many sublayers keeps their footprints indexed: collecting a frame in
    /// which one of 400 moved damages where it was and where it is, and nothing else;
    /// a sublayer inserted, removed, hidden or moved through a deeper change meanwhile is
    /// collected as without the index.
    func testManySublayersAreCollectedThroughTheirIndexExactly() async {
        let (root, tracker) = makeWindow()
        var cells: [CALayer] = []
        for index in 0..<400 {
            let cell = CALayer()
            cell.frame = CGRect(x: CGFloat(index % 20) * 10, y: CGFloat(index / 20) * 10, width: 8, height: 8)
            cell.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(cell)
            cells.append(cell)
        }
        _ = tracker.takeDamage()
        _ = tracker.takeDamage()
        cells[42].position.x += 3
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 20, y: 20, width: 11, height: 8)], "where it was and is")
        cells[399].isHidden = true
        cells[0].removeFromSuperlayer()
        XCTAssertEqual(Set(tracker.takeDamage().rects), [CGRect(x: 190, y: 190, width: 8, height: 8),
                                                           CGRect(x: 0, y: 0, width: 8, height: 8)])
        let child = CALayer()
        child.frame = CGRect(x: 2, y: 2, width: 4, height: 4)
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        cells[100].addSublayer(child)
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 2, y: 52, width: 4, height: 4)], "a grandchild added")
        child.position.x += 20
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 2, y: 52, width: 4, height: 4), CGRect(x: 22, y: 52, width: 4, height: 4)],
                       "a grandchild moved out of its parent: where it was and where it is")
        let late = CALayer()
        late.frame = CGRect(x: 150, y: 5, width: 10, height: 10)
        late.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(late)
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 150, y: 5, width: 10, height: 10)], "a sublayer added")
        late.position.y += 10
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 150, y: 5, width: 10, height: 20)], "then moved")
    }

    /// Draws its contents by changing its sublayer, as a delegate's drawing may.
    private final class RestylingLayer: CALayer {
        let part = CALayer()
        override func display() {
            part.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        }
    }

    /// A sublayer changed while its layer draws (inside the drawing, where the layer's
    /// own changes report no damage) still reaches the collection through its
    /// superlayer's index: later changes below it are collected, not lost for good.
    func testASublayerChangedWhileItsLayerDrawsIsStillCollectedThroughTheIndex() async {
        let (root, tracker) = makeWindow()
        for index in 0..<40 {
            let cell = CALayer()
            cell.frame = CGRect(x: CGFloat(index % 20) * 10, y: CGFloat(index / 20) * 10, width: 8, height: 8)
            root.addSublayer(cell)
        }
        let drawing = RestylingLayer()
        drawing.frame = CGRect(x: 100, y: 100, width: 40, height: 40)
        drawing.part.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        drawing.addSublayer(drawing.part)
        root.addSublayer(drawing)
        _ = tracker.takeDamage()
        _ = tracker.takeDamage()
        drawing.setNeedsDisplay()
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 100, y: 100, width: 40, height: 40)])
        // What the renderer does as it draws the layer.
        drawing.updateContentsForRendering()
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 100, y: 100, width: 10, height: 10)],
                       "the part the drawing changed")
        drawing.part.position.x += 5
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 100, y: 100, width: 15, height: 10)],
                       "a later change below the drawn layer")
    }
}
