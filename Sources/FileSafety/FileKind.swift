import Foundation

/// What a directory entry is, as `lstat(2)` sees it: a symbolic link is itself, not what
/// it points to.
public enum FileKind: Equatable, Sendable {
    case absent
    case regular
    case folder
    case symbolicLink
    case fifo
    case characterDevice
    case blockDevice
    case socket

    /// What is at `path`, without following a symbolic link; nil (with `errno` set) when
    /// the path cannot be looked at (a folder on the way is not searchable, a name is
    /// too long).
    public static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .absent : nil }
        return FileKind(mode: info.st_mode)
    }

    /// What an open descriptor is (never a link: `fstat(2)` sees the file).
    static func of(descriptor: Int32) -> (kind: FileKind, info: stat)? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return (FileKind(mode: info.st_mode), info)
    }

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .socket
        }
    }

    /// "a FIFO", "a character device", for "it is … , not a regular file".
    public var phrase: String {
        switch self {
        case .absent: "nothing"
        case .regular: "a file"
        case .folder: "a folder"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        }
    }
}
