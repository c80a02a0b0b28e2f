import UIKit
import XCTest

/// The delivery rules of `UIWindow.sendEvent(_:)`, asserted as exact traces.
final class UIWindowTouchDeliveryTests: UIKitTestCase {
    private var outer: TraceView!
    private var inner: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        outer = addTraceView("outer", CGRect(x: 0, y: 0, width: 200, height: 200))
        inner = addTraceView("inner", CGRect(x: 50, y: 50, width: 100, height: 100), to: outer)
    }

    func testEachPhaseReachesTheHitTestViewWithItsLocations() async {
        window.inject([sample(1, .began, 60, 70)])
        window.inject([sample(1, .moved, 65, 72)])
        window.inject([sample(1, .ended, 66, 73)])
        XCTAssertEqual(trace.flush(), ["inner.began(1)", "inner.moved(1)", "inner.ended(1)"])
    }

    func testATouchKeepsItsViewForItsWholeLife() async {
        window.inject([sample(1, .began, 60, 70)])
        let touch = inner.seenTouches[1]
        window.inject([sample(1, .moved, 300, 400)])  // far outside inner, over no view of it
        window.inject([sample(1, .ended, 310, 410)])
        XCTAssertEqual(trace.flush(), ["inner.began(1)", "inner.moved(1)", "inner.ended(1)"])
        XCTAssertTrue(touch?.view === inner)
        XCTAssertEqual(touch?.location(in: inner), CGPoint(x: 260, y: 360))
        XCTAssertEqual(touch?.previousLocation(in: nil), CGPoint(x: 300, y: 400))
    }

    func testEachViewGetsOnlyItsOwnTouchesInOnePhaseOrderedEvent() async {
        window.inject([sample(2, .began, 60, 60)])
        XCTAssertEqual(trace.flush(), ["inner.began(2)"])
        window.inject([sample(1, .began, 10, 10), sample(2, .moved, 61, 61)])
        XCTAssertEqual(trace.flush(), ["outer.began(1)", "inner.moved(2)"])
        // One event: began calls go before moved, moved before ended.
        window.inject([sample(2, .ended, 61, 61), sample(1, .moved, 12, 12)])
        XCTAssertEqual(trace.flush(), ["outer.moved(1)", "inner.ended(2)"])
        window.inject([sample(1, .ended, 12, 12)])
        XCTAssertEqual(trace.flush(), ["outer.ended(1)"])
    }

    func testAViewWhoseTouchesAreAllStationaryGetsNothing() async {
        outer.isMultipleTouchEnabled = true
        window.inject([sample(1, .began, 10, 10), sample(2, .began, 60, 60)])
        XCTAssertEqual(trace.flush(), ["outer.began(1)", "inner.began(2)"])
        window.inject([sample(1, .moved, 20, 20)])
        window.inject([sample(1, .moved, 30, 30)])
        XCTAssertEqual(trace.flush(), ["outer.moved(1)", "outer.moved(1)"])
        let stationary = inner.seenTouches[2]
        XCTAssertEqual(stationary?.phase, .stationary)
        XCTAssertEqual(stationary?.location(in: nil), stationary?.previousLocation(in: nil))
        // A move to where the finger already is leaves it stationary: nothing to say.
        window.inject([sample(2, .moved, 60, 60)])
        XCTAssertEqual(trace.flush(), [])
    }

    func testMultipleTouchDisabledViewNeverGetsASecondTouch() async {
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(2, .began, 70, 70)])
        window.inject([sample(2, .moved, 75, 75), sample(1, .moved, 61, 61)])
        window.inject([sample(1, .ended, 61, 61)])
        // Not even after the first touch ends.
        window.inject([sample(2, .moved, 80, 80)])
        window.inject([sample(2, .ended, 80, 80)])
        XCTAssertEqual(trace.flush(), ["inner.began(1)", "inner.moved(1)", "inner.ended(1)"])
        XCTAssertEqual(logLines(containing: "-1:2 withheld").count, 1)
        // Two fingers in one event: the first in sample order wins.
        window.inject([sample(3, .began, 60, 60), sample(4, .began, 90, 90)])
        window.inject([sample(3, .ended, 60, 60), sample(4, .ended, 90, 90)])
        XCTAssertEqual(trace.flush(), ["inner.began(3)", "inner.ended(3)"])
    }

    func testMultipleTouchEnabledViewGetsAllItsTouchesInOneSet() async {
        inner.isMultipleTouchEnabled = true
        window.inject([sample(1, .began, 60, 60), sample(2, .began, 70, 70)])
        window.inject([sample(3, .began, 80, 80), sample(1, .moved, 61, 61)])
        window.inject([sample(1, .ended, 61, 61), sample(2, .ended, 70, 70), sample(3, .ended, 80, 80)])
        XCTAssertEqual(trace.flush(), ["inner.began(1,2)", "inner.began(3)", "inner.moved(1)", "inner.ended(1,2,3)"])
    }

    func testAnExclusiveViewWithATouchShutsOtherViewsOut() async {
        addTraceView("other", CGRect(x: 220, y: 0, width: 100, height: 100))
        inner.isExclusiveTouch = true
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(2, .began, 250, 50)])  // other: withheld while 1 lives
        window.inject([sample(2, .moved, 260, 50)])
        window.inject([sample(1, .ended, 60, 60)])
        window.inject([sample(2, .ended, 260, 50)])  // still the withheld touch
        window.inject([sample(3, .began, 250, 50)])  // no exclusive touch alive now
        window.inject([sample(3, .ended, 250, 50)])
        XCTAssertEqual(trace.flush(), ["inner.began(1)", "inner.ended(1)", "other.began(3)", "other.ended(3)"])
    }

    func testAnExclusiveViewGetsNoTouchWhileAnotherViewHasOne() async {
        addTraceView("other", CGRect(x: 220, y: 0, width: 100, height: 100))
        inner.isExclusiveTouch = true
        inner.isMultipleTouchEnabled = true
        window.inject([sample(1, .began, 250, 50)])
        window.inject([sample(2, .began, 60, 60)])  // inner is exclusive, other has a touch
        window.inject([sample(1, .ended, 250, 50), sample(2, .ended, 60, 60)])
        // Same event, exclusive view first: it wins, and then keeps its second finger.
        window.inject([sample(3, .began, 60, 60), sample(4, .began, 250, 50), sample(5, .began, 70, 70)])
        window.inject([sample(3, .ended, 60, 60), sample(4, .ended, 250, 50), sample(5, .ended, 70, 70)])
        XCTAssertEqual(trace.flush(), ["other.began(1)", "other.ended(1)", "inner.began(3,5)", "inner.ended(3,5)"])
    }

    func testHiddenTransparentAndNonInteractiveViewsLetTouchesFallThrough() async {
        let cover = addTraceView("cover", CGRect(x: 0, y: 0, width: 200, height: 200))
        addTraceView("coverChild", CGRect(x: 40, y: 40, width: 40, height: 40), to: cover)
        let restrictions: [(UIView) -> Void] = [
            { $0.isHidden = true }, { $0.alpha = 0.009 }, { $0.isUserInteractionEnabled = false },
        ]
        for (index, restrict) in restrictions.enumerated() {
            cover.isHidden = false
            cover.alpha = 1
            cover.isUserInteractionEnabled = true
            restrict(cover)
            let number = UInt32(index + 1)
            window.inject([sample(number, .began, 60, 60)])
            window.inject([sample(number, .ended, 60, 60)])
        }
        XCTAssertEqual(trace.flush(), [
            "inner.began(1)", "inner.ended(1)", "inner.began(2)", "inner.ended(2)", "inner.began(3)", "inner.ended(3)",
        ])
        cover.isUserInteractionEnabled = true
        cover.alpha = 0.01  // exactly at the threshold: hittable
        window.inject([sample(4, .began, 60, 60), sample(4, .ended, 60, 60)])
        XCTAssertEqual(trace.flush(), ["coverChild.began(4)", "coverChild.ended(4)"])
    }
}
