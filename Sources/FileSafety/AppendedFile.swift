import Foundation

/// A file written as it goes, in whole pieces (a recording's lines): after any error,
/// a full disk included, the file ends on the last piece written whole, or, when not
/// even the first piece could be written, is gone again if it was created here.
///
/// The path is taken as `OutputFile` takes it: a regular file of the user's there is
/// emptied (the person named it), nothing there is created, and a symbolic link, FIFO,
/// device, socket or folder is refused, never opened for writing or replaced; so is a
/// file with other names (hard links) or another user's. It is written in
/// place, not under a temporary name, so a program killed mid-recording leaves what it
/// wrote so far at the path.
public final class AppendedFile {
    public let path: String
    /// Bytes written whole so far.
    public private(set) var length: Int = 0
    private var descriptor: Int32
    private let created: Bool

    /// Opens `path` for writing from its start (see the type's contract).
    public init(path: String) throws(FileError) {
        guard !path.isEmpty else { throw FileError(.write, path, "the path is empty; name a file") }
        self.path = path
        let existed = try OutputFile.checkDestination(path)
        // O_NONBLOCK: should a FIFO appear here after the check, opening it does not wait
        // for a reader; it fails (ENXIO, "No such device or address") or the kind check
        // below refuses it.
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (existed ? 0 : O_EXCL)
        let descriptor = open(path, flags, 0o666)
        guard descriptor >= 0 else {
            throw errno == ELOOP
                ? FileError(.write, path, "it is a symbolic link, which is never written through; name the file itself")
                : FileError.system(.write, path)
        }
        guard let (kind, info) = FileKind.of(descriptor: descriptor), kind == .regular else {
            Glibc.close(descriptor)
            throw FileError(.write, path, "it is not a regular file, and is never replaced; name a regular file")
        }
        // Emptied in place, the file would be emptied under its other names too, or
        // another user's file filled with this user's input (typed text included).
        if existed, info.st_nlink > 1 {
            Glibc.close(descriptor)
            throw FileError(.write, path, "it has other names (hard links), which would be emptied too; name a new file")
        }
        if existed, info.st_uid != geteuid() {
            Glibc.close(descriptor)
            throw FileError(.write, path, "it belongs to user \(info.st_uid), not to you (\(geteuid())); name a file of your own")
        }
        guard ftruncate(descriptor, 0) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw FileError.system(.write, path, errno: code)
        }
        _ = fcntl(descriptor, F_SETFL, O_WRONLY)
        self.descriptor = descriptor
        created = !existed
    }

    /// Whether the file is still open.
    public var isOpen: Bool { descriptor >= 0 }

    /// Writes `data` whole after what is there, or not at all: a write that fails part
    /// way is cut back off the file, which then ends where it did before, and the error
    /// is thrown. The file stays open.
    public func append(_ data: Data) throws(FileError) {
        guard descriptor >= 0 else { throw FileError(.write, path, "it was closed") }
        let code = Descriptor.writeAll(descriptor, data)
        guard code == 0 else {
            // Shrinking never needs space, so it works on the disk that is full.
            _ = ftruncate(descriptor, off_t(length))
            _ = lseek(descriptor, off_t(length), SEEK_SET)
            throw FileError.system(.write, path, errno: code)
        }
        length += data.count
    }

    /// Flushes the file to the disk and closes it; safe to call twice. A file that holds
    /// nothing whole and was created here is removed.
    public func close() throws(FileError) {
        guard descriptor >= 0 else { return }
        let synced = fsync(descriptor) == 0 ? 0 : errno
        let closed = Glibc.close(descriptor) == 0 ? 0 : errno
        descriptor = -1
        if length == 0, created { unlink(path) }
        // EINVAL: the file cannot be synced (a special file system); what was written stands.
        if synced != 0, synced != EINVAL { throw FileError.system(.write, path, errno: synced) }
        if closed != 0 { throw FileError.system(.write, path, errno: closed) }
    }

    /// Dropped unclosed: closed, and removed when it was created here and holds nothing
    /// whole, as `close()` does.
    deinit {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        if length == 0, created { unlink(path) }
    }
}
