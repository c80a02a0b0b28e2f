import CX11
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// Real touches with pressure from the virtual touchscreen reach a UIKit view as
/// `UITouch.force`, and moves the application read in one turn reach it as one
/// `touchesMoved` whose `coalescedTouches(for:)` holds every one of them.
final class EndToEndForceAndCoalescingTests: XCTestCase {
    /// What a view saw of its one touch in each touches call, in its own coordinates.
    @MainActor
    final class ContactRecordingView: UIView {
        struct Call {
            var phase: String
            var location: CGPoint
            var force: CGFloat
            var maximumPossibleForce: CGFloat
            var majorRadius: CGFloat
            /// `event.coalescedTouches(for:)`: each one's location and force.
            var coalesced: [(location: CGPoint, force: CGFloat)]
        }

        var calls: [Call] = []

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began", touches, event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches, event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches, event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record("cancelled", touches, event) }

        private func record(_ phase: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
            guard let touch = touches.first else { return }
            let coalesced = event?.coalescedTouches(for: touch)?.map { ($0.location(in: self), $0.force) } ?? []
            calls.append(Call(phase: phase, location: touch.location(in: self), force: touch.force,
                              maximumPossibleForce: touch.maximumPossibleForce, majorRadius: touch.majorRadius,
                              coalesced: coalesced))
        }
    }

    /// The recording view, placed at (100, 50) in the program's window.
    @MainActor
    private static func makeView() -> ContactRecordingView {
        ContactRecordingView(frame: CGRect(x: 100, y: 50, width: 400, height: 300))
    }

    /// The pressure valuator's readings, as fractions of its range that binary floating
    /// point and XI2's 32.32 fixed point both carry exactly.
    private static let quarter = InputTestMessage.touchPressureMaximum / 4
    private static let half = InputTestMessage.touchPressureMaximum / 2
    private static let threeQuarters = InputTestMessage.touchPressureMaximum * 3 / 4
    private static let full = InputTestMessage.touchPressureMaximum
    /// UITouch.maximumPossibleForce on a pressure-reporting device (as on 3D Touch).
    private static let maximumForce: CGFloat = 20.0 / 3

    private static func assertLocation(_ point: CGPoint?, _ expected: CGPoint, file: StaticString = #filePath, line: UInt = #line) {
        let precision = 2.0 / 65536  // XI2 carries positions as 16.16 fixed point
        XCTAssertEqual(point?.x ?? .nan, expected.x, accuracy: precision, file: file, line: line)
        XCTAssertEqual(point?.y ?? .nan, expected.y, accuracy: precision, file: file, line: line)
    }

    /// UITouch.force and UITouch.maximumPossibleForce from the inputtest touchscreen's
    /// "Abs MT Pressure" (0…2047): the whole range spans 0…20/3. A press that hardens in
    /// place is a `touchesMoved` (UIResponder.touchesMoved(_:with:): "when the location or
    /// force of a touch changes"), an update without pressure keeps the last, and the
    /// lift reports its own. The device reports no contact size: majorRadius is 0.
    func testPressureFromTheTouchscreenIsTheTouchsForce() throws {
        try onMainActor {
            let program = try OneViewProgram(showing: Self.makeView())
            defer { program.runner.shutdown() }
            let server = program.server
            var batches: Int { program.recorder.batches.count }
            let touchscreen = try XCTUnwrap(program.host.touchDevices.first { $0.name == server.touchscreen.name })
            XCTAssertTrue(touchscreen.description.hasSuffix(", pressure 0…2047"), touchscreen.description)

            let steps: [(InputTestMessage.TouchType, CGPoint, Double?)] = [
                (.begin, CGPoint(x: 150.5, y: 80.25), Self.quarter),
                (.update, CGPoint(x: 160, y: 90), Self.half),
                (.update, CGPoint(x: 160, y: 90), Self.full),
                (.update, CGPoint(x: 170, y: 95), nil),
                (.end, CGPoint(x: 170, y: 95), 0),
            ]
            for (index, (type, point, pressure)) in steps.enumerated() {
                if let pressure {
                    try server.touchscreen.touches([(1, type, point, pressure)])
                } else {
                    try server.touchscreen.touches([(1, type, point)])
                }
                XCTAssertTrue(runLoop { batches == index + 1 }, "step \(index) read")
            }
            let calls = program.view.calls
            XCTAssertEqual(calls.map(\.phase), ["began", "moved", "moved", "moved", "ended"])
            XCTAssertEqual(calls.map(\.force), [Self.maximumForce / 4, Self.maximumForce / 2, Self.maximumForce,
                                                Self.maximumForce, 0])
            XCTAssertEqual(calls.map(\.maximumPossibleForce), Array(repeating: Self.maximumForce, count: 5))
            XCTAssertEqual(calls.map(\.majorRadius), Array(repeating: 0, count: 5))
            Self.assertLocation(calls.first?.location, CGPoint(x: 50.5, y: 30.25))
            Self.assertLocation(calls.dropFirst(2).first?.location, CGPoint(x: 60, y: 40))
        }
    }

    /// UIEvent.coalescedTouches(for:): four moves reported while the application was not
    /// reading are read in one turn and delivered as one `touchesMoved`, at the last
    /// place; the event's coalesced touches are all four, oldest first, each at its own
    /// place with its own force, the last one a copy of the touch.
    func testMovesReadInOneTurnAreTheTouchsCoalescedTouches() throws {
        try onMainActor {
            let program = try OneViewProgram(showing: Self.makeView())
            defer { program.runner.shutdown() }
            let server = program.server
            var batches: [[TouchSample]] { program.recorder.batches }

            try server.touchscreen.touches([(1, .begin, CGPoint(x: 150.5, y: 80.25), Self.quarter)])
            XCTAssertTrue(runLoop { batches.count == 1 })
            let moves: [(CGPoint, Double)] = [
                (CGPoint(x: 160.25, y: 85.5), Self.quarter), (CGPoint(x: 170.5, y: 90.75), Self.half),
                (CGPoint(x: 180.75, y: 96), Self.threeQuarters), (CGPoint(x: 191, y: 101.25), Self.full),
            ]
            // Each update is its own burst, processed by the server, while the application's
            // main thread is here and reads nothing.
            for (point, pressure) in moves {
                try server.touchscreen.touches([(1, .update, point, pressure)])
            }
            // A round trip: every event the server generated is now in Xlib's queue, so
            // one turn reads all four.
            XSync(program.host.connection.display, 0)
            program.host.processPendingEvents()
            XCTAssertEqual(batches.count, 2, "one turn for the four moves")
            XCTAssertEqual(batches.last?.count, 1, "one sample standing for the four")
            XCTAssertEqual(batches.last?.first?.coalescedSamples.count, 3)

            try server.touchscreen.touches([(1, .end, CGPoint(x: 191, y: 101.25), 0)])
            XCTAssertTrue(runLoop { batches.count == 3 })
            let calls = program.view.calls
            XCTAssertEqual(calls.map(\.phase), ["began", "moved", "ended"])
            guard calls.count == 3 else { return }
            let moved = calls[1]
            Self.assertLocation(moved.location, CGPoint(x: 91, y: 51.25))
            XCTAssertEqual(moved.coalesced.count, 4)
            for (index, (point, _)) in moves.enumerated() where index < moved.coalesced.count {
                Self.assertLocation(moved.coalesced[index].location, CGPoint(x: point.x - 100, y: point.y - 50))
            }
            XCTAssertEqual(moved.coalesced.map(\.force), [Self.maximumForce / 4, Self.maximumForce / 2,
                                                          Self.maximumForce * 3 / 4, Self.maximumForce])
            // Nothing collapsed into the began and the ended: each has its copy alone.
            XCTAssertEqual(calls[0].coalesced.count, 1)
            Self.assertLocation(calls[0].coalesced.first?.location, CGPoint(x: 50.5, y: 30.25))
            XCTAssertEqual(calls[2].coalesced.map(\.force), [0])
        }
    }
}
