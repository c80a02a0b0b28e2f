import Foundation

/// Lines for the person at the terminal, on standard error.
///
/// `FileHandle.standardError.write(_:)` traps inside Foundation when the write fails
/// (a closed stderr, a full disk behind a redirection); a message must never crash the
/// program that is trying to say something, so these writes go straight to descriptor 2
/// and a failure is dropped: there is nowhere left to report it.
public enum StandardError {
    /// Writes `line`, with a newline after it unless it ends with one.
    public static func writeLine(_ line: String) {
        var text = line
        if !text.hasSuffix("\n") { text += "\n" }
        var bytes = Array(text.utf8)
        _ = Descriptor.writeAll(STDERR_FILENO, &bytes[...])
    }

}

/// Text for standard output (a table a command prints as it goes), written as
/// `StandardError` writes: straight to descriptor 1, a failure dropped, never a trap.
public enum StandardOutput {
    /// Writes `text` as it is.
    public static func writeText(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Descriptor.writeAll(STDOUT_FILENO, &bytes[...])
    }
}

/// Writing to a descriptor in full.
enum Descriptor {
    /// Writes every byte of `bytes` (again after a short write or `EINTR`); 0 on success,
    /// else the `errno` of the write that failed, with `bytes` left holding what was not
    /// written.
    static func writeAll(_ descriptor: Int32, _ bytes: inout ArraySlice<UInt8>) -> Int32 {
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            bytes = bytes.dropFirst(written)
        }
        return 0
    }

    static func writeAll(_ descriptor: Int32, _ data: Data) -> Int32 {
        var bytes = ArraySlice(data)
        return writeAll(descriptor, &bytes)
    }
}
