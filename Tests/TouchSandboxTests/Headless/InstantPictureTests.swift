import AnimatedImage
import CairoRenderer
import Foundation
import SandboxDebugging
import TouchRecording
@testable import TouchSandbox
import TouchTestSupport
import UIKit
import XCTest

/// `touch-sandbox --replay FILE --at SECONDS [--until SECONDS]`: the screen at an instant of
/// a recording, re-executed with no display; the same picture on every run, and the
/// picture a re-execution stopped there in process draws; a stretch frame by frame.
@MainActor
final class InstantPictureTests: XCTestCase {
    private var folder: URL!

    private static func tour(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/tours/\(name).touches")
    }

    override func setUp() async throws {
        CairoDrawingEngine.install()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("at-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
        TestApplication.end()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    }

    func testThePictureAtAnInstantIsTheSameOnEveryRunAndIsWhatAReexecutionStoppedThereDraws() async throws {
        let tour = Self.tour("hit-test-animation")
        let name = "touch-sandbox-hit-test-animation-at-2.500s.png"
        var pictures: [Data] = []
        for run in 0..<2 {
            let output = folder.appendingPathComponent("run\(run)")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)
            let result = try SandboxProcess.run(["--replay", tour.path, "--at", "2.5", "--overlays", "spots,frames,hit-views",
                                                 "--output", output.path], environment: ["DISPLAY": nil])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardError, "touch-sandbox: re-executed hit-test-animation to 2.500 s: wrote \(output.path)/\(name)\n")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), [name])
            pictures.append(try Data(contentsOf: output.appendingPathComponent(name)))
        }
        XCTAssertEqual(pictures[0], pictures[1], "the same bytes on every run")

        // In process: the same plan, written beside; the same pixels.
        let recording = try TouchRecordingReader.read(contentsOf: tour).recording
        let sceneType = try XCTUnwrap(SceneCatalog.scene(named: "hit-test-animation"))
        let plan = InstantPicture.Plan(recording: recording, sceneType: sceneType, at: 2.5, until: nil,
                                       overlays: [.spots, .frames, .hitViews], scale: 1, outputFolder: folder)
        XCTAssertEqual(try InstantPicture.write(plan), "re-executed hit-test-animation to 2.500 s: wrote \(folder.path)/\(name)")
        let inProcess = try XCTUnwrap(UIImage(contentsOfFile: folder.appendingPathComponent(name).path)?.cgImage)
        let fromCommand = try XCTUnwrap(UIImage(data: pictures[0])?.cgImage)
        XCTAssertEqual(inProcess.width, 1024)
        XCTAssertEqual(inProcess.dataProvider?.data, fromCommand.dataProvider?.data, "pixel for pixel")
    }

    func testAStretchIsWrittenFrameByFrameAsAnAnimation() async throws {
        let result = try SandboxProcess.run(["--replay", Self.tour("hit-test-animation").path, "--at", "1", "--until", "1.5",
                                             "--output", folder.path], environment: ["DISPLAY": nil])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.hasSuffix(
            "and \(folder.path)/touch-sandbox-hit-test-animation-1.000s-1.500s.webp (31 frames to 1.500 s)\n"), result.standardError)
        let animation = try XCTUnwrap(DecodedAnimation(webP: try Data(contentsOf: folder.appendingPathComponent(
            "touch-sandbox-hit-test-animation-1.000s-1.500s.webp"))))
        XCTAssertEqual([animation.width, animation.height], [1024, 768])
        XCTAssertGreaterThan(animation.frames.count, 10, "the lanes move: most frames differ")
        XCTAssertLessThanOrEqual(animation.frames.count, 31)
    }

    /// The gallery re-executed to an instant of the hit-test-animation tour, then frozen
    /// and stepped by its time strip: the README's picture of Freeze (written when
    /// FREEZE_PICTURES names a folder).
    func testTheGalleryFrozenMidAnimationShowsItsTimeStrip() async throws {
        let recording = try TouchRecordingReader.read(contentsOf: Self.tour("hit-test-animation")).recording
        let sceneType = try XCTUnwrap(SceneCatalog.scene(named: "hit-test-animation"))
        let gallery = InstantPicture.GalleryReexecution(of: recording, sceneType: sceneType, overlays: [.spots, .frames])
        let replay = gallery.reexecution
        try replay.run(to: 1.2)
        let layer = gallery.sandbox.debugLayer
        layer.window.layoutIfNeeded()
        XCTAssertTrue(layer.view.timeStrip.isHidden, "the re-execution's own hold on time is no Freeze: no strip")
        layer.freeze()
        layer.step(frames: 3)
        try replay.run(to: 1.3)
        XCTAssertTrue(layer.isFrozen, "the host's time moved on; the app's did not")
        layer.window.layoutIfNeeded()
        XCTAssertFalse(layer.view.timeStrip.isHidden)
        XCTAssertEqual(layer.view.timeStrip.summaryLabel.text, "Frozen \u{B7} 3 frames stepped")
        let picture = replay.application.animationEngine.holdingTime { layer.snapshot(scale: 1) }
        if let out = ProcessInfo.processInfo.environment["FREEZE_PICTURES"] {
            try picture.writePNG(to: URL(fileURLWithPath: out).appendingPathComponent("freeze.png"))
        }
    }

    /// The gallery with a scene's tour opened in the Timeline tool, scrubbed forwards and
    /// back: the scene made anew in its window by the gallery, the overlays following the
    /// replayed fingers; the README's picture of the timeline (written when
    /// TIMELINE_PICTURES names a folder).
    func testTheGalleryScrubsItsTourInTheTimeline() async throws {
        let recording = try TouchRecordingReader.read(contentsOf: Self.tour("hit-test-animation")).recording
        let sceneType = try XCTUnwrap(SceneCatalog.scene(named: "hit-test-animation"))
        TestApplication.next()
        UIScreen.main.bounds = CGRect(origin: .zero, size: recording.header.size)
        let sandbox = SandboxApp(sceneType: sceneType)
        sandbox.showOnly(overlays: [.spots, .frames, .hitViews])
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = sceneType.init()
        window.makeKeyAndVisible()
        sandbox.attach(window)
        let layer = sandbox.debugLayer
        XCTAssertTrue(layer.openTimeline(recording, name: "hit-test-animation.touches"))
        let timeline = try XCTUnwrap(layer.timeline)
        timeline.show(2.2)
        let firstScene = window.rootViewController
        timeline.show(1.45)
        XCTAssertTrue(layer.timeline?.reexecution.window === window, "the gallery makes the scene anew in its own window")
        XCTAssertFalse(window.rootViewController === firstScene, "a new scene for the step back")
        XCTAssertFalse(window.isHidden)
        XCTAssertEqual(timeline.reexecution.runs, 2)
        layer.window.layoutIfNeeded()
        XCTAssertEqual(layer.view.timeline.titleLabel.text, "hit-test-animation.touches \u{B7} 1.450 s of \(String(format: "%.3f", recording.duration)) s")
        let picture = timeline.reexecution.application.animationEngine.holdingTime { layer.snapshot(scale: 1) }
        if let out = ProcessInfo.processInfo.environment["TIMELINE_PICTURES"] {
            try picture.writePNG(to: URL(fileURLWithPath: out).appendingPathComponent("timeline.png"))
        }
        layer.closeTimeline()
    }

    func testAFolderInThePicturesPlaceIsOneLineAndNothingIsWritten() async throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("touch-sandbox-taps-at-1.000s.png"),
                                                withIntermediateDirectories: false)
        let result = try SandboxProcess.run(["--replay", Self.tour("taps").path, "--at", "1", "--output", folder.path],
                                            environment: ["DISPLAY": nil])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("touch-sandbox-taps-at-1.000s.png"), result.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["touch-sandbox-taps-at-1.000s.png"])
    }
}
