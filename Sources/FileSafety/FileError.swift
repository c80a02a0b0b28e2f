import Foundation

/// A file that could not be written or read, said in one line for the command line:
/// `cannot write PATH: what is wrong; what to do`.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done to the file.
    public enum Action: String, Sendable {
        case write
        case read
        case use
    }

    public var action: Action
    /// The path as it was given.
    public var path: String
    /// What is wrong, and where it helps, what to do: one phrase, no newline.
    public var reason: String

    public init(_ action: Action, _ path: String, _ reason: String) {
        self.action = action
        self.path = path
        self.reason = reason
    }

    /// The error of a failed system call, from `errno`.
    static func system(_ action: Action, _ path: String, errno code: Int32 = errno) -> FileError {
        FileError(action, path, systemReason(code))
    }

    /// The system's reason for `code` as `strerror` words it (as `cp` and `tar` say
    /// it), with what to do where that is not plain from the words.
    static func systemReason(_ code: Int32) -> String {
        let reason = String(cString: strerror(code))
        switch code {
        case ENOSPC, EDQUOT: return reason + "; free some space or name a file on another disk"
        case EROFS: return reason + "; name a file on a writable disk"
        default: return reason
        }
    }

    /// One line: the path and the reason are shown with control characters escaped (a
    /// path from an environment variable may hold a newline).
    public var description: String {
        "cannot \(action.rawValue) \(path.shownInOneLine(limit: 500)): \(reason.shownInOneLine(limit: 1000))"
    }
}
