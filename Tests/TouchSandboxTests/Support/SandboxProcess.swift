import Foundation
import XCTest

/// The built `touch-sandbox` executable, run as a user would run it.
struct SandboxProcess {
    struct Result {
        var status: Int32
        var terminatedBySignal: Bool
        var standardOutput: String
        var standardError: String
    }

    /// The executable next to the test bundle in the build folder.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("touch-sandbox")
    }

    /// Runs the sandbox with `arguments` and an environment (nil = inherit, with the
    /// changes applied) and waits for it to exit.
    static func run(_ arguments: [String], environment changes: [String: String?] = [:],
                    in folder: URL? = nil, timeout: TimeInterval = 20) throws -> Result {
        let process = try start(arguments, environment: changes, in: folder)
        return try process.wait(timeout: timeout)
    }

    /// Starts the sandbox; `folder` is its current folder (the test's by default).
    /// `program` replaces the build folder's executable (the installed one), and with
    /// `onlyEnvironment` the process gets that environment alone, not the test's.
    static func start(_ arguments: [String], environment changes: [String: String?] = [:], in folder: URL? = nil,
                      program: URL? = nil, onlyEnvironment: [String: String]? = nil) throws -> Running {
        let process = Process()
        process.executableURL = program ?? executable
        if let folder { process.currentDirectoryURL = folder }
        process.arguments = arguments
        var environment = onlyEnvironment ?? ProcessInfo.processInfo.environment
        for (key, value) in changes {
            environment[key] = value
        }
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Running(process: process, output: output, error: error)
    }

    final class Running {
        let process: Process
        private let output: Pipe
        private let error: Pipe
        private var errorText = Data()

        init(process: Process, output: Pipe, error: Pipe) {
            self.process = process
            self.output = output
            self.error = error
        }

        /// Reads standard error until it contains `text` or `timeout` passes.
        func waitForStandardError(containing text: String, timeout: TimeInterval = 10) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            let handle = error.fileHandleForReading
            while Date() < deadline {
                if String(decoding: errorText, as: UTF8.self).contains(text) { return true }
                var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 50) > 0 {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    let count = read(handle.fileDescriptor, &buffer, buffer.count)
                    if count <= 0 { return false }
                    errorText.append(contentsOf: buffer[..<count])
                }
            }
            return false
        }

        func wait(timeout: TimeInterval) throws -> Result {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            if process.isRunning {
                process.terminate()
                XCTFail("touch-sandbox did not exit within \(timeout) s")
            }
            process.waitUntilExit()
            let out = output.fileHandleForReading.readDataToEndOfFile()
            errorText.append(error.fileHandleForReading.readDataToEndOfFile())
            return Result(status: process.terminationStatus,
                          terminatedBySignal: process.terminationReason == .uncaughtSignal,
                          standardOutput: String(decoding: out, as: UTF8.self),
                          standardError: String(decoding: errorText, as: UTF8.self))
        }
    }
}

/// The width and height in a PNG file's IHDR chunk.
func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
    let data = try Data(contentsOf: url)
    guard data.count > 24, data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
        throw CocoaError(.fileReadCorruptFile)
    }
    func be32(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}
