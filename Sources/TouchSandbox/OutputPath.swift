import Foundation

/// Where `--screenshot` and `--record` write, checked before the window opens: a mistake
/// in the path is a usage error at once, not a window that flashes up and an error after
/// it.
enum OutputPath {
    /// Why `what` ("the screenshot") cannot be written at `path`, in one line, or nil
    /// when it can; `option` names the flag that gave it.
    ///
    /// The path must be non-empty and must not name a folder; its folder must exist,
    /// be a folder, and take a new file there. The last is tried, not inferred from
    /// permission bits: as root everything looks writable, yet `/proc` takes no files.
    /// The try leaves nothing behind: an existing file is opened without truncation,
    /// a new one is removed again.
    static func problem(with path: String, option: String = "--screenshot", what: String = "the screenshot",
                        example: String = "a .png file") -> String? {
        guard !path.isEmpty else { return "\(option) needs a file path, got an empty one" }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "cannot write \(what) \(path): it is a folder; name \(example) in it"
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            return "cannot write \(what) \(path): the folder \(folder) does not exist or is not writable"
        }
        guard isDirectory.boolValue else {
            return "cannot write \(what) \(path): \(folder) is a file, not a folder"
        }
        if let reason = tryWriting(path) {
            return "cannot write \(what) \(path): \(reason)"
        }
        return nil
    }

    /// Opens `path` for writing as the program will, and undoes what that did; the
    /// system's reason when it fails.
    private static func tryWriting(_ path: String) -> String? {
        let existed = FileManager.default.fileExists(atPath: path)
        let descriptor = existed ? open(path, O_WRONLY) : open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        close(descriptor)
        if !existed { unlink(path) }
        return nil
    }
}
