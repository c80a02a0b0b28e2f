import Foundation
import TouchRecording
import UIKit
import UIKitTesting
import XCTest

/// `replayRecording(at:to:makeWindow:)`: a test reads a `.touches` file, replays it into
/// its own app made anew, and asserts on the app's state at an instant; a file that is
/// not a recording is the reader's one-line error.
@MainActor
final class RecordingReplayTests: XCTestCase {
    private var folder: URL!

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
        // A replay leaves its app current, on its manual clock: the tests after this one
        // get a fresh application on the monotonic clock, as a process starts.
        for window in UIApplication.shared.visibleWindows { window.isHidden = true }
        UIApplication().makeCurrent()
    }

    /// A window whose view follows a pan's translation.
    private final class DragWindow: UIWindow {
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        init() {
            super.init(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            addSubview(square)
            let pan = UIPanGestureRecognizer()
            pan.addAction { [unowned self] sender in
                let moved = (sender as! UIPanGestureRecognizer).translation(in: self)
                square.frame.origin = CGPoint(x: moved.x, y: moved.y)
            }
            square.addGestureRecognizer(pan)
        }
        required init?(coder: NSCoder) { nil }
    }

    func testATestAssertsOnTheAppsStateAtAnInstantOfARecordedFile() async throws {
        // A finger drags from (25, 25) right by 10 pt every 0.1 s for a second.
        var events: [TouchRecording.Event] = [.touches([TouchSample(id: .init(device: 2, number: 1), phase: .began,
                                                                    location: CGPoint(x: 25, y: 25), timestamp: 0)])]
        for step in 1...10 {
            events.append(.touches([TouchSample(id: .init(device: 2, number: 1), phase: .moved,
                                                location: CGPoint(x: 25 + 10 * CGFloat(step), y: 25), timestamp: 0.1 * Double(step))]))
        }
        events.append(.touches([TouchSample(id: .init(device: 2, number: 1), phase: .ended,
                                            location: CGPoint(x: 125, y: 25), timestamp: 1.05)]))
        let recording = TouchRecording(header: .init(size: CGSize(width: 300, height: 300), app: "drag"), events: events)
        let url = folder.appendingPathComponent("drag.touches")
        try TouchRecordingFormat.text(of: recording).write(to: url, atomically: true, encoding: .utf8)

        let replay = try replayRecording(at: url, to: 0.55) { _ in DragWindow() }
        let window = try XCTUnwrap(replay.window as? DragWindow)
        // The pan began 10 pt in, at 0.1 s; at 0.55 s the finger has gone 50 pt.
        XCTAssertEqual(window.square.frame.origin, CGPoint(x: 50, y: 0))
        try replay.run(to: 0.25)
        XCTAssertEqual((replay.window as? DragWindow)?.square.frame.origin, CGPoint(x: 20, y: 0), "and back, made anew")
    }

    func testAFileThatIsNotARecordingIsTheReadersOneLineError() async throws {
        let url = folder.appendingPathComponent("notes.touches")
        try "shopping list\n".write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try replayRecording(at: url, to: 1) { _ in UIWindow() }) { error in
            XCTAssertTrue(error is TouchRecordingError)
            XCTAssertFalse("\(error)".contains("\n"), "\(error)")
        }
    }
}
