import Foundation

/// The two signals a failed write sends: SIGPIPE (the reader of a pipe went away, as in
/// `touch-sandbox 2>&1 | head -1`) and SIGXFSZ (a file passed `ulimit -f`). Both kill
/// by default, before the write can return its error; ignored, the write fails with
/// `EPIPE` or `EFBIG`, and the program says so in one line or drops a message nobody
/// can read. Programs ignore them first thing (`UIApplicationMain`, the command lines).
public enum WriteSignals {
    /// Ignores SIGPIPE and SIGXFSZ for the whole process. Safe to call twice.
    public static func ignore() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }
}
