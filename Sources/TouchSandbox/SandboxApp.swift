import CairoRenderer
import Foundation
import SandboxDebugging
import UIKit
import X11Host

/// The sandbox around a scene: the caption and help line, the touch-spots overlay over
/// the scene, and the keys that control them. It decorates the X window that
/// `UIApplicationMain` gives the scene's UIKit window.
@MainActor
public final class SandboxApp {
    public let sceneType: any Scene.Type
    public let spots = TouchSpotsOverlay()
    public private(set) var host: X11Host?
    public private(set) var window: UIWindow?
    private var chrome: SandboxChrome

    /// Every key the sandbox understands, as the help line lists them.
    static let keys: [(key: String, action: String)] = [
        ("S", "touch spots"), ("H", "help"), ("Q", "quit"),
        ("drag", "one finger"), ("Ctrl+drag", "pinch / rotate"), ("Ctrl+Shift+drag", "two-finger pan"),
    ]

    public init(sceneType: any Scene.Type) {
        self.sceneType = sceneType
        chrome = SandboxChrome(caption: sceneType.caption, hint: sceneType.hint, keys: Self.keys)
    }

    /// The window title for a scene.
    public static func title(for sceneType: any Scene.Type) -> String {
        "Touch Sandbox \u{2014} \(sceneType.name)"
    }

    /// Adds the overlays and keys to the X window showing `window`.
    public func decorate(_ host: X11Host, showing window: UIWindow) {
        self.host = host
        self.window = window
        let drawScene = host.drawFrame
        host.drawFrame = { [unowned self] canvas, size in
            drawScene(canvas, size)
            chrome.draw(in: canvas, size: size)
            spots.draw(in: canvas)
        }
        let deliver = host.onBatch
        host.onBatch = { [unowned self] batch in
            deliver?(batch)
            for rect in spots.apply(batch) {
                host.setNeedsDisplay(rect)
            }
        }
        host.onKey = { [unowned self] key in handle(key) }
    }

    func handle(_ key: KeyInput) {
        switch key.text.lowercased() {
        case "s":
            spots.isVisible.toggle()
            host?.setNeedsDisplay()
        case "h":
            chrome.isHelpVisible.toggle()
            host?.setNeedsDisplay()
        case "q":
            quit()
        default:
            if key.keysym == KeyInput.escapeKeysym { quit() }
        }
    }

    private func quit() {
        host?.close()
        exit(0)
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
