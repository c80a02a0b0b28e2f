import CairoRenderer
import Foundation
import SandboxDebugging
import UIKit
import X11Host

/// The running sandbox: one scene in an X window, the touch-spots overlay over it, and
/// the keys that control them.
@MainActor
public final class SandboxApp {
    public let host: X11Host
    public let scene: any Scene
    public let spots = TouchSpotsOverlay()
    private var chrome: SandboxChrome

    /// Every key the sandbox understands, as the help line lists them.
    static let keys: [(key: String, action: String)] = [
        ("S", "touch spots"), ("H", "help"), ("Q", "quit"),
        ("drag", "one finger"), ("Ctrl+drag", "pinch / rotate"), ("Ctrl+Shift+drag", "two-finger pan"),
    ]

    public init(sceneType: any Scene.Type, options: X11Host.Options) throws(X11HostError) {
        var options = options
        options.title = "Touch Sandbox \u{2014} \(sceneType.name)"
        host = try X11Host(options: options)
        scene = sceneType.init()
        chrome = SandboxChrome(caption: sceneType.caption, keys: Self.keys)
        host.drawFrame = { [unowned self] canvas, size in draw(in: canvas, size: size) }
        host.onBatch = { [unowned self] batch in handle(batch) }
        host.onKey = { [unowned self] key in handle(key) }
    }

    /// Applies a batch of samples: the overlay follows the fingers.
    func handle(_ batch: [TouchSample]) {
        for rect in spots.apply(batch) {
            host.setNeedsDisplay(rect)
        }
    }

    func handle(_ key: KeyInput) {
        switch key.text.lowercased() {
        case "s":
            spots.isVisible.toggle()
            host.setNeedsDisplay()
        case "h":
            chrome.isHelpVisible.toggle()
            host.setNeedsDisplay()
        case "q":
            quit()
        default:
            if key.keysym == KeyInput.escapeKeysym { quit() }
        }
    }

    private func quit() {
        host.close()
        exit(0)
    }

    func draw(in canvas: Canvas, size: CGSize) {
        canvas.fill(CGRect(origin: .zero, size: size), with: SandboxStyle.background)
        scene.draw(in: canvas, size: size)
        chrome.draw(in: canvas, size: size)
        spots.draw(in: canvas)
    }
}
