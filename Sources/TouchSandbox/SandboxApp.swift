import CairoRenderer
import Foundation
import SandboxDebugging
import UIKit
import X11Host

/// The sandbox around a scene: the caption bar, toolbar, help panel and scene list, the
/// debugging overlays over the scene, and the keys that control them. It decorates the
/// X window that `UIApplicationMain` gives the scene's UIKit window.
///
/// Touches that begin on the chrome (the bars, or anywhere while a panel is open) work
/// the chrome and never reach UIKit; every other touch goes to the scene untouched, so
/// a scene sees exactly the touches a person aimed at it.
@MainActor
public final class SandboxApp {
    public private(set) var sceneType: any Scene.Type
    /// The debugging overlays, fed every batch and drawn over the scene.
    public let overlays = DebugOverlays()
    public var spots: TouchSpotsOverlay { overlays.spots }
    public private(set) var host: X11Host?
    public private(set) var window: UIWindow?

    /// The panel over the scene, if one is open.
    enum Panel: Equatable {
        case help
        case sceneList(SceneListPanel)

        static func == (lhs: Panel, rhs: Panel) -> Bool {
            switch (lhs, rhs) {
            case (.help, .help): true
            case (.sceneList(let a), .sceneList(let b)):
                a.currentIndex == b.currentIndex && a.highlightedIndex == b.highlightedIndex
            default: false
            }
        }
    }

    var chrome: SandboxChrome
    var panel: Panel?
    /// What each chrome touch landed on, by touch, from its beginning to its end.
    var chromeTouches: [TouchSample.ID: ChromeTouch] = [:]
    /// Where the last screenshot went (or why it failed), for tests and the status line.
    var lastScreenshot: Result<URL, ScreenshotError>?
    /// Bumped for each status line, so an older line's timer does not clear a newer one.
    /// Clears the status line; on the media clock, as every delayed thing is.
    private var statusExpiry: DelayedCall?
    /// How long a status line ("saved …") stays in the caption bar.
    static let statusDuration: TimeInterval = 4
    /// Where `C` saves screenshots (the current folder, as the help says).
    var screenshotFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    /// Draws the scene's layer tree (the host's own drawing, which the chrome wraps).
    var drawScene: (Canvas, CGSize) -> Void = { _, _ in }
    /// The input filters and frame stage it added to its host (held here: hosts hold
    /// their filters and stages, but the sandbox owns them).
    private var pipeline: [any InputFilter] = []
    private var chromeFrame: ChromeFrame?

    public init(sceneType: any Scene.Type) {
        self.sceneType = sceneType
        chrome = SandboxChrome(caption: sceneType.caption, hint: sceneType.hint)
    }

    /// The window title for a scene.
    public static func title(for sceneType: any Scene.Type) -> String {
        "Touch Sandbox \u{2014} \(sceneType.name)"
    }

    /// Adds the chrome, overlays and keys to the X window showing `window`: its input
    /// filters and its frame stage, at their places in the host's pipeline.
    public func decorate(_ host: X11Host, showing window: UIWindow) {
        self.host = host
        attach(window)
        let renderer = LayerRenderer()
        drawScene = { canvas, _ in renderer.render(window.layer, in: canvas) }
        pipeline = [OverlayInput(app: self), ChromeInput(app: self)]
        for filter in pipeline { host.addInputFilter(filter) }
        let frame = ChromeFrame(app: self)
        chromeFrame = frame
        host.addFrameStage(frame)
        overlays.onNeedsDisplay = { [unowned host] rect in host.setNeedsDisplay(rect) }
    }

    /// Shows `window` without an X window (tests).
    func attach(_ window: UIWindow) {
        self.window = window
        overlays.window = window
        // Clear of the caption bar above and the toolbar below.
        overlays.recognizers.topInset = SandboxChrome.captionHeight + 8
        overlays.recognizers.bottomInset = SandboxChrome.helpHeight + 8
        overlays.performance.topInset = SandboxChrome.captionHeight + 8
        overlays.hitTest.topInset = SandboxChrome.captionHeight
    }

    /// Draws a whole frame: the scene, the caption, the overlays, any open panel, the
    /// toolbar (usable under a panel, so never veiled), the touch spots over everything.
    func draw(in canvas: Canvas, size: CGSize, scene drawScene: (Canvas, CGSize) -> Void) {
        drawScene(canvas, size)
        drawAboveScene(in: canvas, size: size)
    }

    /// Everything the sandbox draws over the scene, in order (its frame stage).
    func drawAboveScene(in canvas: Canvas, size: CGSize) {
        chrome.draw(in: canvas, size: size, badges: badges)
        if let window {
            for overlay in overlays.all where overlay !== spots {
                overlay.draw(in: canvas, window: window)
            }
        }
        switch panel {
        case .help: SandboxHelpPanel.draw(in: canvas, size: size)
        case .sceneList(let list): list.draw(in: canvas, size: size, pressedIndex: pressedSceneIndex)
        case nil: break
        }
        SandboxToolbar.draw(in: canvas, bar: SandboxChrome.toolbar(in: size), isOn: isOn, pressed: pressedAction)
        if let window { spots.draw(in: canvas, window: window) }
    }

    // MARK: - Commands

    /// Whether a toggle is on.
    func isOn(_ action: SandboxAction) -> Bool {
        switch action {
        case .touchSpots, .hitTestViews, .modelPresentationFrames, .pathRegions, .recognizerHUD, .performanceMeter:
            overlay(for: action)?.isVisible ?? false
        case .slowAnimations: CAAnimationEngine.animationSpeed < 1
        case .help: panel == .help
        case .sceneList: if case .sceneList = panel { true } else { false }
        case .screenshot, .quit: false
        }
    }

    func perform(_ action: SandboxAction) {
        switch action {
        case .sceneList:
            if case .sceneList = panel {
                panel = nil
            } else {
                let current = SceneCatalog.all.firstIndex { $0 == sceneType } ?? 0
                panel = .sceneList(SceneListPanel(entries: SceneCatalog.all.map { ($0.name, $0.caption) }, currentIndex: current))
            }
        case .touchSpots, .hitTestViews, .modelPresentationFrames, .pathRegions, .recognizerHUD, .performanceMeter:
            setOverlay(action, visible: !isOn(action))
        case .slowAnimations:
            setSlowAnimations(!isOn(.slowAnimations))
        case .screenshot:
            saveScreenshot()
        case .help:
            panel = panel == .help ? nil : .help
        case .quit:
            quit()
        }
        host?.setNeedsDisplay()
    }

    /// The caption bar's badges, read from the state they name (the engine's speed may
    /// be set by other code than the T key).
    var badges: [String] {
        CAAnimationEngine.animationSpeed < 1 ? ["SLOW \u{D7}10"] : []
    }

    /// Shows or hides one overlay (an action in `SandboxAction.overlays`).
    func setOverlay(_ action: SandboxAction, visible: Bool) {
        overlay(for: action)?.isVisible = visible
        host?.setNeedsDisplay()
    }

    /// The overlay an action toggles; nil for actions that are not overlays.
    func overlay(for action: SandboxAction) -> (any DebugOverlay)? {
        switch action {
        case .touchSpots: overlays.spots
        case .hitTestViews: overlays.hitTest
        case .modelPresentationFrames: overlays.animationFrames
        case .pathRegions: overlays.pathRegions
        case .recognizerHUD: overlays.recognizers
        case .performanceMeter: overlays.performance
        default: nil
        }
    }

    /// Shows exactly the overlays in `overlays` (`--overlays`).
    func showOnly(overlays: Set<SandboxAction>) {
        for overlay in SandboxAction.overlays {
            setOverlay(overlay, visible: overlays.contains(overlay))
        }
    }

    /// Runs every animation ten times slower, or at its own speed again, with a badge
    /// in the caption bar while slowed.
    public func setSlowAnimations(_ slow: Bool) {
        CAAnimationEngine.animationSpeed = slow ? 0.1 : 1
        host?.setNeedsDisplay()
    }

    /// Replaces the scene on screen with the catalog's scene at `index`: live touches
    /// are cancelled first, so every view that saw a touch hears it end.
    func openScene(at index: Int) {
        guard SceneCatalog.all.indices.contains(index) else { return }
        UIApplication.shared.cancelAllTouches()
        let type = SceneCatalog.all[index]
        sceneType = type
        panel = nil
        chrome.caption = type.caption
        chrome.hint = type.hint
        window?.rootViewController = type.init()
        host?.window.setTitle(Self.title(for: type))
        host?.setNeedsDisplay()
    }

    /// Opens the scene `step` places after the current one in the catalog, wrapping.
    func openScene(offsetBy step: Int) {
        let count = SceneCatalog.all.count
        let current = SceneCatalog.all.firstIndex { $0 == sceneType } ?? 0
        openScene(at: ((current + step) % count + count) % count)
    }

    // MARK: - Keys

    func handle(_ key: KeyPress) {
        if key.keysym == SandboxKeysym.escape {
            if panel != nil { close() } else { quit() }
            return
        }
        if case .sceneList(var list) = panel {
            switch key.keysym {
            case SandboxKeysym.up: list.moveHighlight(by: -1)
            case SandboxKeysym.down: list.moveHighlight(by: 1)
            case SandboxKeysym.returnKey, SandboxKeysym.keypadEnter: return openScene(at: list.highlightedIndex)
            default: return SandboxAction.command(for: key).map(perform) ?? ()
            }
            panel = .sceneList(list)
            host?.setNeedsDisplay()
            return
        }
        switch key.keysym {
        case SandboxKeysym.left: openScene(offsetBy: -1)
        case SandboxKeysym.right: openScene(offsetBy: 1)
        default: SandboxAction.command(for: key).map(perform)
        }
    }

    private func close() {
        panel = nil
        host?.setNeedsDisplay()
    }

    private func quit() {
        host?.close()
        exit(0)
    }

    // MARK: - Status line

    func showStatus(_ text: String) {
        chrome.status = text
        host?.setNeedsDisplay()
        statusExpiry?.cancel()
        statusExpiry = UIApplication.shared.schedule(afterDelay: Self.statusDuration) { [weak self] in
            guard let self else { return }
            chrome.status = nil
            host?.setNeedsDisplay()
        }
    }
}

/// The sandbox's application delegate: one window whose root view controller is the
/// scene.
@MainActor
public final class SandboxAppDelegate: UIResponder, UIApplicationDelegate {
    public var window: UIWindow?
    let sceneType: any Scene.Type

    public init(sceneType: any Scene.Type) {
        self.sceneType = sceneType
        super.init()
    }

    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = sceneType.init()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
