import UIKit
import XCTest

/// The injection path: batches, splitting, and every kind of bad input, each with its
/// documented outcome and never a touch left open.
final class UIWindowInjectionTests: UIKitTestCase {
    private var view: TraceView!
    private var events: [String] = []

    /// Counts `sendEvent` calls and what changed in each.
    private final class CountingWindow: UIWindow {
        var onSend: ((UIEvent) -> Void)?
        override func sendEvent(_ event: UIEvent) {
            onSend?(event)
            super.sendEvent(event)
        }
    }

    override func setUp() async throws {
        try await super.setUp()
        let counting = CountingWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        counting.makeKeyAndVisible()
        window = counting
        injector = TouchInjector(window: window, clock: clock)
        view = addTraceView("view", window.bounds)
        view.isMultipleTouchEnabled = true
        counting.onSend = { [unowned self] event in
            let phases = (event.allTouches ?? []).sorted { $0.sampleID.number < $1.sampleID.number }
                .map { "\($0.sampleID.number):\($0.phase)" }
            events.append(phases.joined(separator: " "))
        }
    }

    /// Asserts nothing is left open: no live touch in the event.
    private func assertNoTouchLeftOpen(file: StaticString = #filePath, line: UInt = #line) {
        window.inject([sample(999, .began, 1, 1)])
        XCTAssertEqual(view.lastEvent?.allTouches?.map(\.sampleID.number), [999], file: file, line: line)
        window.inject([sample(999, .ended, 1, 1)])
    }

    func testABatchIsOneEventSplitWhereAnIDRepeats() async {
        window.inject([sample(1, .began, 10, 10), sample(2, .began, 20, 20)])
        XCTAssertEqual(events, ["1:began 2:began"])
        // A quick tap of finger 3 read in one go, while 1 moves: two events, in order.
        window.inject([sample(3, .began, 30, 30), sample(1, .moved, 11, 11), sample(3, .ended, 30, 30), sample(1, .moved, 12, 12)])
        XCTAssertEqual(events.dropFirst(), ["1:moved 2:stationary 3:began", "1:moved 2:stationary 3:ended"])
        XCTAssertEqual(trace.flush(), [
            "view.began(1,2)", "view.began(3)", "view.moved(1)", "view.moved(1)", "view.ended(3)",
        ])
    }

    /// A double tap read in one batch after the app was busy: the second finger came down
    /// 0.2 s after the first lifted, so it begins in an event of its own rather than
    /// beside the first's end, where it would look like two fingers down at once.
    func testAFingerThatBeganAfterAnotherLiftedStartsANewEvent() async {
        clock.now = 101
        window.inject([
            sample(1, .began, 10, 10, at: 100.0), sample(1, .ended, 10, 10, at: 100.05),
            sample(2, .began, 12, 10, at: 100.25), sample(2, .ended, 12, 10, at: 100.3),
        ])
        XCTAssertEqual(events, ["1:began", "1:ended", "2:began", "2:ended"])
        // Lifts and downs stamped at one instant stay one event: they were read as one.
        window.inject([sample(3, .began, 10, 10, at: 101), sample(4, .began, 20, 20, at: 101)])
        window.inject([sample(3, .ended, 10, 10, at: 101.1), sample(5, .began, 30, 30, at: 101.1)])
        XCTAssertEqual(events.dropFirst(4), ["3:began 4:began", "3:ended 4:stationary 5:began"])
    }

    func testALongBatchSplitsAtTheFirstRepeatOnly() async {
        // Past the linear-scan limit the split is found by a set; the outcome is the same.
        let fingers = 1...50
        window.inject(fingers.map { sample(UInt32($0), .began, CGFloat($0), 10) }
            + fingers.map { sample(UInt32($0), .ended, CGFloat($0), 10) })
        XCTAssertEqual(events.count, 2)
        let all = fingers.map(String.init).joined(separator: ",")
        XCTAssertEqual(trace.flush(), ["view.began(\(all))", "view.ended(\(all))"])
    }

    func testTheSameEventAndTouchInstancesThroughoutASequence() async {
        window.inject([sample(1, .began, 10, 10)])
        let touch = view.seenTouches[1]
        let event = view.lastEvent
        window.inject([sample(2, .began, 20, 20)])
        window.inject([sample(1, .moved, 15, 15)])
        XCTAssertTrue(view.seenTouches[1] === touch)
        XCTAssertTrue(view.lastEvent === event)
        XCTAssertEqual(event?.type, .touches)
        XCTAssertEqual(event?.allTouches?.count, 2)
        XCTAssertEqual(event?.touches(for: view)?.count, 2)
        XCTAssertEqual(event?.touches(for: window)?.count, 2)
        XCTAssertEqual(event?.touches(for: UIView())?.count, 0)
        window.inject([sample(1, .ended, 15, 15), sample(2, .ended, 20, 20)])
        XCTAssertEqual(touch?.phase, .ended)
        XCTAssertEqual(event?.allTouches?.isEmpty, true)
    }

    func testElevenSimultaneousTouches() async {
        // Beginning iPhone Development with Swift, ch. 18: an iPad tracks up to 11
        // fingers; each keeps its own UITouch.
        let began = (1...11).map { sample(UInt32($0), .began, CGFloat($0) * 20, 100) }
        window.inject(began)
        XCTAssertEqual(view.lastEvent?.allTouches?.count, 11)
        window.inject((1...11).map { sample(UInt32($0), .moved, CGFloat($0) * 20, 110) })
        window.inject((1...11).map { sample(UInt32($0), .ended, CGFloat($0) * 20, 110) })
        let all = "1,2,3,4,5,6,7,8,9,10,11"
        XCTAssertEqual(trace.flush(), ["view.began(\(all))", "view.moved(\(all))", "view.ended(\(all))"])
        XCTAssertEqual(view.seenTouches[7]?.location(in: view), CGPoint(x: 140, y: 110))
        XCTAssertEqual(view.seenTouches[7]?.previousLocation(in: view), CGPoint(x: 140, y: 110), "ended without moving")
    }

    func testAThousandTouchesInOneBatch() async {
        window.inject((1...1000).map { sample(UInt32($0), .began, CGFloat($0 % 300), CGFloat($0 % 400)) })
        XCTAssertEqual(view.lastEvent?.allTouches?.count, 1000)
        window.inject((1...1000).map { sample(UInt32($0), .ended, CGFloat($0 % 300), CGFloat($0 % 400)) })
        XCTAssertEqual(trace.lines.count, 2)
        XCTAssertEqual(view.seenTouches.count, 1000)
        XCTAssertTrue(view.seenTouches.values.allSatisfy { $0.phase == .ended })
        assertNoTouchLeftOpen()
    }

    func testEndOrMoveForAnUnknownIDIsIgnoredWithALog() async {
        window.inject([sample(5, .ended, 10, 10)])
        window.inject([sample(6, .moved, 10, 10)])
        window.inject([sample(7, .cancelled, 10, 10)])
        XCTAssertEqual(trace.flush(), [])
        XCTAssertEqual(events, [])
        XCTAssertEqual(logLines(containing: "for no live touch ignored").count, 3)
        let first = logLines(containing: "input:").first ?? ""
        XCTAssertTrue(first.hasPrefix("[UIKit 100.000000] input: ended -1:5 for no live touch"), first)
        assertNoTouchLeftOpen()
    }

    func testASecondBeginForALiveIDCancelsTheOldTouchAndStartsANewOne() async {
        window.inject([sample(1, .began, 10, 10)])
        let old = view.seenTouches[1]
        view.isMultipleTouchEnabled = false
        window.inject([sample(1, .began, 50, 50)])
        let new = view.lastEvent?.allTouches?.first
        XCTAssertEqual(events, ["1:began", "1:cancelled", "1:began"])
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.cancelled(1)", "view.began(1)"])
        XCTAssertFalse(old === new)
        XCTAssertEqual(old?.phase, .cancelled)
        XCTAssertEqual(new?.location(in: nil), CGPoint(x: 50, y: 50))
        window.inject([sample(1, .ended, 50, 50)])
        XCTAssertEqual(trace.flush(), ["view.ended(1)"])
        XCTAssertEqual(logLines(containing: "while that touch is live").count, 1)
        assertNoTouchLeftOpen()
    }

    func testNonFiniteLocations() async {
        // A begin nowhere is dropped, with the rest of that finger.
        window.inject([sample(1, .began, .nan, 10)])
        window.inject([sample(1, .moved, 20, 20)])
        window.inject([sample(1, .ended, 20, 20)])
        XCTAssertEqual(trace.flush(), [])
        // Later samples keep the last finite location.
        window.inject([sample(2, .began, 30, 30)])
        window.inject([sample(2, .moved, .infinity, 40)])
        window.inject([sample(2, .moved, 35, 35)])
        window.inject([sample(2, .ended, 40, -.infinity)])
        XCTAssertEqual(trace.flush(), ["view.began(2)", "view.moved(2)", "view.ended(2)"])
        XCTAssertEqual(view.seenTouches[2]?.location(in: nil), CGPoint(x: 35, y: 35))
        XCTAssertEqual(logLines(containing: "non-finite location").count, 3)
        assertNoTouchLeftOpen()
    }

    func testTimestampsNeverGoBackwards() async {
        window.inject([sample(1, .began, 10, 10, at: 50)])
        XCTAssertEqual(view.lastEvent?.timestamp, 50)
        window.inject([sample(1, .moved, 20, 20, at: 40)])
        XCTAssertEqual(view.seenTouches[1]?.timestamp, 50)
        XCTAssertEqual(view.lastEvent?.timestamp, 50)
        window.inject([sample(1, .moved, 30, 30, at: .nan)])
        XCTAssertEqual(view.seenTouches[1]?.timestamp, 50)
        window.inject([sample(1, .ended, 30, 30, at: 51)])
        XCTAssertEqual(view.seenTouches[1]?.timestamp, 51)
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.moved(1)", "view.moved(1)", "view.ended(1)"])
        XCTAssertEqual(logLines(containing: "is older than").count, 1)
        XCTAssertEqual(logLines(containing: "has timestamp nan").count, 1)
        assertNoTouchLeftOpen()
    }

    func testHugeFiniteLocationsAreClampedSoEveryRecognizerReportsFiniteValues() async {
        GestureTrace.isEnabled = true
        defer { GestureTrace.isEnabled = false }
        let pan = UIPanGestureRecognizer()
        let pinch = UIPinchGestureRecognizer()
        let rotation = UIRotationGestureRecognizer()
        let swipe = UISwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = 2
        var reported: [CGFloat] = []
        pan.addAction { recognizer in
            let pan = recognizer as! UIPanGestureRecognizer
            let t = pan.translation(in: nil), v = pan.velocity(in: nil)
            reported += [t.x, t.y, v.x, v.y]
        }
        pinch.addAction { reported += [($0 as! UIPinchGestureRecognizer).scale, ($0 as! UIPinchGestureRecognizer).velocity] }
        rotation.addAction { reported += [($0 as! UIRotationGestureRecognizer).rotation, ($0 as! UIRotationGestureRecognizer).velocity] }
        for recognizer in [pan, pinch, rotation, swipe] as [UIGestureRecognizer] {
            view.addGestureRecognizer(recognizer)
            recognizer.delegate = SimultaneousDelegate.shared
        }
        window.inject([sample(1, .began, 10, 10), sample(2, .began, 20, 20)])
        clock.advance(by: 0.01)
        // Before the fix: a trap formatting the swipe's failure, and infinite values.
        window.inject([sample(1, .moved, 1e300, -1e300)])
        clock.advance(by: 0.01)
        window.inject([sample(2, .moved, -.greatestFiniteMagnitude, 1e308)])
        clock.advance(by: 0.01)
        window.inject([sample(1, .ended, 1e300, 1e300), sample(2, .ended, 20, 20)])
        XCTAssertFalse(reported.isEmpty)
        XCTAssertTrue(reported.allSatisfy(\.isFinite), "\(reported)")
        XCTAssertEqual(view.seenTouches[1]?.location(in: nil), CGPoint(x: 1_000_000, y: 1_000_000))
        XCTAssertEqual(logLines(containing: "is beyond ±1000000.0 pt: clamped").count, 3)
        XCTAssertTrue(GestureTrace.lines.contains { $0.contains("fingers down") || $0.contains("possible →") })
        assertNoTouchLeftOpen()
    }

    func testATimestampFarAheadOfNowIsReplacedByNowAndTimeGoesOn() async {
        let pan = UIPanGestureRecognizer()
        view.addGestureRecognizer(pan)
        window.inject([sample(1, .began, 10, 10)])
        XCTAssertEqual(view.lastEvent?.timestamp, 100)
        // One broken stamp, a million seconds ahead: replaced by now, logged.
        clock.advance(by: 0.05)
        window.inject([sample(1, .moved, 30, 10, at: 1_000_100)])
        XCTAssertEqual(view.lastEvent?.timestamp, 100.05)
        XCTAssertEqual(logLines(containing: "s ahead of now").count, 1)
        // Later stamps are taken as they come, so velocity is measured, not 0.
        clock.advance(by: 0.05)
        window.inject([sample(1, .moved, 50, 10)])
        XCTAssertEqual(view.lastEvent?.timestamp, 100.1)
        XCTAssertEqual(pan.velocity(in: nil).x, 400, accuracy: 1e-6)
        window.inject([sample(1, .ended, 50, 10)])
        // A press held 3 s after it is a long press, not a tap.
        let press = UILongPressGestureRecognizer()
        var pressStates: [UIGestureRecognizer.State] = []
        press.addAction { pressStates.append($0.state) }
        view.addGestureRecognizer(press)
        window.inject([sample(2, .began, 100, 100)])
        clock.advance(by: 3)
        UIApplication.shared.runPendingTimers()
        window.inject([sample(2, .ended, 100, 100)])
        XCTAssertEqual(pressStates, [.began, .ended])
        XCTAssertEqual(view.seenTouches[2]?.timestamp, 103.1)
        // Up to a second ahead is ordinary disorder and kept.
        window.inject([sample(3, .began, 10, 10, at: clock.now + 0.9)])
        XCTAssertEqual(view.lastEvent?.timestamp, clock.now + 0.9)
        window.inject([sample(3, .ended, 10, 10, at: clock.now + 0.9)])
    }

    func testAnEmptyBatchSendsNothing() async {
        window.inject([])
        XCTAssertEqual(events, [])
    }
}

/// Lets every recognizer of a test recognize alongside the others.
@MainActor
private final class SimultaneousDelegate: UIGestureRecognizerDelegate {
    static let shared = SimultaneousDelegate()

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }
}
