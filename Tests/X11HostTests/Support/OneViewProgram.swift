import HeadlessXorg
import UIKit
import X11Host
import XCTest

/// The program many end-to-end tests run: a window the size of the screen showing one
/// view.
@MainActor
final class OneViewDelegate<View: UIView>: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let view: View

    init(_ view: View) {
        self.view = view
    }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

/// A `OneViewDelegate` program launched on the shared headless server (640 × 480 points)
/// with every batch it consumed recorded; the caller shuts `runner` down.
@MainActor
struct OneViewProgram<View: UIView> {
    let server: HeadlessXorg
    let runner: X11ApplicationRunner
    let delegate: OneViewDelegate<View>
    let recorder: BatchRecorder
    /// The program's one window's host.
    let host: X11Host

    var view: View { delegate.view }

    init(showing view: View) throws {
        (server, runner) = try makeRunner()
        delegate = OneViewDelegate(view)
        let recorder = BatchRecorder()
        self.recorder = recorder
        runner.configureHost = { host, _ in host.addInputFilter(recorder) }
        runner.launch(delegate: delegate)
        do {
            host = try XCTUnwrap(runner.hosts.first, "the program shows its window")
        } catch {
            runner.shutdown()
            throw error
        }
    }
}
