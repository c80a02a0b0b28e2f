import Foundation

/// Files the project reads that someone else may have put there: recordings given on
/// the command line (a file, or a pipe read as a stream) and state files (which must be
/// the user's own).
public enum InputFile {
    /// Who may have made the file.
    public enum Trust: Sendable {
        /// Any readable file, or a FIFO or pipe read as a stream (what a person names).
        case anyone
        /// Only a regular file owned by the user running the program, reached without a
        /// symbolic link: state that decides what the program does to the machine.
        case ownerOnly
    }

    /// Reads the whole of `path`, refusing more than `limit` bytes.
    ///
    /// A regular file is read whole; a FIFO or pipe (`/dev/stdin` in a pipeline) is read
    /// as a stream until its writer closes it, first waiting for a writer as `cat`
    /// does; a folder, a device (`/dev/zero`) or a socket is refused by name. Errors are
    /// one line saying what is there and what to give instead.
    public static func read(_ path: String, limit: Int, trust: Trust = .anyone,
                            what: String = "a file") throws(FileError) -> Data {
        guard !path.isEmpty else { throw FileError(.read, path, "the path is empty; give \(what)") }
        var info = stat()
        // stat, not lstat: a person may name a link to a recording (or /dev/stdin).
        let looked = trust == .ownerOnly ? lstat(path, &info) : stat(path, &info)
        guard looked == 0 else {
            throw errno == ENOENT ? FileError(.read, path, "there is no such file; give \(what)") : FileError.system(.read, path)
        }
        let kind = FileKind(mode: info.st_mode)
        switch (kind, trust) {
        case (.regular, _), (.fifo, .anyone): break
        case (.folder, _): throw FileError(.read, path, "it is a folder; give \(what)")
        default: throw FileError(.read, path, "it is \(kind.phrase), not \(what)")
        }
        // A FIFO's open waits for a writer, as `cat` does. A regular file's never waits,
        // and O_NONBLOCK keeps it so should a FIFO be put there after the look: the kind
        // check below then refuses it.
        let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | (kind == .fifo ? 0 : O_NONBLOCK) | (trust == .ownerOnly ? O_NOFOLLOW : 0)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { throw FileError.system(.read, path) }
        defer { close(descriptor) }
        guard let (openedKind, opened) = FileKind.of(descriptor: descriptor), openedKind == kind else {
            throw FileError(.read, path, "it changed while it was opened; try again")
        }
        if trust == .ownerOnly, opened.st_uid != geteuid() {
            throw FileError(.read, path, "it belongs to user \(opened.st_uid), not to you (\(geteuid())), so it is not trusted; remove it")
        }
        if kind == .regular, opened.st_size > limit {
            throw FileError(.read, path, "it is larger than \(describe(limit)); give \(what) of at most that")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError.system(.read, path)
            }
            if count == 0 { return data }
            guard data.count + count <= limit else {
                throw FileError(.read, path, "it gives more than \(describe(limit)); give \(what) of at most that")
            }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// "256 MB".
    static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }
}
