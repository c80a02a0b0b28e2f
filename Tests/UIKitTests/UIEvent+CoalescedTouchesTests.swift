import UIKit
import XCTest
import TouchTestSupport

/// The touches an event reports beyond its main ones: coalesced touches from a sample
/// batch that collapsed moves, and predicted touches from the recent velocity.
final class UIEventCoalescedTouchesTests: UIKitTestCase {
    private var view: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        view = addTraceView("view", CGRect(x: 20, y: 40, width: 280, height: 400))
        view.isMultipleTouchEnabled = true
    }

    /// One coalesced or predicted touch, as its values read in the view's coordinates.
    private struct Seen: Equatable {
        var phase: UITouch.Phase
        var location: CGPoint
        var previous: CGPoint
        var timestamp: TimeInterval
        var force: CGFloat

        @MainActor
        init(_ touch: UITouch, in view: UIView) {
            phase = touch.phase
            location = touch.location(in: view)
            previous = touch.previousLocation(in: view)
            timestamp = touch.timestamp
            force = touch.force
        }

        init(_ phase: UITouch.Phase, _ location: CGPoint, from previous: CGPoint, at timestamp: TimeInterval,
             force: CGFloat = 0) {
            self.phase = phase
            self.location = location
            self.previous = previous
            self.timestamp = timestamp
            self.force = force
        }
    }

    /// What `coalescedTouches(for:)` and `predictedTouches(for:)` answered for each touch
    /// of each touches call, in the view's coordinates, while the event was delivered.
    private var coalesced: [[Seen]] = []
    private var predicted: [[Seen]] = []
    /// Whether each answer's touches were all new objects of the touch's finger.
    private var copiesOnly = true

    private func recordAnswers() {
        view.onCall = { [unowned self] _, touches in
            let event = self.view.lastEvent!
            for touch in touches.sorted(by: { $0.sampleID.number < $1.sampleID.number }) {
                let both = (event.coalescedTouches(for: touch) ?? []) + (event.predictedTouches(for: touch) ?? [])
                copiesOnly = copiesOnly && both.allSatisfy { $0 !== touch && $0.sampleID == touch.sampleID && $0.view === touch.view }
                coalesced.append(event.coalescedTouches(for: touch)?.map { Seen($0, in: self.view) } ?? [])
                predicted.append(event.predictedTouches(for: touch)?.map { Seen($0, in: self.view) } ?? [])
            }
        }
    }

    /// A moved sample of touch 1 that stands for `earlier` moves (window points, times).
    private func move(to point: CGPoint, at time: TimeInterval, force: CGFloat = 0,
                      after earlier: [(CGPoint, TimeInterval, CGFloat)]) -> TouchSample {
        let id = TouchSample.ID(device: TouchInjector.defaultDevice, number: 1)
        return TouchSample(id: id, phase: .moved, location: point, timestamp: time, force: force,
                           maximumPossibleForce: 20.0 / 3, coalescedSamples: earlier.map {
            TouchSample(id: id, phase: .moved, location: $0.0, timestamp: $0.1, force: $0.2, maximumPossibleForce: 20.0 / 3)
        })
    }

    /// UIEvent.coalescedTouches(for:): "all of the touches that were reported for the
    /// specified touch since the last time the event was delivered ... in the order in
    /// which the touches were reported ..., with the last touch being a copy of the
    /// same touch you specified". The collapsed moves come first, each with its own
    /// place, time and force, each starting where the one before it ended.
    func testACollapsedMoveReportsEverySampleOldestFirstThenACopyOfTheTouch() async {
        recordAnswers()
        window.inject([sample(1, .began, 40, 60, at: 100)])
        window.inject([move(to: CGPoint(x: 70, y: 90), at: 100.03, force: 1.5, after: [
            (CGPoint(x: 50, y: 70), 100.01, 0.5), (CGPoint(x: 60, y: 80), 100.02, 1),
        ])])
        XCTAssertEqual(coalesced, [
            [Seen(.began, CGPoint(x: 20, y: 20), from: CGPoint(x: 20, y: 20), at: 100)],
            [
                Seen(.moved, CGPoint(x: 30, y: 30), from: CGPoint(x: 20, y: 20), at: 100.01, force: 0.5),
                Seen(.moved, CGPoint(x: 40, y: 40), from: CGPoint(x: 30, y: 30), at: 100.02, force: 1),
                Seen(.moved, CGPoint(x: 50, y: 50), from: CGPoint(x: 40, y: 40), at: 100.03, force: 1.5),
            ],
        ])
        XCTAssertTrue(copiesOnly, "coalesced touches are copies, never the touch itself")
        // The touch itself still says where the previous event left it.
        XCTAssertEqual(view.seenTouches[1]?.previousLocation(in: view), CGPoint(x: 20, y: 20))
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.moved(1)"], "one event for the three samples")
    }

    /// A copy keeps its values: the finger moving on changes the touch, not the copy
    /// (UIEvent.coalescedTouches(for:): "a copy").
    func testACopyKeepsItsValuesWhenTheFingerMovesOn() async {
        window.inject([sample(1, .began, 40, 60)])
        let event = view.lastEvent!
        let touch = view.seenTouches[1]!
        let copy = event.coalescedTouches(for: touch)!.last!
        window.inject([sample(1, .moved, 45, 60)])
        XCTAssertEqual(touch.location(in: nil), CGPoint(x: 45, y: 60))
        XCTAssertEqual(copy.location(in: nil), CGPoint(x: 40, y: 60))
        XCTAssertEqual(copy.phase, .began)
    }

    /// UIEvent.coalescedTouches(for:) for touches with nothing collapsed: began, a move
    /// read alone, a stationary finger beside a moving one, ended, each a copy alone.
    func testATouchWithNothingCollapsedHasItsCopyAlone() async {
        recordAnswers()
        window.inject([sample(1, .began, 40, 60, at: 100), sample(2, .began, 100, 60, at: 100)])
        window.inject([sample(1, .moved, 45, 60, at: 100.01)])
        // The stationary touch 2, asked for in the same event.
        let event = view.lastEvent!
        let stationary = view.seenTouches[2]!
        XCTAssertEqual(stationary.phase, .stationary)
        XCTAssertEqual(event.coalescedTouches(for: stationary)?.map { Seen($0, in: view) },
                       [Seen(.stationary, CGPoint(x: 80, y: 20), from: CGPoint(x: 80, y: 20), at: 100)])
        XCTAssertEqual(event.predictedTouches(for: stationary)?.count, 0)
        window.inject([sample(1, .ended, 45, 60, at: 100.02), sample(2, .ended, 100, 60, at: 100.02)])
        XCTAssertEqual(coalesced, [
            [Seen(.began, CGPoint(x: 20, y: 20), from: CGPoint(x: 20, y: 20), at: 100)],
            [Seen(.began, CGPoint(x: 80, y: 20), from: CGPoint(x: 80, y: 20), at: 100)],
            [Seen(.moved, CGPoint(x: 25, y: 20), from: CGPoint(x: 20, y: 20), at: 100.01)],
            [Seen(.ended, CGPoint(x: 25, y: 20), from: CGPoint(x: 25, y: 20), at: 100.02)],
            [Seen(.ended, CGPoint(x: 80, y: 20), from: CGPoint(x: 80, y: 20), at: 100.02)],
        ])
        XCTAssertTrue(copiesOnly)
    }

    /// UIEvent.coalescedTouches(for:) and predictedTouches(for:): "The return value is nil
    /// if the object in the touch parameter is not associated with the current event":
    /// a copy, and a touch once the event that ended it has been delivered.
    func testATouchNotInTheEventHasNeither() async {
        window.inject([sample(1, .began, 40, 60)])
        let event = view.lastEvent!
        let touch = view.seenTouches[1]!
        let copy = event.coalescedTouches(for: touch)!.last!
        XCTAssertNil(event.coalescedTouches(for: copy))
        XCTAssertNil(event.predictedTouches(for: copy))
        window.inject([sample(1, .ended, 40, 60)])
        XCTAssertNil(event.coalescedTouches(for: touch))
        XCTAssertNil(event.predictedTouches(for: touch))
    }

    /// What `UIWindow.inject(_:)` promises for bad input holds for the samples a move
    /// stands for: a non-finite place is dropped, a far one clamped, and times are kept
    /// in order between the previous change and the move's own.
    func testCollapsedSamplesAreMadeFitLikeTheMoveItself() async {
        recordAnswers()
        window.inject([sample(1, .began, 40, 60, at: 100)])
        window.inject([move(to: CGPoint(x: 70, y: 90), at: 100.03, after: [
            (CGPoint(x: CGFloat.nan, y: 70), 100.01, 0), (CGPoint(x: 60, y: 2_000_000), 99, 0),
            (CGPoint(x: 65, y: 85), 100.5, 0),
        ])])
        XCTAssertEqual(coalesced.last?.map(\.location), [
            CGPoint(x: 40, y: 999_960), CGPoint(x: 45, y: 45), CGPoint(x: 50, y: 50),
        ])
        XCTAssertEqual(coalesced.last?.map(\.timestamp), [100, 100.03, 100.03])
    }

    // MARK: - Predicted touches

    /// UIEvent.predictedTouches(for:): "the set of touches that the system predicts will
    /// occur next ... does not include the original touch". A finger moving 2 points
    /// right and 1 down every 1/120 s (240 and 120 points a second) is predicted 1/120 s
    /// and 1/60 s ahead of its newest sample, on the same line, with its force.
    func testAMovingFingerIsPredictedOneFrameAheadOnItsLine() async {
        recordAnswers()
        let step = 1.0 / 120
        window.inject([sample(1, .began, 40, 60, at: 100)])
        for index in 1...3 {
            window.inject([sample(1, .moved, 40 + 2 * CGFloat(index), 60 + CGFloat(index), at: 100 + step * Double(index))])
        }
        let last = predicted.last ?? []
        XCTAssertEqual(last.count, 2)
        XCTAssertEqual(last.map(\.phase), [.moved, .moved])
        XCTAssertEqualPoints(last.first?.location ?? .zero, CGPoint(x: 28, y: 24))
        XCTAssertEqualPoints(last.first?.previous ?? .zero, CGPoint(x: 26, y: 23))
        XCTAssertEqualPoints(last.last?.location ?? .zero, CGPoint(x: 30, y: 25))
        XCTAssertEqualPoints(last.last?.previous ?? .zero, CGPoint(x: 28, y: 24))
        XCTAssertEqual(last.first?.timestamp ?? 0, 100 + 4 * step, accuracy: 1e-9)
        XCTAssertEqual(last.last?.timestamp ?? 0, 100 + 5 * step, accuracy: 1e-9)
        XCTAssertTrue(copiesOnly, "predicted touches are new touches of the same finger")
    }

    /// The collapsed samples count towards the velocity: one event whose move stands for
    /// two earlier ones predicts what three separate events would have.
    func testCollapsedSamplesCountTowardsThePrediction() async {
        recordAnswers()
        let step = 1.0 / 120
        window.inject([sample(1, .began, 40, 60, at: 100)])
        window.inject([move(to: CGPoint(x: 46, y: 63), at: 100 + 3 * step, after: [
            (CGPoint(x: 42, y: 61), 100 + step, 0), (CGPoint(x: 44, y: 62), 100 + 2 * step, 0),
        ])])
        XCTAssertEqualPoints(predicted.last?.first?.location ?? .zero, CGPoint(x: 28, y: 24))
        XCTAssertEqualPoints(predicted.last?.last?.location ?? .zero, CGPoint(x: 30, y: 25))
    }

    /// A finger that rested longer than the velocity window before this move has no
    /// recent velocity: it is predicted to stay where it is, 1/120 s and 1/60 s on.
    func testAFingerWithNoRecentVelocityIsPredictedToStay() async {
        recordAnswers()
        window.inject([sample(1, .began, 40, 60, at: 100)])
        clock.advance(by: 0.5)
        window.inject([sample(1, .moved, 50, 60)])
        XCTAssertEqual(predicted.last?.map(\.location), [CGPoint(x: 30, y: 20), CGPoint(x: 30, y: 20)])
        XCTAssertEqual(predicted.last?.map(\.timestamp), [100.5 + 1.0 / 120, 100.5 + 1.0 / 60])
    }

    /// UIEvent.predictedTouches(for:) is empty for a touch that began, ended or was
    /// cancelled: there is no course to extend (observed on iOS; Apple's page does not say).
    func testBeganEndedAndCancelledTouchesHaveNoPrediction() async {
        recordAnswers()
        window.inject([sample(1, .began, 40, 60), sample(2, .began, 100, 60)])
        clock.advance(by: 0.01)
        window.inject([sample(1, .moved, 50, 60), sample(2, .moved, 110, 60)])
        clock.advance(by: 0.01)
        window.inject([sample(1, .ended, 60, 60), sample(2, .cancelled, 120, 60)])
        XCTAssertEqual(predicted.map(\.count), [0, 0, 2, 2, 0, 0])
    }
}
