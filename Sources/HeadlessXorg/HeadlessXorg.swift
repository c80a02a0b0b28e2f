import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private Xorg server with no screen and no input hardware: the `dummy` video driver
/// and `inputtest` devices (two touchscreens, an absolute pointer, a keyboard) that tests
/// and benchmarks drive through sockets.
///
/// `start()` returns once the server accepts X connections and every device socket is
/// connected; it never sleeps for a fixed time. `stop()` kills the server and removes its
/// temporary directory; it also runs at deinit, and the server is started with a parent
/// death signal, so a crashed test process leaves no server behind.
public final class HeadlessXorg: @unchecked Sendable {
    /// The display name to connect to, for example ":3".
    public let display: String
    public let screenSize: (width: Int, height: Int)
    public let touchscreen: InputTestDevice
    /// A second touchscreen, for tests that disable a device.
    public let secondTouchscreen: InputTestDevice
    public let pointer: InputTestDevice
    public let keyboard: InputTestDevice
    /// The server's log file, useful when something goes wrong.
    public let logFile: URL

    private let process: Process
    private let directory: URL
    private var stopped = false
    private let lock = NSLock()

    public static let defaultServerPath = "/usr/lib/xorg/Xorg"

    /// Starts a server with a screen of the given size.
    public init(width: Int = 1280, height: Int = 1024, serverPath: String = defaultServerPath,
                timeout: TimeInterval = 20) throws {
        guard FileManager.default.isExecutableFile(atPath: serverPath) else {
            throw HeadlessXorgError.serverMissing(serverPath)
        }
        screenSize = (width, height)
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("touch-sandbox-xorg-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        logFile = directory.appendingPathComponent("xorg.log")
        let configFile = directory.appendingPathComponent("xorg.conf")
        try Self.configuration(width: width, height: height, directory: directory)
            .write(to: configFile, atomically: true, encoding: .utf8)

        let serverArguments = [
            "-config", configFile.path, "-noreset", "-nolisten", "tcp", "-logfile", logFile.path,
            "-novtswitch", "-sharevts", "-displayfd", "1",
        ]
        let process = Process()
        // setpriv makes the kernel kill the server when this process dies, however it dies.
        let setpriv = "/usr/bin/setpriv"
        if FileManager.default.isExecutableFile(atPath: setpriv) {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = ["--pdeathsig", "KILL", serverPath] + serverArguments
        } else {
            process.executableURL = URL(fileURLWithPath: serverPath)
            process.arguments = serverArguments
        }
        let displayPipe = Pipe()
        process.standardOutput = displayPipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process

        let deadline = Date().addingTimeInterval(timeout)
        do {
            // With -displayfd the server writes its display number once it accepts
            // connections: that is the readiness signal.
            let number = try Self.readDisplayNumber(from: displayPipe.fileHandleForReading, process: process,
                                                    deadline: deadline, logFile: logFile)
            display = ":\(number)"
            var devices: [String: InputTestDevice] = [:]
            for device in Self.deviceLayout {
                devices[device.name] = try InputTestDevice(
                    name: device.name, kind: device.kind,
                    socketPath: Self.socketPath(for: device.name, in: directory),
                    screenSize: (width, height), deadline: deadline)
            }
            touchscreen = devices["touchscreen"]!
            secondTouchscreen = devices["touchscreen-2"]!
            pointer = devices["pointer"]!
            keyboard = devices["keyboard"]!
        } catch {
            Self.terminate(process)
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Kills the server and removes its temporary directory. Safe to call twice.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        Self.terminate(process)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Whether the server process is still running.
    public var isRunning: Bool { ChildExit.status(of: process) == nil }

    /// Kills the server the hard way, as a crash would, without cleaning up: for tests
    /// of what a client does when its server disappears.
    public func kill() {
        guard ChildExit.status(of: process) == nil else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        _ = ChildExit.wait(for: process, timeout: 5)
    }

    /// The last lines of the server's log.
    public func logTail(lines: Int = 20) -> String {
        Self.logTail(logFile, lines: lines)
    }

    // MARK: - Process handling

    /// SIGTERM, then SIGKILL after 3 s; waits for the end by `ChildExit`, never by
    /// `waitUntilExit()`, and gives up after 2 s more (a process that outlives SIGKILL is
    /// stuck in the kernel, and waiting on it would hang the caller too).
    private static func terminate(_ process: Process) {
        let pid = process.processIdentifier
        guard ChildExit.status(of: process) == nil else { return }
        Glibc.kill(pid, SIGTERM)
        guard ChildExit.wait(for: process, timeout: 3) == nil else { return }
        // Still this process's child (not an id another process took since): kill it.
        guard ChildExit.status(of: process) == nil else { return }
        Glibc.kill(pid, SIGKILL)
        _ = ChildExit.wait(for: process, timeout: 2)
    }

    private static func readDisplayNumber(from handle: FileHandle, process: Process, deadline: Date,
                                          logFile: URL) throws -> Int {
        var text = ""
        let fd = handle.fileDescriptor
        func exited(_ status: Int32?) -> HeadlessXorgError {
            let how = status.map { $0 >= 0 ? "it exited with status \($0)" : "it exited" } ?? "it closed its output and did not exit"
            return HeadlessXorgError.serverDidNotStart("\(how); its log ends:\n\(logTail(logFile, lines: 15))")
        }
        while !text.contains("\n") {
            // In slices, so a server that died while a child of its holds the pipe open
            // is seen at once, not at the deadline.
            let remaining = max(0, deadline.timeIntervalSinceNow)
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 0.1) * 1000))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                if let status = ChildExit.status(of: process) { throw exited(status) }
                guard remaining > 0 else {
                    throw HeadlessXorgError.timeout("Xorg to accept connections; its log ends:\n\(logTail(logFile, lines: 15))")
                }
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = Glibc.read(fd, &buffer, buffer.count)
            guard count > 0 else { throw exited(ChildExit.wait(for: process, timeout: 2)) }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw HeadlessXorgError.serverDidNotStart("it announced the display as \(text.debugDescription)")
        }
        return number
    }

    static func logTail(_ file: URL, lines: Int) -> String {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return "(no log)" }
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }
}

// MARK: - One server per test process

extension HeadlessXorg {
    nonisolated(unsafe) private static var sharedServer: HeadlessXorg?
    private static let sharedLock = NSLock()

    /// The server shared by every test of this process, started on first use and killed
    /// when the process exits (and by the kernel if the process dies), so a test suite
    /// starts one Xorg rather than one per test.
    public static func shared() throws -> HeadlessXorg {
        try sharedLock.withLock {
            if let server = sharedServer, server.isRunning { return server }
            let server = try HeadlessXorg()
            if sharedServer == nil {
                atexit { HeadlessXorg.sharedServer?.stop() }
            }
            sharedServer = server
            return server
        }
    }
}
