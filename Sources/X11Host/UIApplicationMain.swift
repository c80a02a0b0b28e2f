import CairoRenderer
import Foundation
import UIKit

/// Runs a UIKit application in X windows, the counterpart of UIKit's `UIApplicationMain`:
/// sets up `UIScreen.main`, creates the delegate, sends it
/// `application(_:didFinishLaunchingWithOptions:)`, gives every window made key and
/// visible an X window fed by XInput2, and runs the main run loop until the last window
/// closes.
///
///     @main
///     struct Main {
///         static func main() {
///             MainActor.assumeIsolated { UIApplicationMain(delegate: AppDelegate()) }
///         }
///     }
///
/// Swift cannot build an object from a class name, so the delegate is passed as an
/// expression, evaluated once at launch. `configure` runs for each X window before it
/// is shown (the sandbox adds its overlays and keys there). Problems opening the display
/// print one line and exit with status 2.
@MainActor
public func UIApplicationMain(options: X11Host.Options = X11Host.Options(),
                              delegate makeDelegate: @autoclosure () -> any UIApplicationDelegate,
                              configure: ((X11Host, UIWindow) -> Void)? = nil) -> Never {
    let runner = X11ApplicationRunner(options: options)
    runner.configureHost = configure
    runner.launch(delegate: makeDelegate())
    runner.runForever()
}

/// The glue between `UIApplication` and X windows: one `X11Host` per visible
/// `UIWindow`, each input batch handed to UIKit's run loop (`ApplicationRunLoop`, whose
/// turns run on the main queue), and frames drawn from the window's layer tree where it
/// reports damage.
@MainActor
public final class X11ApplicationRunner: RunLoopPresenter, X11HostClient {
    public let options: X11Host.Options
    /// Runs for each X window before it is mapped.
    public var configureHost: ((X11Host, UIWindow) -> Void)?
    /// A visible UIKit window and the X window showing it.
    private struct Shown {
        let window: UIWindow
        let host: X11Host
    }

    private var shown: [ObjectIdentifier: Shown] = [:]

    /// The X windows, one per visible UIKit window.
    public var hosts: [X11Host] { shown.values.map(\.host) }
    private var observation: WindowObservation?
    /// The order of each turn (input, timers, animation tick, layout, present, next
    /// wake) is UIKit's; this runner only backs it with the main queue and presents.
    public let runLoop = ApplicationRunLoop(scheduler: DispatchRunLoopScheduler())
    private let renderer = LayerRenderer()

    public init(options: X11Host.Options) {
        self.options = options
        UIScreen.main.bounds = CGRect(origin: .zero, size: options.size)
        UIScreen.main.scale = options.scale
        runLoop.presenter = self
        observation = UIApplication.shared.addWindowObserver { [weak self] window, change in
            guard let self else { return }
            switch change {
            case .didBecomeVisible:
                show(window)
            case .didBecomeHidden:
                hide(window)
            case .didBecomeKey, .didResignKey:
                break
            }
        }
    }

    /// Launches the delegate; windows it makes visible get X windows at once.
    public func launch(delegate: @autoclosure () -> any UIApplicationDelegate) {
        UIApplication.shared.launch(delegate: delegate())
        guard !shown.isEmpty else {
            fail("the application delegate made no window key and visible; call makeKeyAndVisible() in application(_:didFinishLaunchingWithOptions:)", status: 1)
        }
        runLoop.turn()
    }

    /// Stops showing windows: closes every X window (cancelling live touches), hides the
    /// UIKit windows and stops observing the application. For tests and embedders that
    /// run several applications in one process, one after another.
    public func shutdown() {
        if let observation { UIApplication.shared.removeWindowObserver(observation) }
        observation = nil
        runLoop.invalidate()
        let closing = shown.values
        shown.removeAll()
        for entry in closing {
            entry.host.close()
            entry.window.layer.stopTrackingDamage()
            entry.window.isHidden = true
        }
    }

    public func runForever() -> Never {
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }

    /// The X window showing `window`, if it is visible.
    public func host(for window: UIWindow) -> X11Host? {
        shown[ObjectIdentifier(window)]?.host
    }

    // MARK: - Windows

    private func show(_ window: UIWindow) {
        guard shown[ObjectIdentifier(window)] == nil else { return }
        var hostOptions = options
        if window.bounds.width > 0 && window.bounds.height > 0 {
            hostOptions.size = window.bounds.size
        } else {
            window.frame = CGRect(origin: .zero, size: options.size)
        }
        let host: X11Host
        do {
            host = try X11Host(options: hostOptions)
        } catch {
            fail("\(error)", status: error.exitStatus)
        }
        // Only what changed is redrawn: the window's layer tree reports its damage
        // (`DamageTracker`), which its frame stage gives at the start of each frame.
        window.layer.startTrackingDamage(bounds: CGRect(origin: .zero, size: hostOptions.size), scale: options.scale)
        host.client = self
        host.addFrameStage(WindowFrameStage(window: window, renderer: renderer))
        shown[ObjectIdentifier(window)] = Shown(window: window, host: host)
        configureHost?(host, window)
        host.start()
    }

    /// The UIKit window an X window shows.
    private func window(of host: X11Host) -> UIWindow? {
        shown.values.first { $0.host === host }?.window
    }

    // MARK: - X11HostClient

    public func host(_ host: X11Host, didReceive batch: [TouchSample]) {
        guard let window = window(of: host) else { return }
        runLoop.handle(batch, in: window)
    }

    public func host(_ host: X11Host, didResizeTo size: CGSize) {
        guard let window = window(of: host) else { return }
        window.frame = CGRect(origin: .zero, size: size)
        window.layer.startTrackingDamage(bounds: CGRect(origin: .zero, size: size), scale: options.scale)
        runLoop.turn()
    }

    /// The window's own close ends the program when it was the last one.
    public func hostDidClose(_ host: X11Host) {
        guard let window = window(of: host) else { return }
        shown[ObjectIdentifier(window)] = nil
        if shown.isEmpty { exit(0) }
    }

    private func hide(_ window: UIWindow) {
        shown.removeValue(forKey: ObjectIdentifier(window))?.host.close()
        window.layer.stopTrackingDamage()
    }

    // MARK: - Presenting

    /// Asks each host whose window's layer tree has damage for a frame; the host draws
    /// it (paced, and at once when idle) with the damage it takes then.
    public func present(_ windows: [UIWindow]) {
        for entry in shown.values where entry.window.layer.damageTracker?.hasDamage == true {
            entry.host.setNeedsFrame()
        }
    }

    private func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("\(ProgramName.current): \(message)\n".utf8))
        exit(status)
    }
}
