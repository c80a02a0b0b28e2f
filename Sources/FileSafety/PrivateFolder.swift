import Foundation

/// A folder only its user may change, for state that decides what the program does
/// (the kiosk's saved touch mappings): used only if it is a real folder (not a symbolic
/// link), owned by the user running the program, with mode 0700, as the XDG
/// specification asks of its runtime folder (ssh is laxer with `~/.ssh`: no group or
/// world write). In a shared folder such as
/// `/tmp`, another user could otherwise make the folder first and put files in it.
public enum PrivateFolder {
    /// Makes `path` with mode 0700 (its parent must exist), or checks the folder that is
    /// there; throws, in one line, why it cannot be used.
    public static func prepare(_ path: String) throws(FileError) {
        if mkdir(path, 0o700) == 0 {
            // The process's umask may have taken bits off; 0700 is what is promised.
            guard chmod(path, 0o700) == 0 else { throw FileError.system(.use, path) }
            return
        }
        guard errno == EEXIST else { throw FileError.system(.use, path) }
        try check(path)
    }

    /// Whether `path` exists and can be used: false when nothing is there; throws, in
    /// one line, why a folder that is there cannot be used.
    @discardableResult
    public static func check(_ path: String) throws(FileError) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw FileError.system(.use, path)
        }
        let kind = FileKind(mode: info.st_mode)
        let advice = "remove it, or set XDG_RUNTIME_DIR to your own runtime folder"
        guard kind == .folder else {
            throw FileError(.use, path, "it is \(kind.phrase), not a folder of your own; \(advice)")
        }
        guard info.st_uid == geteuid() else {
            throw FileError(.use, path, "it belongs to user \(info.st_uid), not to you (\(geteuid())); \(advice)")
        }
        let permissions = info.st_mode & 0o7777
        guard permissions == 0o700 else {
            throw FileError(.use, path, "its mode is \(String(permissions, radix: 8)), not 700, so others could change it; \(advice)")
        }
        return true
    }
}
