import CairoRenderer
import SandboxDebugging
@testable import TouchSandbox
import UIKit
import X11Host
import XCTest

/// The gallery around a scene, all UIKit: touches on the toolbar, the caption bar and
/// the panels work them and never reach the scene; touches elsewhere reach the scene
/// whole; keys and buttons do what the help says. Input goes in as the host gives it,
/// in screen points, through the screen's routing to the frontmost window that wants it.
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
    private var routing: ScreenTouchRouting { ScreenTouchRouting() }
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
        layOut()
    }

    override func tearDown() async throws {
        app.showOnly(overlays: [])  // the HUD hands the gesture trace back switched off
        CAAnimationEngine.current.animationSpeed = 1
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
        try await super.tearDown()
    }

    private func layOut() {
        for window in UIApplication.shared.visibleWindows { window.layoutIfNeeded() }
    }

    /// Sends one finger's samples, in screen points, as the host does.
    @discardableResult
    private func touch(_ points: [CGPoint], phaseAtEnd: TouchSample.Phase = .ended) -> TouchSample.ID {
        let id = TouchSample.ID(device: 9, number: nextNumber)
        nextNumber += 1
        for (index, point) in points.enumerated() {
            let phase: TouchSample.Phase = index == 0 ? .began : index == points.count - 1 ? phaseAtEnd : .moved
            clock.advance(by: 0.01)
            send([TouchSample(id: id, phase: phase, location: point, timestamp: clock.now)])
        }
        return id
    }

    private func send(_ batch: [TouchSample]) {
        for run in routing.route(batch, windows: UIApplication.shared.visibleWindows) {
            run.deliver()
        }
        layOut()
    }

    private var toolbar: DebugToolbar { app.debugLayer.view.toolbar }

    /// The toolbar button titled `title` (before the key), in screen points.
    private func center(of title: String) throws -> CGPoint {
        let button = try XCTUnwrap(toolbar.buttons.first { $0.currentTitle?.hasPrefix(title + " \u{B7}") ?? false })
        XCTAssertFalse(button.superview === toolbar.overflowPanel && toolbar.overflowPanel.isHidden, "\(title) is showing")
        let frame = button.convert(button.bounds, to: nil)
        return CGPoint(x: frame.midX, y: frame.midY)
    }

    func testTheToolbarListsScenesAndEveryToolWithItsKeyInFingerSizedButtonsAtEverySize() async {
        XCTAssertEqual(toolbar.buttons.map { $0.currentTitle ?? "" }, [
            "Scenes \u{B7} Tab", "Spots \u{B7} S", "Hit view \u{B7} V", "Why \u{B7} W", "Inspect \u{B7} I", "Frames \u{B7} F", "Paths \u{B7} P",
            "Gestures \u{B7} R", "Meter \u{B7} M", "Slow \u{B7} T", "Freeze \u{B7} Z", "Timeline \u{B7} L", "Trace \u{B7} G", "Shot \u{B7} C", "Help \u{B7} H",
        ])
        XCTAssertFalse(app.debugLayer.hidesToolbar, "the gallery keeps its toolbar")
        for width in [640, 800, 1024, 1920] as [CGFloat] {
            UIScreen.main.bounds = CGRect(x: 0, y: 0, width: width, height: 480)
            app.debugLayer.window.frame = UIScreen.main.bounds
            layOut()
            let row = toolbar.buttons[toolbar.rowIndices]
            XCTAssertFalse(row.isEmpty)
            for button in toolbar.buttons {
                XCTAssertGreaterThanOrEqual(button.frame.height, 44, "\(width)")
                XCTAssertGreaterThanOrEqual(button.frame.width, DebugStyle.width(of: button), "never shrunk, at \(width)")
                XCTAssertGreaterThanOrEqual(button.titleLabel?.font.pointSize ?? 0, 13)
            }
            for (left, right) in zip(row, row.dropFirst()) {
                XCTAssertLessThan(left.frame.maxX, right.frame.minX)
            }
            let rightEdge = toolbar.moreButton.isHidden ? row.last!.frame.maxX : toolbar.moreButton.frame.maxX
            XCTAssertLessThanOrEqual(rightEdge, width - 8, "\(width)")
            XCTAssertEqual(toolbar.moreButton.isHidden, toolbar.rowIndices.count == toolbar.buttons.count)
        }
        XCTAssertTrue(toolbar.moreButton.isHidden, "at 1920 points everything fits in one row")
    }

    func testATapOnAToolbarButtonWorksItAndNeverReachesTheScene() async throws {
        XCTAssertTrue(app.spots.isVisible)
        let button = try center(of: "Spots")
        touch([button, button])
        XCTAssertFalse(app.spots.isVisible)
        XCTAssertEqual(scene.stage.log, [])
    }

    func testAButtonTouchThatSlidesFarOffBeforeLiftingDoesNothing() async throws {
        let button = try center(of: "Spots")
        touch([button, CGPoint(x: button.x, y: 200), CGPoint(x: button.x, y: 200)])
        XCTAssertTrue(app.spots.isVisible)
        XCTAssertEqual(scene.stage.log, [], "it began on the toolbar, so it stays the toolbar's")
    }

    func testASceneTouchThatSlidesOntoTheToolbarStaysTheScenes() async throws {
        let button = try center(of: "Spots")
        touch([CGPoint(x: 400, y: 200), button, button])
        XCTAssertEqual(scene.stage.log, ["began", "moved", "ended"])
        XCTAssertTrue(app.spots.isVisible)
    }

    /// As a kiosk: the scene alone (no bars, nothing taken from its safe area), and when
    /// the kiosk becomes idle, the scene it started with, made anew.
    func testAKioskShowsTheSceneAloneAndGoesBackToItsFirstSceneWhenIdle() async throws {
        let kioskWindow = UIWindow(frame: CGRect(origin: .zero, size: size))
        kioskWindow.rootViewController = TapsScene()
        kioskWindow.makeKeyAndVisible()
        let kiosk = SandboxApp(sceneType: TapsScene.self)
        kiosk.attachKiosk(kioskWindow)
        layOut()
        XCTAssertTrue(kiosk.isKiosk)
        XCTAssertEqual(kioskWindow.rootViewController?.view.safeAreaInsets, .zero, "no caption bar, hint or toolbar")
        kiosk.openScene(at: try XCTUnwrap(SceneCatalog.all.firstIndex { $0 == DragScene.self }))
        XCTAssertTrue(kioskWindow.rootViewController is DragScene)
        let before = kioskWindow.rootViewController
        NotificationCenter.default.post(name: KioskSession.didBecomeIdleNotification, object: nil)
        XCTAssertTrue(kioskWindow.rootViewController is TapsScene, "back to the first scene")
        XCTAssertFalse(kioskWindow.rootViewController === before)
        XCTAssertEqual(kioskWindow.rootViewController?.view.safeAreaInsets, .zero)
    }

    func testTheCaptionBarTakesItsTouchesAndTheSceneGetsTheRest() async {
        touch([CGPoint(x: 400, y: 20), CGPoint(x: 400, y: 20)])
        XCTAssertEqual(scene.stage.log, [])
        touch([CGPoint(x: 400, y: 60), CGPoint(x: 400, y: 60)])
        XCTAssertEqual(scene.stage.log, ["began", "ended"], "just below the bar: the scene's")
    }

    func testTheHelpKeyOpensTheHelpPanelAndEscClosesIt() async {
        app.handle(KeyPress(keysym: 0x68, text: "h"))
        XCTAssertTrue(app.isOn(.tool(.help)))
        layOut()
        let help = app.debugLayer.view.help
        XCTAssertFalse(help.isHidden)
        XCTAssertTrue(help.lineLabels.contains { $0.text == "Tab" } || help.lineLabels.contains { $0.text == "H" })
        app.handle(KeyPress(keysym: SandboxKeysym.escape, text: "\u{1B}"))
        XCTAssertFalse(app.isOn(.tool(.help)), "Esc closes a panel (and only quits when none is open)")
    }

    func testTheSceneListOpensTheHighlightedSceneAndCancelsTheOldScenesLiveTouch() async throws {
        let live = TouchSample.ID(device: 9, number: 99)
        send([TouchSample(id: live, phase: .began, location: CGPoint(x: 300, y: 300), timestamp: clock.now)])
        app.handle(KeyPress(keysym: SandboxKeysym.tab, text: "\t"))
        XCTAssertTrue(app.isSceneListOpen, "Tab opens the scene list")
        let list = app.galleryView.sceneList
        XCTAssertEqual(list.entries.map(\.name), SceneCatalog.names)
        XCTAssertEqual(list.highlightedIndex, 0, "the recording scene is not listed, so the highlight starts on row 0")
        layOut()
        XCTAssertGreaterThan(list.columns, 2)
        // ↓ and ↑ go down and up the grid's column; → and ← along the catalog.
        app.handle(KeyPress(keysym: SandboxKeysym.down, text: ""))
        XCTAssertEqual(list.highlightedIndex, list.columns, "↓ goes to the scene below")
        app.handle(KeyPress(keysym: SandboxKeysym.up, text: ""))
        app.handle(KeyPress(keysym: SandboxKeysym.up, text: ""))
        XCTAssertEqual(list.highlightedIndex, 0, "↑ stops at the top row")
        app.handle(KeyPress(keysym: SandboxKeysym.right, text: ""))
        app.handle(KeyPress(keysym: SandboxKeysym.right, text: ""))
        XCTAssertEqual(list.captionLabel.text, SceneCatalog.all[2].caption, "the highlighted scene's caption shows")
        app.handle(KeyPress(keysym: SandboxKeysym.returnKey, text: "\r"))
        XCTAssertFalse(app.isSceneListOpen)
        XCTAssertTrue(app.sceneType == SceneCatalog.all[2])
        XCTAssertEqual(scene.stage.log, ["began", "cancelled"], "the old scene hears its touch end")
        XCTAssertTrue(window.rootViewController.map { type(of: $0) == SceneCatalog.all[2] } ?? false)
        XCTAssertEqual(app.galleryView.captionLabel.text, SceneCatalog.all[2].caption)
        XCTAssertEqual(app.debugLayer.screenshotName, "touch-sandbox-\(SceneCatalog.all[2].name)")
    }

    func testATouchOnASceneButtonOpensThatSceneAndATapOnTheVeilClosesTheList() async throws {
        touch([try center(of: "Scenes"), try center(of: "Scenes")])
        XCTAssertTrue(app.isSceneListOpen, "the Scenes button opens the list")
        layOut()
        let list = app.galleryView.sceneList
        for button in list.buttons {
            let frame = button.convert(button.bounds, to: nil)
            XCTAssertGreaterThanOrEqual(frame.height, 44)
            XCTAssertLessThanOrEqual(frame.maxY, size.height - DebugStyle.toolbarHeight, "every scene shows at 800 × 500")
        }
        // The veil beside the panel: closes the list, never reaches the scene.
        let veil = CGPoint(x: 400, y: list.panel.convert(list.panel.bounds, to: nil).maxY + 10)
        touch([veil, veil])
        XCTAssertFalse(app.isSceneListOpen)
        XCTAssertEqual(scene.stage.log, [])

        app.perform(.sceneList)
        layOut()
        let third = list.buttons[3].convert(list.buttons[3].bounds, to: nil)
        touch([CGPoint(x: third.midX, y: third.midY), CGPoint(x: third.midX, y: third.midY)])
        XCTAssertTrue(app.sceneType == SceneCatalog.all[3])
        XCTAssertFalse(app.isSceneListOpen)
    }

    /// At 640 × 480 the grid is taller than the room: it scrolls inside the panel, and
    /// every scene's button, finger-sized, shows whole once the arrow keys reach it.
    func testEveryScenesButtonIsReachableAt640By480() async {
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        app.gallery.frame = UIScreen.main.bounds
        app.perform(.sceneList)
        layOut()
        let list = app.galleryView.sceneList
        let room = CGRect(x: 0, y: 44, width: 640, height: 480 - 44 - 60)
        let shown = list.grid.convert(list.grid.bounds, to: nil)
        XCTAssertTrue(room.contains(shown), "\(shown)")
        XCTAssertGreaterThan(list.grid.contentSize.height, list.grid.bounds.height, "more rows than room: it scrolls")
        for (index, button) in list.buttons.enumerated() {
            list.highlightedIndex = index
            layOut()
            let frame = button.convert(button.bounds, to: nil)
            XCTAssertTrue(shown.contains(frame), "\(index): \(frame) shows whole in \(shown)")
            XCTAssertGreaterThanOrEqual(frame.height, 44)
        }
        XCTAssertGreaterThan(list.grid.contentOffset.y, 0, "scrolled to the last")
    }

    /// A caption too long for one line at 640 points wraps onto two even lines: the
    /// label narrows to about half the caption's one-line width, so its second line is
    /// not "2)" alone.
    func testALongCaptionWrapsOntoTwoEvenLines() async {
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        app.gallery.frame = UIScreen.main.bounds
        app.openScene(at: SceneCatalog.all.firstIndex { $0 == DragScene.self }!)
        layOut()
        let caption = app.galleryView.captionLabel
        XCTAssertEqual(caption.numberOfLines, 2)
        let probe = UILabel(frame: .zero)
        probe.font = caption.font
        probe.text = caption.text
        let oneLine = probe.sizeThatFits(CGSize(width: 10_000, height: 100)).width
        XCTAssertGreaterThan(oneLine, 616, "too long for one line")
        XCTAssertLessThan(caption.bounds.width, oneLine * 0.6, "narrowed to about half: \(caption.bounds.width) of \(oneLine)")
        XCTAssertGreaterThanOrEqual(caption.bounds.width, oneLine / 2)
        probe.numberOfLines = 0
        XCTAssertEqual(probe.sizeThatFits(CGSize(width: caption.bounds.width, height: 1000)).height,
                       probe.sizeThatFits(CGSize(width: 616, height: 1000)).height, "still two lines")
    }

    /// A walk or an inspection names the old scene's views: a new scene puts them away,
    /// the tools staying on; and while inspecting, the caption bar (the gallery's own
    /// chrome) still takes its touches.
    func testANewScenePutsAwayTheWhyWalkAndTheInspection() async throws {
        app.showOnly(overlays: [.why])
        touch([CGPoint(x: 400, y: 250)])
        XCTAssertNotNil(app.debugLayer.overlays.why.walk)
        app.openScene(at: try XCTUnwrap(SceneCatalog.all.firstIndex { $0 == DragScene.self }))
        XCTAssertNil(app.debugLayer.overlays.why.walk, "the old scene's walk is gone")
        XCTAssertTrue(app.debugLayer.isOn(.why))

        app.showOnly(overlays: [.inspect])
        layOut()
        touch([CGPoint(x: 400, y: 250)])
        XCTAssertNotNil(app.debugLayer.inspection)
        app.openScene(at: try XCTUnwrap(SceneCatalog.all.firstIndex { $0 == TapsScene.self }))
        XCTAssertNil(app.debugLayer.inspection, "the old scene's view is no longer selected")
        XCTAssertTrue(app.debugLayer.isOn(.inspect))
        layOut()
        XCTAssertFalse(app.debugLayer.view.inspectCatcher.point(inside: CGPoint(x: 400, y: 20), with: nil),
                       "the caption bar stays the gallery's")
        XCTAssertTrue(app.debugLayer.view.inspectCatcher.point(inside: CGPoint(x: 400, y: 250), with: nil))
    }

    /// A tap on the caption bar is iOS's status-bar tap: the scroll scene's list goes
    /// back to its top, and the scene never hears the touch.
    func testATapOnTheCaptionScrollsTheSceneToItsTop() async throws {
        app.openScene(at: try XCTUnwrap(SceneCatalog.all.firstIndex { $0 == ScrollScene.self }))
        layOut()
        let scene = try XCTUnwrap(window.rootViewController as? ScrollScene)
        let list = try XCTUnwrap(scene.list)
        list.contentOffset = CGPoint(x: 0, y: 300)
        touch([CGPoint(x: 200, y: 20), CGPoint(x: 200, y: 20)])
        XCTAssertTrue(list.isScrollAnimating)
        frames(1)
        XCTAssertEqual(list.contentOffset.y, -list.adjustedContentInset.top)
        XCTAssertEqual(scene.buttonTouches, [], "no button of the list was touched")
    }

    /// At 1024 × 768 every button shows at once; the grid does not scroll.
    func testEveryScenesButtonShowsAt1024By768() async {
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
        app.gallery.frame = UIScreen.main.bounds
        app.perform(.sceneList)
        layOut()
        let list = app.galleryView.sceneList
        XCTAssertEqual(list.grid.contentSize.height, list.grid.bounds.height)
        for button in list.buttons {
            XCTAssertTrue(CGRect(x: 0, y: 44, width: 1024, height: 768 - 44 - 60).contains(button.convert(button.bounds, to: nil)))
        }
    }

    func testArrowKeysStepThroughTheScenesWrappingAround() async {
        app.openScene(at: 0)
        app.handle(KeyPress(keysym: SandboxKeysym.left, text: ""))
        XCTAssertTrue(app.sceneType == SceneCatalog.all.last!)
        app.handle(KeyPress(keysym: SandboxKeysym.right, text: ""))
        XCTAssertTrue(app.sceneType == SceneCatalog.all[0])
    }

    func testEachOverlayKeyTogglesItsOverlayAndShowOnlyShowsExactlyTheNamedOnes() async {
        let expected: [(DebugTool, String, any DebugOverlay)] = [
            (.spots, "s", app.overlays.spots), (.hitViews, "v", app.overlays.hitTest),
            (.frames, "f", app.overlays.animationFrames), (.paths, "p", app.overlays.pathRegions),
            (.gestures, "r", app.overlays.recognizers), (.meter, "m", app.overlays.performance),
        ]
        for (tool, key, overlay) in expected {
            let before = overlay.isVisible
            app.handle(KeyPress(keysym: UInt(key.unicodeScalars.first!.value), text: key))
            XCTAssertEqual(overlay.isVisible, !before, "\(key) toggles \(tool)")
            XCTAssertEqual(app.isOn(.tool(tool)), !before)
        }
        app.showOnly(overlays: [.hitViews, .meter])
        XCTAssertEqual(expected.filter { $0.2.isVisible }.map(\.0), [.hitViews, .meter])
        app.showOnly(overlays: Set(DebugTool.overlays))
        XCTAssertTrue(expected.allSatisfy { $0.2.isVisible })
    }

    func testSlowAnimationsToggleTheEngineSpeedAndLightTheSlowButton() async throws {
        let slow = try XCTUnwrap(toolbar.buttons.first { $0.currentTitle == "Slow \u{B7} T" })
        XCTAssertEqual(slow.backgroundColor, DebugStyle.button)
        app.handle(KeyPress(keysym: 0x74, text: "t"))
        XCTAssertEqual(CAAnimationEngine.current.animationSpeed, 0.1)
        XCTAssertTrue(app.isOn(.tool(.slow)))
        XCTAssertEqual(slow.backgroundColor, DebugStyle.litButton)
        app.handle(KeyPress(keysym: 0x74, text: "t"))
        XCTAssertEqual(CAAnimationEngine.current.animationSpeed, 1)
        XCTAssertEqual(slow.backgroundColor, DebugStyle.button)
    }

    func testTheScreenshotKeySavesAPNGOfTheScreenAndSaysWhere() async throws {
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
        XCTAssertEqual(app.debugLayer.view.status.text, "saved \(url.lastPathComponent)")
        XCTAssertFalse(app.debugLayer.view.status.isHidden)

        app.screenshotFolder = URL(fileURLWithPath: "/nonexistent-folder")
        app.perform(.tool(.screenshot))
        guard case .failure(let error) = app.lastScreenshot else { return XCTFail("an unwritable folder fails") }
        XCTAssertTrue(error.description.hasPrefix("cannot save a screenshot: cannot write /nonexistent-folder/touch-sandbox-recording-"), error.description)
        XCTAssertTrue(error.description.hasSuffix(".png: the folder /nonexistent-folder does not exist; name a file in an existing folder"), error.description)
        XCTAssertEqual(app.debugLayer.view.status.text, "screenshot failed: folder not writable")
    }

    /// The Shot button's own finger is not in the picture; a finger on the scene is.
    func testAScreenshotLeavesOutTheFingerPressingTheShotButton() async throws {
        // At 800 points the Shot button is in the overflow panel: More opens it.
        let more = toolbar.moreButton.convert(CGPoint(x: toolbar.moreButton.bounds.midX, y: toolbar.moreButton.bounds.midY), to: nil)
        touch([more, more])
        layOut()
        let shot = try center(of: "Shot")
        let onScene = CGPoint(x: 400, y: 250)
        send([TouchSample(id: TouchSample.ID(device: 9, number: 50), phase: .began, location: onScene, timestamp: clock.now),
              TouchSample(id: TouchSample.ID(device: 9, number: 51), phase: .began, location: shot, timestamp: clock.now)])
        for rect in app.debugLayer.apply([
            TouchSample(id: TouchSample.ID(device: 9, number: 50), phase: .began, location: onScene, timestamp: clock.now),
            TouchSample(id: TouchSample.ID(device: 9, number: 51), phase: .began, location: shot, timestamp: clock.now),
        ]) { _ = rect }
        XCTAssertEqual(app.spots.spots.count, 2)
        let picture = app.debugLayer.snapshot(scale: 1)
        let spotColor = pixel(picture, at: CGPoint(x: onScene.x, y: onScene.y - 18))
        let underShot = pixel(picture, at: CGPoint(x: shot.x, y: shot.y - 18))
        XCTAssertNotEqual(spotColor, pixel(picture, at: CGPoint(x: onScene.x, y: onScene.y - 60)), "the scene finger's spot")
        let button = try XCTUnwrap(toolbar.buttons.first { $0.currentTitle == "Shot \u{B7} C" })
        XCTAssertEqual(underShot, rgb(button.backgroundColor!), "the Shot button as it is, with no spot on it")
    }

    func testTheFrameShowsTheLitToggleAndTheSceneListVeilsTheScene() async throws {
        let spots = try XCTUnwrap(toolbar.buttons.first { $0.currentTitle == "Spots \u{B7} S" })
        let probe = spots.convert(CGPoint(x: spots.bounds.maxX - 10, y: 10), to: nil)
        let lit = pixel(app.debugLayer.snapshot(scale: 1), at: probe)
        app.perform(.tool(.spots))
        let unlit = pixel(app.debugLayer.snapshot(scale: 1), at: probe)
        XCTAssertEqual(unlit, rgb(DebugStyle.button), "a toggle that is off has the plain button colour")
        XCTAssertEqual(lit, rgb(DebugStyle.litButton), "a toggle that is on is lit")

        scene.view.backgroundColor = .white
        XCTAssertEqual(pixel(app.debugLayer.snapshot(scale: 1), at: CGPoint(x: 4, y: 250)), [255, 255, 255], "the scene shows")
        app.perform(.sceneList)
        layOut()
        XCTAssertEqual(pixel(app.debugLayer.snapshot(scale: 1), at: CGPoint(x: 4, y: 480 - 100)), [115, 115, 115],
                       "the veil dims the scene beside the panel (white under 55 % black)")
    }

    /// The 8-bit RGB of the pixel at a point of a frame drawn at scale 1.
    private func pixel(_ buffer: FrameBuffer, at point: CGPoint) -> [Int] {
        let bytes = buffer.pixels.advanced(by: Int(point.y) * buffer.stride + Int(point.x) * 4).assumingMemoryBound(to: UInt8.self)
        return [Int(bytes[2]), Int(bytes[1]), Int(bytes[0])]  // Cairo's ARGB32 is BGRA in memory
    }

    private func rgb(_ color: UIColor) -> [Int] {
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        _ = color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        return [red, green, blue].map { Int(($0 * 255).rounded()) }
    }
}

/// `--overlays` names overlays; `all` and `none` are shorthands.
final class OverlaySelectionTests: XCTestCase {
    func testNamesAllAndNone() throws {
        XCTAssertEqual(try OverlaySelection.parse("spots,hit-views").tools, [.spots, .hitViews])
        XCTAssertEqual(try OverlaySelection.parse("all").tools, Set(DebugTool.overlays))
        XCTAssertEqual(try OverlaySelection.parse("none").tools, [])
        XCTAssertEqual(try OverlaySelection.parse(" Frames , meter").description, "frames,meter")
        XCTAssertThrowsError(try OverlaySelection.parse("spots,,paths"), "an empty name is a mistake")
    }
}
