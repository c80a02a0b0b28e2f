import CX11
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// Ten fingers reported much faster than the application reads: the backlog of moves
/// reaches UIKit as one move per finger, with every finger's final position exact and
/// its began and ended intact.
final class EndToEndFloodTests: XCTestCase {
    /// Records every touches call of one view: its phase and its touches' locations.
    @MainActor
    final class CallRecordingView: UIView {
        struct Call: Equatable {
            var phase: String
            var locations: [CGPoint]
        }

        var calls: [Call] = []

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record("cancelled", touches) }

        private func record(_ phase: String, _ touches: Set<UITouch>) {
            // Sorted by x: the fingers are laid out left to right and never cross.
            let locations = touches.map { $0.location(in: self) }.sorted { $0.x < $1.x }
            calls.append(Call(phase: phase, locations: locations))
        }
    }

    static let fingers = 10
    static let rounds = 200

    /// Where finger `finger` (0-based) is after `round` rounds of moves: left to right,
    /// a quarter-pixel further right and 1.5 pixels further down each round, never on a
    /// whole pixel, so sub-pixel positions must survive.
    static func location(finger: Int, round: Int) -> CGPoint {
        CGPoint(x: 20.375 + Double(finger) * 60 + Double(round) * 0.25, y: 60.625 + Double(round) * 1.5)
    }

    /// 10 fingers × 200 moves are injected while the application is not reading (the
    /// test holds the main thread), then one turn drains them all: 2,000 moved samples
    /// reach the view as one `touchesMoved` with ten touches at their final positions.
    /// The whole life of the ten fingers, 2,020 samples, is three UIKit events:
    /// began, moved, ended. That is the bound the coalescer promises: a turn whose batch
    /// holds only moves is one event, whatever the backlog.
    func testTenFingersFloodingTwoHundredMovesEachReachUIKitAsOneMovePerFinger() throws {
        try onMainActor {
            let view = CallRecordingView(frame: CGRect(x: 0, y: 0, width: 640, height: 480))
            view.isMultipleTouchEnabled = true
            let program = try OneViewProgram(showing: view)
            defer { program.runner.shutdown() }
            let (server, host) = (program.server, program.host)
            var batches: [[TouchSample]] { program.recorder.batches }
            let ids = (1...UInt32(Self.fingers)).map { $0 }
            let touchscreen = server.touchscreen

            try touchscreen.touches(ids.enumerated().map { ($1, .begin, Self.location(finger: $0, round: 0)) })
            XCTAssertTrue(runLoop { batches.count == 1 })
            XCTAssertEqual(batches.first?.map(\.phase), Array(repeating: .began, count: Self.fingers))

            // The flood: one burst per round, each acknowledged by the server, while
            // the application's main thread is here and reads nothing.
            for round in 1...Self.rounds {
                try touchscreen.touches(ids.enumerated().map { ($1, .update, Self.location(finger: $0, round: round)) })
            }
            // A round trip on the application's connection: every event the server
            // generated before it is now in Xlib's queue, so one turn sees the whole flood.
            XSync(host.connection.display, 0)
            host.processPendingEvents()
            XCTAssertEqual(batches.count, 2, "one turn for the whole flood")
            let flood = batches.count == 2 ? batches[1] : []
            XCTAssertEqual(flood.count, Self.fingers, "one sample per finger")
            XCTAssertEqual(flood.map(\.id), batches[0].map(\.id))
            for (finger, sample) in flood.enumerated() {
                assertSample(sample, .moved, at: Self.location(finger: finger, round: Self.rounds))
            }

            let last = Self.rounds
            try touchscreen.touches(ids.enumerated().map { ($1, .end, Self.location(finger: $0, round: last)) })
            XCTAssertTrue(runLoop { batches.count == 3 })
            XCTAssertEqual(batches.last?.map(\.phase), Array(repeating: .ended, count: Self.fingers))

            let calls = view.calls
            XCTAssertEqual(calls.map(\.phase), ["began", "moved", "ended"], "2,020 samples, three events")
            XCTAssertEqual(calls.map(\.locations.count), [Self.fingers, Self.fingers, Self.fingers])
            for call in calls.dropFirst() {
                for (finger, point) in call.locations.enumerated() {
                    let expected = Self.location(finger: finger, round: last)
                    XCTAssertEqual(point.x, expected.x, accuracy: 2.0 / 65536, "\(call.phase) x of finger \(finger)")
                    XCTAssertEqual(point.y, expected.y, accuracy: 2.0 / 65536, "\(call.phase) y of finger \(finger)")
                }
            }
        }
    }
}

/// Runs the main run loop until `condition` holds or `timeout` passes.
