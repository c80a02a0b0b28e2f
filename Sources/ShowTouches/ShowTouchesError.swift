import Foundation
import X11Platform

/// Why `touch-sandbox --show-touches` could not start or stop: each is one line, with
/// the exit status the command line gives it.
public enum ShowTouchesError: Error, CustomStringConvertible, Equatable {
    /// The display could not be used (none named, cannot be opened, no XInput 2.2).
    case display(X11HostError)
    /// Another `--show-touches` already shows the touches of this display.
    case alreadyRunning(display: String, pid: Int?)
    /// `--show-touches stop` found none to stop.
    case notRunning(display: String)
    /// The one asked to stop did not within the time allowed.
    case didNotStop(display: String, pid: Int?)

    public var description: String {
        switch self {
        case .display(let error):
            "\(error)"
        case .alreadyRunning(let display, let pid):
            "--show-touches already runs on \(display)\(pid.map { " (pid \($0))" } ?? ""); stop it with: touch-sandbox --show-touches stop"
        case .notRunning(let display):
            "no --show-touches runs on \(display): nothing to stop"
        case .didNotStop(let display, let pid):
            "--show-touches on \(display)\(pid.map { " (pid \($0))" } ?? "") did not stop within 3 s; end it with: kill \(pid.map(String.init) ?? "PID")"
        }
    }

    /// The exit status: 2 for a display that cannot be used (a usage error, as the
    /// sandbox's), 1 otherwise.
    public var exitStatus: Int32 {
        switch self {
        case .display: 2
        case .alreadyRunning, .notRunning, .didNotStop: 1
        }
    }
}
