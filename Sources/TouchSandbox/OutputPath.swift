import FileSafety
import Foundation

/// Where `--screenshot` and `--record` write, checked before the window opens: a mistake
/// in the path is a usage error at once, not a window that flashes up and an error after
/// it.
enum OutputPath {
    /// Why `what` ("the screenshot") cannot be written at `path`, in one line, or nil
    /// when it can; `option` names the flag that gave it.
    ///
    /// `OutputFile.checkWritable(_:)` decides: nothing or a writable regular file at the
    /// path (a link, FIFO, device or folder is refused, never replaced), and a folder
    /// that takes a new file, tried and left as it was.
    static func problem(with path: String, option: String = "--screenshot", what: String = "the screenshot",
                        example: String = "a .png file") -> String? {
        guard !path.isEmpty else { return "\(option) needs a file path, got an empty one" }
        if FileKind.of(path) == .folder {
            return "cannot write \(what) \(path): it is a folder; name \(example) in it"
        }
        do throws(FileError) {
            try OutputFile.checkWritable(path)
        } catch {
            return "cannot write \(what) \(path): \(error.reason)"
        }
        return nil
    }
}
