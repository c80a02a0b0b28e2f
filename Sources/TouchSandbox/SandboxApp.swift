import CairoRenderer
import Foundation
import SandboxDebugging
import TouchRecording
import UIKit
import X11Host

/// The sandbox gallery: one app that uses the debug layer. The scene is the app's
/// window; above it the gallery's own window holds the caption bar, the scene's hint
/// and the scene list; above that the debug layer's window holds the toolbar (always
/// open here, with a Scenes button first) and its panels. All of it is UIKit, so every
/// touch goes through the same hit-testing: a touch on a control works the control and
/// never reaches the scene, and every other touch reaches the scene whole.
///
/// The gallery owns the keyboard (it is not an app that could want keys of its own):
/// the tools' letters work at any time, Tab opens the scene list, ← / → step through
/// the scenes, Esc closes a panel or quits.
@MainActor
public final class SandboxApp {
    public private(set) var sceneType: any Scene.Type
    /// The tools: overlays, toolbar, help, screenshots.
    public let debugLayer: DebugLayer
    /// The debugging overlays, fed every batch and drawn over every window.
    public var overlays: DebugOverlays { debugLayer.overlays }
    public var spots: TouchSpotsOverlay { overlays.spots }
    public private(set) var host: X11Host?
    /// The scene's window.
    public private(set) var window: UIWindow?
    /// The caption bar, hint and scene list.
    let gallery = GalleryWindow(frame: UIScreen.main.bounds)
    var galleryView: GalleryView { gallery.galleryView }
    private var hosting: DebugLayerHosting?
    private var keys: KeyInputFilter?

    public init(sceneType: any Scene.Type) {
        self.sceneType = sceneType
        debugLayer = DebugLayer(configuration: DebugLayerConfiguration(tools: [.spots], showsToolbar: true, showsHandle: false))
        debugLayer.hidesToolbar = false
        debugLayer.helpLines = SandboxKeyTable.panelLines.map { ($0.key, $0.text) }
        debugLayer.leadingItems = [
            DebugToolbar.Item(title: "Scenes", key: "Tab", isOn: { [unowned self] in isSceneListOpen },
                              action: { [unowned self] in perform(.sceneList) }),
        ]
        galleryView.sceneList.entries = SceneCatalog.all.map { ($0.name, $0.caption) }
        galleryView.sceneList.onChoose = { [unowned self] index in openScene(at: index) }
        galleryView.sceneList.onDismiss = { [unowned self] in setSceneListOpen(false) }
        // As a tap on iOS's status bar: the scene's one scroll view that scrolls to top does.
        galleryView.captionBar.onTap = { [unowned self] in window?.scrollToTop() }
        showCaption(of: sceneType)
        // The timeline makes the recording's scene (the one on screen, for a recording
        // that names none the gallery has) anew in its window for every step back.
        debugLayer.timelineRelaunch = { [unowned self] _, recording in
            if let name = recording.header.scene, let recorded = SceneCatalog.scene(named: name), recorded != self.sceneType {
                self.sceneType = recorded
                showCaption(of: recorded)
            }
            let window = window ?? UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = self.sceneType.init()
            self.window = window
            insetScene()
            return window
        }
    }

    /// The window title for a scene.
    public static func title(for sceneType: any Scene.Type) -> String {
        "Touch Sandbox \u{2014} \(sceneType.name)"
    }

    /// Adds the debug layer and the gallery to the X window showing `window` (the
    /// scene's), and reads the keys first.
    public func decorate(_ host: X11Host, showing window: UIWindow) {
        self.host = host
        let hosting = DebugLayerHosting(debugLayer, in: host, over: window)
        hosting.recordingApp = "touch-sandbox"
        hosting.recordingScene = { [unowned self] in sceneType.name }
        self.hosting = hosting
        let keys = KeyInputFilter(app: self)
        self.keys = keys
        host.addInputFilter(keys)
        attachGallery(window)
    }

    /// Kiosk mode (`--kiosk`): the scene alone, fullscreen, with no caption bar, hint or
    /// toolbar; the overlays only when `--overlays` asked for them; no keys (the kiosk
    /// takes them all); and, when the kiosk becomes idle, the scene it started with,
    /// made anew for the next visitor.
    public func decorateKiosk(_ host: X11Host, showing window: UIWindow, overlays: Bool) {
        self.host = host
        if overlays {
            debugLayer.hidesToolbar = true
            debugLayer.setToolbarVisible(false)
            hosting = DebugLayerHosting(debugLayer, in: host, over: window)
        }
        attachKiosk(window)
    }

    /// Kiosk mode over `window` without an X window (tests): no gallery, and the start
    /// scene again when the kiosk becomes idle.
    func attachKiosk(_ window: UIWindow) {
        isKiosk = true
        self.window = window
        gallery.isHidden = true
        insetScene()
        let start = SceneCatalog.all.firstIndex { $0 == sceneType } ?? 0
        idleObserver = NotificationCenter.default.addObserver(forName: KioskSession.didBecomeIdleNotification, object: nil,
                                                              queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.openScene(at: start) }
        }
    }

    /// Whether the sandbox runs as a kiosk (`decorateKiosk`).
    public private(set) var isKiosk = false
    private var idleObserver: (any NSObjectProtocol)?

    /// Starts recording the host's input to `url` (`--record`), named after the scene
    /// it starts in and shown by the debug layer's badge, whose Record button stops it.
    @discardableResult
    public func startRecording(to url: URL) throws(TouchRecordingError) -> TouchRecordingFilter? {
        guard let host else { return nil }
        let filter = try host.startRecording(to: url, app: "touch-sandbox", scene: sceneType.name)
        hosting?.adopt(filter)
        return filter
    }

    /// Shows the gallery over `window` without an X window (tests).
    func attach(_ window: UIWindow) {
        debugLayer.attach(to: window)
        attachGallery(window)
    }

    private func attachGallery(_ window: UIWindow) {
        self.window = window
        gallery.frame = UIScreen.main.bounds
        gallery.isHidden = false
        debugLayer.topInset = GalleryView.captionHeight
        debugLayer.bottomInset = GalleryView.hintHeight
        gallery.layoutIfNeeded()
        insetScene()
    }

    /// The scene lays out in its safe area: clear of the caption bar above, and of the
    /// hint and the toolbar below, which are drawn over it. They are the window's own
    /// insets, as a device's bars are, so what a scene presents keeps clear of them too.
    private func insetScene() {
        let insets = isKiosk ? (top: CGFloat(0), bottom: CGFloat(0)) : GalleryView.sceneInsets
        window?.screenSafeAreaInsets = UIEdgeInsets(top: insets.top, left: 0, bottom: insets.bottom, right: 0)
    }

    // MARK: - Commands

    /// Whether a tool is on, or the scene list open.
    func isOn(_ action: SandboxAction) -> Bool {
        switch action {
        case .sceneList: isSceneListOpen
        case .tool(let tool): debugLayer.isOn(tool)
        case .quit: false
        }
    }

    func perform(_ action: SandboxAction) {
        switch action {
        case .sceneList: setSceneListOpen(!isSceneListOpen)
        case .tool(let tool): debugLayer.perform(tool)
        case .quit: quit()
        }
        debugLayer.view.toolbar.refreshStates()
    }

    /// Shows exactly the overlays in `overlays` (`--overlays`).
    func showOnly(overlays: Set<DebugTool>) {
        for tool in OverlaySelection.choices {
            debugLayer.set(tool, on: overlays.contains(tool))
        }
    }

    /// Runs every animation ten times slower, or at its own speed again (the toolbar's
    /// Slow button is lit while slowed).
    public func setSlowAnimations(_ slow: Bool) {
        debugLayer.set(.slow, on: slow)
    }

    // MARK: - Scenes

    var isSceneListOpen: Bool { !galleryView.sceneList.isHidden }

    func setSceneListOpen(_ open: Bool) {
        let list = galleryView.sceneList
        if open {
            let current = SceneCatalog.all.firstIndex { $0 == sceneType } ?? 0
            list.currentIndex = current
            list.highlightedIndex = current
        }
        list.isHidden = !open
        debugLayer.view.toolbar.refreshStates()
    }

    /// Replaces the scene on screen with the catalog's scene at `index`: live touches
    /// are cancelled first, so every view that saw a touch hears it end.
    func openScene(at index: Int) {
        guard SceneCatalog.all.indices.contains(index) else { return }
        UIApplication.shared.cancelAllTouches()
        let type = SceneCatalog.all[index]
        sceneType = type
        setSceneListOpen(false)
        showCaption(of: type)
        window?.rootViewController = type.init()
        insetScene()
        host?.window.setTitle(Self.title(for: type))
        // The new scene's layers decide the paths note (the compass has none, shapes three),
        // and its text and controls where the panels go.
        debugLayer.view.appContentMayHaveChanged()
        debugLayer.refreshPanels()
        // A walk or an inspection names the old scene's views.
        debugLayer.clearExplanations()
    }

    /// Opens the scene `step` places after the current one in the catalog, wrapping.
    func openScene(offsetBy step: Int) {
        let count = SceneCatalog.all.count
        let current = SceneCatalog.all.firstIndex { $0 == sceneType } ?? 0
        openScene(at: ((current + step) % count + count) % count)
    }

    private func showCaption(of type: any Scene.Type) {
        galleryView.captionLabel.text = type.caption
        galleryView.hintLabel.text = type.hint
        debugLayer.screenshotName = "touch-sandbox-\(type.name)"
    }

    // MARK: - Keys

    /// Handles a key press: the gallery's own keys, and the tools' letters unless the key
    /// is `replayed` (a replay drives the scenes, never the debug layer: a recorded E
    /// must not start a recording).
    func handle(_ key: KeyPress, replayed: Bool = false) {
        if key.keysym == SandboxKeysym.escape {
            if isSceneListOpen {
                setSceneListOpen(false)
            } else if debugLayer.isOn(.help) {
                debugLayer.setHelpVisible(false)
            } else {
                quit()
            }
            return
        }
        if isSceneListOpen {
            let list = galleryView.sceneList
            switch key.keysym {
            case SandboxKeysym.left: return list.moveHighlight(by: -1)
            case SandboxKeysym.right: return list.moveHighlight(by: 1)
            case SandboxKeysym.up: return list.moveHighlight(rows: -1)
            case SandboxKeysym.down: return list.moveHighlight(rows: 1)
            case SandboxKeysym.returnKey, SandboxKeysym.keypadEnter: return openScene(at: list.highlightedIndex)
            default: break
            }
        } else {
            switch key.keysym {
            case SandboxKeysym.left: return openScene(offsetBy: -1)
            case SandboxKeysym.right: return openScene(offsetBy: 1)
            default: break
            }
        }
        guard let action = SandboxAction.command(for: key) else { return }
        if replayed, case .tool = action { return }
        if action == .tool(.step), key.text == DebugTool.step.key {
            // Shift+N, the capital: ten frames.
            debugLayer.step(frames: 10)
            return
        }
        perform(action)
    }

    private func quit() {
        host?.close()
        exit(0)
    }

    // MARK: - Screenshots

    /// Where the last screenshot went, or why it failed.
    var lastScreenshot: Result<URL, DebugScreenshotError>? { debugLayer.lastScreenshot }

    /// Where the screenshot key saves (the current folder, as the help says).
    var screenshotFolder: URL {
        get { debugLayer.screenshotFolder }
        set { debugLayer.screenshotFolder = newValue }
    }

    /// The keys, read before anything else sees them.
    final class KeyInputFilter: InputFilter {
        unowned let app: SandboxApp
        let stage = InputFilterStage.chrome

        init(app: SandboxApp) {
            self.app = app
        }

        func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
            batch
        }

        func filter(_ key: KeyInput, in host: X11Host) -> Bool {
            app.handle(KeyPress(keysym: key.keysym, text: key.text), replayed: host.inputOrigin == .replay)
            return false
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
