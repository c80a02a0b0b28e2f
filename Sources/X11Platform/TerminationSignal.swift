import Foundation

/// A signal asking the process to end, which an X11 host answers by shutting down
/// cleanly (see `X11Host.addTerminationHandler(_:)`).
public struct TerminationSignal: Sendable, Hashable, CustomStringConvertible {
    /// The signal's number (`SIGTERM` is 15 on Linux).
    public let number: Int32
    /// The signal's name as people write it: `SIGTERM`.
    public let name: String

    /// `kill` and service managers: please end.
    public static let terminate = TerminationSignal(number: SIGTERM, name: "SIGTERM")
    /// Ctrl+C in the terminal.
    public static let interrupt = TerminationSignal(number: SIGINT, name: "SIGINT")
    /// The terminal or the session went away.
    public static let hangUp = TerminationSignal(number: SIGHUP, name: "SIGHUP")

    /// The signals a host handles, in the order their sources are installed.
    public static let all: [TerminationSignal] = [.terminate, .interrupt, .hangUp]

    /// The status the process exits with, as a shell reports a process the signal
    /// ended: 128 plus the signal's number.
    public var exitStatus: Int32 { 128 + number }

    public var description: String { name }
}
