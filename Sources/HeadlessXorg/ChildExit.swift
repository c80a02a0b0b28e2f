import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a child process has ended, read from `/proc` without reaping it.
///
/// Foundation's `Process` learns of a child's end only once every copy of its output
/// pipes is closed: `isRunning` stays true and `waitUntilExit()` blocks while a
/// grandchild that inherited them lives on. A server that forked such a helper and died
/// would hang start-up instead of failing it. The kernel knows at once: the child is a
/// zombie, and `/proc/PID/stat` gives its state and exit code.
enum ChildExit {
    /// How a child ended: nil while it runs; else its exit status, or 128 + the signal
    /// that killed it, as a shell reports it (-1 when nothing says how).
    ///
    /// Foundation reaps the child soon after it ends (then `/proc/PID` is gone, or names
    /// another process that took the id): a process whose parent is not this one is
    /// not the child, and without `/proc` Foundation's own `isRunning` decides.
    static func status(of process: Process) -> Int32? {
        let pid = process.processIdentifier
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
            return process.isRunning ? nil : -1
        }
        // "PID (COMMAND) STATE PPID …": the command may hold spaces and parentheses.
        guard let close = stat.lastIndex(of: ")") else { return process.isRunning ? nil : -1 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 2, Int32(fields[1]) == getpid() else { return -1 }
        guard let state = fields.first, state == "Z" || state == "X" else { return nil }
        // exit_code is field 52 of the line, the 50th after the command.
        guard fields.count >= 50, let code = Int32(fields[49].trimmingCharacters(in: .whitespacesAndNewlines)) else { return -1 }
        return code & 0x7F == 0 ? (code >> 8) & 0xFF : 128 + (code & 0x7F)
    }

    /// Waits until the child has ended or `timeout` has passed; its status, or nil when it
    /// still runs.
    static func wait(for process: Process, timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let status = status(of: process) { return status }
            if Date() >= deadline { return nil }
            usleep(5_000)
        }
    }
}
