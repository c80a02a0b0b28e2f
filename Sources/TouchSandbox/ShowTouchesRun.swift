import FileSafety
import Foundation
import SandboxDebugging
import ShowTouches
import X11Host

/// `touch-sandbox --show-touches [mouse | stop]` on the command line: starts the desktop's spots
/// (`DesktopTouchShow`) and runs until a signal or `--show-touches stop`, or stops the
/// one running on the display. Each outcome is one line on standard error.
@MainActor
enum ShowTouchesRun {
    static func run(_ action: ShowTouchesAction, display: String?, appearance: TouchSpotsOverlay.Appearance) -> Never {
        switch action {
        case .stop:
            do {
                let pid = try DesktopTouchShow.stop(display: display)
                StandardError.writeLine("touch-sandbox: stopped --show-touches\(pid.map { " (pid \($0))" } ?? "")")
                exit(0)
            } catch {
                fail(error)
            }
        case .start, .mouse:
            let show: DesktopTouchShow
            do {
                show = try DesktopTouchShow(options: DesktopTouchShow.Options(display: display, showsMouse: action == .mouse,
                                                                              appearance: appearance))
            } catch {
                fail(error)
            }
            StandardError.writeLine("touch-sandbox: \(show.report)")
            show.onStopRequest = {
                show.close()
                StandardError.writeLine("touch-sandbox: --show-touches stopped on request")
                exit(0)
            }
            X11Host.addTerminationHandler { _ in show.close() }
            X11Host.handleTerminationSignals()
            show.start()
            dispatchMain()
        }
    }

    private static func fail(_ error: ShowTouchesError) -> Never {
        StandardError.writeLine("touch-sandbox: \(error)")
        exit(error.exitStatus)
    }
}
