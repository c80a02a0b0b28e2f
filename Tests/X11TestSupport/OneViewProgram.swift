import HeadlessXorg
import UIKit
import X11Host
import XCTest

/// The program many end-to-end tests run: a window the size of the screen showing one
/// view.
@MainActor
package final class OneViewDelegate<View: UIView>: UIResponder, UIApplicationDelegate {
    package var window: UIWindow?
    package let view: View

    package init(_ view: View) {
        self.view = view
    }

    package func application(_ application: UIApplication,
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
package struct OneViewProgram<View: UIView> {
    package let server: HeadlessXorg
    package let runner: X11ApplicationRunner
    package let delegate: OneViewDelegate<View>
    package let recorder: BatchRecorder
    /// The program's one window's host.
    package let host: X11Host

    package var view: View { delegate.view }

    package init(showing view: View) throws {
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

/// A view that notes each touch it is sent: the phase and where, in its own points.
@MainActor
package final class RecordingView: UIView {
    package var trace: [String] = []

    override package func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began", touches) }
    override package func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches) }
    override package func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches) }
    override package func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record("cancelled", touches) }

    private func record(_ phase: String, _ touches: Set<UITouch>) {
        for touch in touches {
            let point = touch.location(in: self)
            trace.append("\(phase) (\(point.x), \(point.y))")
        }
    }
}

extension OneViewDelegate where View == RecordingView {
    /// The program with a 300 × 200 `RecordingView` at (100, 50).
    package convenience init() {
        self.init(View(frame: CGRect(x: 100, y: 50, width: 300, height: 200)))
    }
}
