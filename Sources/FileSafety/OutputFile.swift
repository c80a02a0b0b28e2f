import Foundation

/// Files the project writes whole (screenshots, a headless run's files, state files):
/// written under a temporary name beside the destination, flushed to the disk, then
/// renamed onto it, so the path holds the old file or the whole new one after any
/// error, a full disk included, and never half of one.
///
/// What is at the path is replaced only when it is a regular file (one the person
/// named). A symbolic link, a FIFO, a device, a socket or a folder there is refused,
/// never replaced and never written through: as root, `--screenshot /dev/null` must not
/// replace the system's `/dev/null`, and a link planted in a shared folder must not
/// aim a write at another file. Nothing is opened at the path itself, so a FIFO with no
/// reader cannot make a check hang.
///
/// Limits, as with any write by rename: the new file has the user's default mode and
/// owner, not the replaced file's, and a regular file swapped for a link between the
/// check and the rename is replaced in turn (only the link; nothing is written through
/// it). Where nothing was at the path, a hard link places the file, so nothing that
/// appears there meanwhile is replaced.
public enum OutputFile {
    /// Throws why `path` cannot take a file, in one line, without writing anything:
    /// what is there must be nothing or a writable regular file, and its folder must
    /// exist and take a new file (tried, with a temporary file removed again, not
    /// inferred from permission bits: as root everything looks writable, yet `/proc`
    /// and a read-only mount take no files).
    public static func checkWritable(_ path: String) throws(FileError) {
        guard !path.isEmpty else { throw FileError(.write, path, "the path is empty; name a file") }
        try checkDestination(path)
        let temporary = try createTemporary(beside: path)
        close(temporary.descriptor)
        unlink(temporary.path)
    }

    /// Writes `data` to `path` as one whole file (see the type's contract).
    public static func write(_ data: Data, to path: String) throws(FileError) {
        guard !path.isEmpty else { throw FileError(.write, path, "the path is empty; name a file") }
        let existed = try checkDestination(path)
        let temporary = try createTemporary(beside: path)
        let code = Descriptor.writeAll(temporary.descriptor, data)
        // fsync, so a disk that is full only when the data reaches it (delayed
        // allocation) fails here and not after the rename.
        let synced = code == 0 ? (fsync(temporary.descriptor) == 0 ? 0 : errno) : code
        let closed = close(temporary.descriptor) == 0 ? 0 : errno
        guard synced == 0, closed == 0 else {
            unlink(temporary.path)
            throw FileError.system(.write, path, errno: synced != 0 ? synced : closed)
        }
        do throws(FileError) {
            try move(temporary.path, onto: path, replacing: existed)
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// The folder `path` is in ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Refuses what must not be replaced; true when a regular file is there.
    @discardableResult
    static func checkDestination(_ path: String) throws(FileError) -> Bool {
        guard let kind = FileKind.of(path) else { throw FileError.system(.write, path) }
        switch kind {
        case .absent:
            let folder = folder(of: path)
            switch FileKind.of(folder) {
            case .folder?: return false
            case .symbolicLink?:
                // A link to a folder is how many home folders are set up; the folder
                // behind it is what counts.
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    throw FileError(.write, path, "the folder \(folder) does not exist; name a file in an existing folder")
                }
                return false
            case .absent?: throw FileError(.write, path, "the folder \(folder) does not exist; name a file in an existing folder")
            case let other?: throw FileError(.write, path, "\(folder) is \(other.phrase), not a folder")
            case nil: throw FileError.system(.write, path)
            }
        case .regular:
            guard access(path, W_OK) == 0 else {
                throw FileError(.write, path, "it is read-only; make it writable or name another file")
            }
            return true
        case .folder:
            throw FileError(.write, path, "it is a folder; name a file in it")
        case .symbolicLink:
            throw FileError(.write, path, "it is a symbolic link, which is never written through; name the file itself")
        default:
            throw FileError(.write, path, "it is \(kind.phrase), not a regular file, and is never replaced; name a regular file")
        }
    }

    /// A new file beside `path`, open for writing, that no one else made: created with
    /// `O_EXCL` under a name of its own (a dot file, so a listing does not show it).
    static func createTemporary(beside path: String) throws(FileError) -> (path: String, descriptor: Int32) {
        let folder = folder(of: path)
        // At most 100 bytes of the name (whole characters), so the temporary name stays
        // within NAME_MAX whatever script the name is in.
        var name = ""
        for character in (path.split(separator: "/").last ?? "file") {
            guard name.utf8.count + String(character).utf8.count <= 100 else { break }
            name.append(character)
        }
        for _ in 0..<100 {
            let candidate = "\(folder)/.\(name).\(String(UInt32.random(in: 0...UInt32.max), radix: 36)).partial"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (candidate, descriptor) }
            if errno != EEXIST { throw FileError.system(.write, path) }
        }
        throw FileError(.write, path, "no temporary name was free beside it")
    }

    /// Puts the finished temporary file at `path`. Where nothing was there, a hard link
    /// places it only if nothing has appeared since (a link or a FIFO planted between
    /// the check and now is not replaced); a regular file there is replaced by rename.
    static func move(_ temporary: String, onto path: String, replacing existed: Bool) throws(FileError) {
        if !existed {
            if link(temporary, path) == 0 {
                unlink(temporary)
                return
            }
            switch errno {
            case EEXIST:
                // Something appeared at the path: replace it only if it is a regular file.
                guard try checkDestination(path) else { throw FileError.system(.write, path, errno: EEXIST) }
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
                break // A file system without hard links: rename is all there is.
            default:
                throw FileError.system(.write, path)
            }
        }
        guard rename(temporary, path) == 0 else { throw FileError.system(.write, path) }
    }
}
