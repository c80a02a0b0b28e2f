import CairoRenderer
import SandboxDebugging
@testable import TouchSandbox
import UIKit
import XCTest

/// The chrome around a scene: touches on the bars and panels work the chrome and never
/// reach the scene; touches elsewhere reach the scene whole; keys and buttons do what
/// the help says.
final class SandboxAppTests: ListingTestCase {
    /// A scene whose stage records what it receives.
    final class RecordingScene: UIViewController, Scene {
        static let name = "recording"
        static let caption = "records touches"
        static let hint: String? = nil
        final class Stage: UIView {
            var log: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
        }
        override func loadView() { view = Stage(frame: UIScreen.main.bounds) }
        var stage: Stage { view as! Stage }
    }

    private var app: SandboxApp!
    private var scene: RecordingScene!
    private var nextNumber: UInt32 = 1
    private let size = CGSize(width: 800, height: 500)

    override func setUp() async throws {
        try await super.setUp()
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.makeKeyAndVisible()
        scene = RecordingScene()
        window.rootViewController = scene
        app = SandboxApp(sceneType: RecordingScene.self)
        app.attach(window)
    }

    override func tearDown() async throws {
        app.showOnly(overlays: [])  // the HUD hands the gesture trace back switched off
        CAAnimationEngine.animationSpeed = 1
        try await super.tearDown()
    }

    /// Sends one touch's samples through the chrome and what is left to the window.
    @discardableResult
    private func touch(_ points: [CGPoint], phaseAtEnd: TouchSample.Phase = .ended) -> TouchSample.ID {
        let id = TouchSample.ID(device: 9, number: nextNumber)
        nextNumber += 1
        for (index, point) in points.enumerated() {
            let phase: TouchSample.Phase = index == 0 ? .began : index == points.count - 1 ? phaseAtEnd : .moved
            clock.advance(by: 0.01)
            window.inject(app.route([TouchSample(id: id, phase: phase, location: point, timestamp: clock.now)]))
        }
        return id
    }

    private func center(of action: SandboxAction) throws -> CGPoint {
        let items = SandboxToolbar.layout(in: SandboxChrome.toolbar(in: size))
        let item = try XCTUnwrap(items.first { $0.action == action })
        return CGPoint(x: item.frame.midX, y: item.frame.midY)
    }

    func testTheToolbarListsEveryActionWithAKeyLeftToRightWithoutOverlapAndFitsAt800Points() async {
        let items = SandboxToolbar.layout(in: SandboxChrome.toolbar(in: size))
        XCTAssertEqual(items.map(\.action), [.sceneList, .touchSpots, .hitTestViews, .modelPresentationFrames, .pathRegions,
                                             .recognizerHUD, .performanceMeter, .slowAnimations, .screenshot, .help])
        XCTAssertTrue(items.allSatisfy(\.showsLabel), "labels fit at 800 points")
        for (left, right) in zip(items, items.dropFirst()) {
            XCTAssertLessThan(left.frame.maxX, right.frame.minX)
        }
        XCTAssertLessThanOrEqual(items.last!.frame.maxX, size.width)
        let narrow = SandboxToolbar.layout(in: SandboxChrome.toolbar(in: CGSize(width: 400, height: 300)))
        XCTAssertTrue(narrow.allSatisfy { !$0.showsLabel }, "a narrow window shows the key caps alone")
        XCTAssertLessThanOrEqual(narrow.last!.frame.maxX, 400)
    }

    func testATapOnAToolbarButtonWorksItAndNeverReachesTheScene() async throws {
        XCTAssertTrue(app.spots.isVisible)
        let button = try center(of: .touchSpots)
        touch([button, button])
        XCTAssertFalse(app.spots.isVisible)
        XCTAssertEqual(scene.stage.log, [])
        XCTAssertTrue(app.chromeTouches.isEmpty)
    }

    func testAButtonTouchThatSlidesOffBeforeLiftingDoesNothing() async throws {
        let button = try center(of: .touchSpots)
        touch([button, CGPoint(x: button.x, y: 200), CGPoint(x: button.x, y: 200)])
        XCTAssertTrue(app.spots.isVisible)
        XCTAssertEqual(scene.stage.log, [], "it began on the chrome, so it stays the chrome's")
    }

    func testASceneTouchThatSlidesOntoTheToolbarStaysTheScenes() async throws {
        let button = try center(of: .touchSpots)
        touch([CGPoint(x: 400, y: 200), button, button])
        XCTAssertEqual(scene.stage.log, ["began", "moved", "ended"])
        XCTAssertTrue(app.spots.isVisible)
    }

    func testTheHelpKeyOpensThePanelAndATouchAnywhereClosesItWithoutReachingTheScene() async {
        app.handle(KeyPress(keysym: 0x68, text: "h"))
        XCTAssertEqual(app.panel, .help)
        XCTAssertTrue(app.isOn(.help))
        touch([CGPoint(x: 400, y: 200), CGPoint(x: 400, y: 200)])
        XCTAssertNil(app.panel)
        XCTAssertEqual(scene.stage.log, [])
        app.handle(KeyPress(keysym: 0x48, text: "H"))
        app.handle(KeyPress(keysym: SandboxKeysym.escape, text: "\u{1B}"))
        XCTAssertNil(app.panel, "Esc closes a panel (and only quits when none is open)")
    }

    func testTheSceneListOpensTheHighlightedSceneAndCancelsTheOldScenesLiveTouch() async throws {
        let live = TouchSample.ID(device: 9, number: 99)
        window.inject(app.route([TouchSample(id: live, phase: .began, location: CGPoint(x: 300, y: 300), timestamp: clock.now)]))
        app.handle(KeyPress(keysym: SandboxKeysym.tab, text: "\t"))
        guard case .sceneList(let list) = app.panel else { return XCTFail("Tab opens the scene list") }
        XCTAssertEqual(list.entries.map(\.name), SceneCatalog.names)
        app.handle(KeyPress(keysym: SandboxKeysym.down, text: ""))
        app.handle(KeyPress(keysym: SandboxKeysym.down, text: ""))
        app.handle(KeyPress(keysym: SandboxKeysym.returnKey, text: "\r"))
        XCTAssertNil(app.panel)
        XCTAssertTrue(app.sceneType == SceneCatalog.all[2], "the recording scene is not listed, so the highlight starts on row 0")
        XCTAssertEqual(scene.stage.log, ["began", "cancelled"], "the old scene hears its touch end")
        XCTAssertTrue(window.rootViewController.map { type(of: $0) == SceneCatalog.all[2] } ?? false)
        XCTAssertEqual(app.chrome.caption, SceneCatalog.all[2].caption)
    }

    func testATouchOnASceneRowOpensThatScene() async throws {
        app.perform(.sceneList)
        guard case .sceneList(let list) = app.panel else { return XCTFail("the Scenes button opens the list") }
        let row = try XCTUnwrap(list.rows(in: size).first { $0.index == 3 })
        XCTAssertLessThanOrEqual(list.rows(in: size).last!.frame.maxY, size.height - SandboxChrome.helpHeight,
                                 "every scene's row shows at 800 × 500")
        touch([CGPoint(x: row.frame.midX, y: row.frame.midY), CGPoint(x: row.frame.midX, y: row.frame.midY)])
        XCTAssertTrue(app.sceneType == SceneCatalog.all[3])
        XCTAssertNil(app.panel)
    }

    func testArrowKeysStepThroughTheScenesWrappingAround() async {
        app.openScene(at: 0)
        app.handle(KeyPress(keysym: SandboxKeysym.left, text: ""))
        XCTAssertTrue(app.sceneType == SceneCatalog.all.last!)
        app.handle(KeyPress(keysym: SandboxKeysym.right, text: ""))
        XCTAssertTrue(app.sceneType == SceneCatalog.all[0])
    }

    func testEachOverlayKeyTogglesItsOverlayAndShowOnlyShowsExactlyTheNamedOnes() async {
        let expected: [(SandboxAction, String, any DebugOverlay)] = [
            (.touchSpots, "s", app.overlays.spots), (.hitTestViews, "v", app.overlays.hitTest),
            (.modelPresentationFrames, "f", app.overlays.animationFrames), (.pathRegions, "p", app.overlays.pathRegions),
            (.recognizerHUD, "r", app.overlays.recognizers), (.performanceMeter, "m", app.overlays.performance),
        ]
        for (action, key, overlay) in expected {
            let before = overlay.isVisible
            app.handle(KeyPress(keysym: UInt(key.unicodeScalars.first!.value), text: key))
            XCTAssertEqual(overlay.isVisible, !before, "\(key) toggles \(action)")
            XCTAssertEqual(app.isOn(action), !before)
        }
        app.showOnly(overlays: [.hitTestViews, .performanceMeter])
        XCTAssertEqual(expected.filter { $0.2.isVisible }.map(\.0), [.hitTestViews, .performanceMeter])
        app.showOnly(overlays: Set(SandboxAction.overlays))
        XCTAssertTrue(expected.allSatisfy { $0.2.isVisible })
    }

    func testSlowAnimationsToggleTheEngineSpeedAndShowABadge() async {
        app.handle(KeyPress(keysym: 0x74, text: "t"))
        XCTAssertEqual(CAAnimationEngine.animationSpeed, 0.1)
        XCTAssertEqual(app.badges, ["SLOW \u{D7}10"])
        XCTAssertTrue(app.isOn(.slowAnimations))
        app.handle(KeyPress(keysym: 0x74, text: "t"))
        XCTAssertEqual(CAAnimationEngine.animationSpeed, 1)
        XCTAssertEqual(app.badges, [])
    }

    func testTheScreenshotKeySavesAPNGOfTheWindowAndSaysWhere() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-shots-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.screenshotFolder = folder
        app.handle(KeyPress(keysym: 0x63, text: "c"))
        guard case .success(let url) = app.lastScreenshot else { return XCTFail("\(String(describing: app.lastScreenshot))") }
        XCTAssertTrue(url.lastPathComponent.hasPrefix("touch-sandbox-recording-"))
        XCTAssertEqual(url.deletingLastPathComponent().path, folder.path)
        let png = try pngSize(url)
        XCTAssertEqual(png.width, 800)
        XCTAssertEqual(png.height, 500)
        XCTAssertEqual(app.chrome.status, "saved \(url.lastPathComponent)")

        app.screenshotFolder = URL(fileURLWithPath: "/nonexistent-folder")
        app.perform(.screenshot)
        guard case .failure(let error) = app.lastScreenshot else { return XCTFail("an unwritable folder fails") }
        XCTAssertTrue(error.description.hasPrefix("cannot save a screenshot: could not write the PNG file /nonexistent-folder/touch-sandbox-recording-"), error.description)
        XCTAssertEqual(app.chrome.status, "screenshot failed: folder not writable")
    }

    func testTheFrameShowsTheLitToggleAndThePanelOverTheScene() async throws {
        func frame() -> FrameBuffer {
            let buffer = FrameBuffer(pointSize: size, scale: 1)
            buffer.draw { canvas in
                app.draw(in: canvas, size: size) { canvas, size in canvas.fill(CGRect(origin: .zero, size: size), with: .white) }
            }
            return buffer
        }
        let spotsButton = try XCTUnwrap(SandboxToolbar.layout(in: SandboxChrome.toolbar(in: size)).first { $0.action == .touchSpots })
        let probe = CGPoint(x: spotsButton.frame.maxX - 3, y: spotsButton.frame.minY + 3)
        let lit = pixel(frame(), at: probe)
        app.perform(.touchSpots)
        let unlit = pixel(frame(), at: probe)
        XCTAssertEqual(unlit, SandboxStyle.button.rgb, "a toggle that is off has the plain button colour")
        XCTAssertNotEqual(lit, unlit, "a toggle that is on is lit")

        XCTAssertEqual(pixel(frame(), at: CGPoint(x: 400, y: 250)), [255, 255, 255], "the scene shows without a panel")
        app.perform(.help)
        let dimmed = pixel(frame(), at: CGPoint(x: 4, y: 250))
        XCTAssertEqual(dimmed, [115, 115, 115], "the veil dims the scene beside the panel (white under 55 % black)")
    }

    /// The 8-bit RGB of the pixel at a point of a frame drawn at scale 1.
    private func pixel(_ buffer: FrameBuffer, at point: CGPoint) -> [Int] {
        let bytes = buffer.pixels.advanced(by: Int(point.y) * buffer.stride + Int(point.x) * 4).assumingMemoryBound(to: UInt8.self)
        return [Int(bytes[2]), Int(bytes[1]), Int(bytes[0])]  // Cairo's ARGB32 is BGRA in memory
    }
}

private extension Canvas.Color {
    var rgb: [Int] { [red, green, blue].map { Int(($0 * 255).rounded()) } }
}

/// `--overlays` names overlays; `all` and `none` are shorthands.
final class OverlaySelectionTests: XCTestCase {
    func testNamesAllAndNone() throws {
        XCTAssertEqual(try OverlaySelection.parse("spots,hit-views").actions, [.touchSpots, .hitTestViews])
        XCTAssertEqual(try OverlaySelection.parse("all").actions, Set(SandboxAction.overlays))
        XCTAssertEqual(try OverlaySelection.parse("none").actions, [])
        XCTAssertEqual(try OverlaySelection.parse(" Frames , meter").description, "frames,meter")
        XCTAssertThrowsError(try OverlaySelection.parse("spots,,paths"), "an empty name is a mistake")
    }
}
