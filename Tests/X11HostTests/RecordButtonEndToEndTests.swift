import Foundation
import HeadlessXorg
import SandboxDebugging
import TouchRecording
@testable import TouchSandbox
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// A recording made with the debug layer's Record button and E key, in the gallery on
/// the headless server, holds the app's input and nothing of the debugger's, names the
/// scene it was made in, and replays into the scene without ever working the tools.
final class RecordButtonEndToEndTests: XCTestCase {
    private static func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-button-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }

    private static func recordings(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".touches") }.sorted()
    }

    @MainActor
    private static func center(of view: UIView) -> CGPoint {
        let frame = view.convert(view.bounds, to: nil)
        return CGPoint(x: frame.midX.rounded(), y: frame.midY.rounded())
    }

    /// Started by a tap on Record, stopped by E: the file's header names the gallery and
    /// the scene, and its events are the scene's tap alone: not the taps on the Spots
    /// button made while recording, nor the E key that stopped it.
    func testARecordingHoldsTheScenesInputAndNamesTheSceneButNotTheDebuggersKeysOrTouches() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMainActor {
            let harness = try SandboxHarness(scene: TapDoubleTapPanScene.self)
            defer { harness.close() }
            let layer = harness.app.debugLayer
            layer.screenshotFolder = folder
            layer.window.layoutIfNeeded()
            var sent = 0
            @MainActor func tap(_ point: CGPoint, finger: UInt32) throws {
                try harness.server.touchscreen.touches([(finger, .begin, point)])
                sent += 1
                harness.waitForBatches(sent)
                try harness.server.touchscreen.touches([(finger, .end, point)])
                sent += 1
                harness.waitForBatches(sent)
            }
            let toolbar = layer.view.toolbar
            let record = try XCTUnwrap(toolbar.items.firstIndex { $0.title == "Record" })
            // Beyond the row it sits in the overflow panel, which More opens (a touch on
            // the layer's controls too, which the recording must not hold either).
            if !toolbar.rowIndices.contains(record) {
                try tap(Self.center(of: toolbar.moreButton), finger: 3)
                layer.window.layoutIfNeeded()
            }
            try tap(Self.center(of: toolbar.buttons[record]), finger: 1)
            XCTAssertTrue(harness.runLoop { layer.isOn(.record) }, "the button started a recording")

            let scene = try XCTUnwrap(harness.app.window?.rootViewController as? TapDoubleTapPanScene)
            let square = try XCTUnwrap(scene.square).center
            try tap(square, finger: 2)
            // The Spots button, off and on again: the debugger's touches, while recording.
            let spots = try XCTUnwrap(toolbar.buttons.first { $0.currentTitle == "Spots \u{B7} S" })
            try tap(Self.center(of: spots), finger: 4)
            XCTAssertFalse(harness.app.spots.isVisible)
            try tap(Self.center(of: spots), finger: 5)
            XCTAssertTrue(harness.app.spots.isVisible)

            try harness.server.pointer.move(to: CGPoint(x: 500, y: 300))
            let e = try XCTUnwrap(harness.host.connection.keycode(forKeysym: 0x65), "the keymap has an E")
            try harness.server.keyboard.key(e, isPress: true)
            try harness.server.keyboard.key(e, isPress: false)
            XCTAssertTrue(harness.runLoop { !layer.isOn(.record) }, "E stopped the recording")

            let recordings = Self.recordings(in: folder)
            XCTAssertEqual(recordings.count, 1)
            let written = try XCTUnwrap(recordings.first)
            let recording = try TouchRecordingReader.read(contentsOf: folder.appendingPathComponent(written)).recording
            XCTAssertEqual(recording.header.app, "touch-sandbox")
            XCTAssertEqual(recording.header.scene, "tap-double-pan", "--replay opens the scene it was made in")
            let events = recording.events.map { event -> String in
                switch event {
                case .touches(let samples):
                    samples.map { "\($0.phase) \(Int($0.location.x)),\(Int($0.location.y))" }.joined(separator: " ")
                case .key(let key, _):
                    "key \(key.keysym)"
                }
            }
            XCTAssertEqual(events, ["began \(Int(square.x)),\(Int(square.y))", "ended \(Int(square.x)),\(Int(square.y))"],
                           "the scene's tap, and nothing of the Record button or the E key")
        }
    }

    /// A file holding a recorded E and a tap on the Record button (as files made before
    /// recordings left them out do) plays into the scene and never works the debug layer:
    /// no recording starts, no file is written, and the scene gets its tap.
    func testAReplayNeverWorksTheDebugLayer() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMainActor {
            let harness = try SandboxHarness(scene: TapDoubleTapPanScene.self)
            defer { harness.close() }
            let layer = harness.app.debugLayer
            layer.screenshotFolder = folder
            layer.window.layoutIfNeeded()
            let toolbar = layer.view.toolbar
            let record = try XCTUnwrap(toolbar.items.firstIndex { $0.title == "Record" })
            // Where a finger opened the overflow, then tapped Record in it.
            XCTAssertFalse(toolbar.rowIndices.contains(record), "Record is in the overflow at this size")
            let more = Self.center(of: toolbar.moreButton)
            toolbar.setOverflowOpen(true)
            layer.window.layoutIfNeeded()
            let button = Self.center(of: toolbar.buttons[record])
            toolbar.setOverflowOpen(false)
            let scene = try XCTUnwrap(harness.app.window?.rootViewController as? TapDoubleTapPanScene)
            let square = try XCTUnwrap(scene.square).center
            func sample(_ number: UInt32, _ phase: TouchSample.Phase, _ point: CGPoint, _ time: TimeInterval) -> TouchSample {
                TouchSample(id: TouchSample.ID(device: 2, number: number), phase: phase, location: point, timestamp: time)
            }
            let file = TouchRecording(header: TouchRecording.Header(size: CGSize(width: 1024, height: 768), app: "touch-sandbox",
                                                                    scene: "tap-double-pan"), events: [
                .touches([sample(3, .began, more, 0)]),
                .touches([sample(3, .ended, more, 0.02)]),
                .touches([sample(1, .began, button, 0.04)]),
                .touches([sample(1, .ended, button, 0.06)]),
                .key(TouchRecording.Key(keysym: 0x65, text: "e"), time: 0.1),
                .touches([sample(2, .began, square, 0.15)]),
                .touches([sample(2, .ended, square, 0.2)]),
                .key(TouchRecording.Key(keysym: 0x65, text: "e"), time: 0.25),
            ])
            let replay = StageReplay(recording: file, host: harness.host)
            var finished = false
            replay.onFinish = { _ in finished = true }
            replay.start()
            XCTAssertTrue(harness.runLoop { finished })
            // Past the double tap's wait: the single tap fires.
            XCTAssertTrue(harness.runLoop { scene.gestures.actionLog == ["single"] }, "\(scene.gestures.actionLog)")
            XCTAssertFalse(layer.isOn(.record), "the replayed E and Record tap started no recording")
            XCTAssertTrue(layer.view.recordingBadge.isHidden)
            XCTAssertTrue(toolbar.overflowPanel.isHidden, "the replayed More tap did not open the overflow")
            XCTAssertEqual(Self.recordings(in: folder), [], "and wrote no file")
        }
    }
}
