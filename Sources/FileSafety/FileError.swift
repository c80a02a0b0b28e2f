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

    /// The system's reason for `code`, in lower case as the rest of a line goes on.
    static func systemReason(_ code: Int32) -> String {
        var reason = String(cString: strerror(code))
        if let first = reason.first, reason.dropFirst().first?.isLowercase ?? true {
            reason.replaceSubrange(reason.startIndex...reason.startIndex, with: first.lowercased())
        }
        switch code {
        case ENOSPC, EDQUOT: reason += "; free some space or name a file on another disk"
        case EROFS: reason += "; name a file on a writable disk"
        case EACCES, EPERM: reason += "; name a file in a folder you can write to"
        default: break
        }
        return reason
    }

    public var description: String {
        "cannot \(action.rawValue) \(path): \(reason)"
    }
}
