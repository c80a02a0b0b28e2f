import Foundation

/// Why a headless server could not be started or driven. Each description is one line
/// that says what went wrong and what to do.
public enum HeadlessXorgError: Error, CustomStringConvertible {
    case serverMissing(String)
    case serverDidNotStart(String)
    case timeout(String)
    case protocolError(String)
    case system(String, Int32)

    public var description: String {
        switch self {
        case let .serverMissing(path):
            return "no Xorg server at \(path): install xserver-xorg-core, xserver-xorg-video-dummy and xserver-xorg-dev (see README)"
        case let .serverDidNotStart(detail):
            return "the headless Xorg did not start: \(detail)"
        case let .timeout(what):
            return "timed out waiting for \(what)"
        case let .protocolError(detail):
            return "inputtest protocol error: \(detail)"
        case let .system(call, code):
            return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
