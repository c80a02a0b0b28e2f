import AnimatedImage
import CairoRenderer
import FileSafetyTesting
import Foundation
import UIKit
import XCTest

/// What an adversary gave the sandbox in the third reliability pass, each now one line
/// and exit status 2 (the fuzzer's reproducers, run through the command line), with
/// nothing written or replaced.
final class BadInputTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bad-input-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func assertOneLine(_ result: SandboxProcess.Result, _ line: String, file: StaticString = #filePath, line number: UInt = #line) {
        XCTAssertEqual(result.status, 2, result.standardError, file: file, line: number)
        XCTAssertFalse(result.terminatedBySignal, file: file, line: number)
        XCTAssertEqual(result.standardError, line + "\n", file: file, line: number)
    }

    func testABareEqualsSignInTOUCH_KIOSKIsOneLineNotACrashAtLaunch() throws {
        for value in ["=", "on,=", "==", "monitor=DP-1,="] {
            let result = try SandboxProcess.run(["--display", ":987"], environment: ["TOUCH_KIOSK": value])
            let word = value.split(separator: ",").last.map(String.init) ?? value
            assertOneLine(result, "touch-sandbox: TOUCH_KIOSK: '\(word)' is not understood; use a comma-separated list of: on, monitor=NAME (or primary), idle=SECONDS, exit=hold|corner|both, cursor, attract=FILE")
        }
    }

    func testRecordingsWithHugeOrTinyWindowsAreRefusedBeforeAnythingStarts() throws {
        let huge = try write(#"{"format":"touch-recording","version":1,"size":[1e308,1e308],"app":"t"}"# + "\n", to: "huge.touches")
        assertOneLine(try SandboxProcess.run(["--replay", huge, "--headless"]),
                      #"touch-sandbox: --replay: \#(huge):1: "size" must be [width, height] in points, each 1 to 32767"#)
        for (size, name) in [("[1,1]", "tiny"), ("[40000,40000]", "big")] {
            let path = try write(#"{"format":"touch-recording","version":1,"size":\#(size),"app":"t"}"# + "\n", to: "\(name).touches")
            let result = try SandboxProcess.run(["--replay", path, "--headless"], in: folder)
            if name == "tiny" {
                assertOneLine(result, "touch-sandbox: --replay: its window of 1x1 points cannot be shown headless: each side must be 64 to 16384 points")
            } else {
                assertOneLine(result, #"touch-sandbox: --replay: \#(path):1: "size" must be [width, height] in points, each 1 to 32767"#)
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                       ["big.touches", "huge.touches", "tiny.touches"], "no run's files, no server's folder")
    }

    func testADeviceIsNamedAndAWindowsFileIsRead() throws {
        assertOneLine(try SandboxProcess.run(["--replay", "/dev/zero"]),
                      "touch-sandbox: --replay: /dev/zero: cannot be read: it is a character device, not a recording made with --record")
        let lines = [#"{"format":"touch-recording","version":1,"size":[640,480],"app":"t"}"#,
                     #"{"t":0.1,"batch":1,"device":1,"touch":1,"phase":"began","x":1,"y":2}"#]
        let windows = try write(lines.joined(separator: "\r\n") + "\r\n", to: "windows.touches")
        let result = try SandboxProcess.run(["--replay", windows, "--display", ":987"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.hasPrefix("touch-sandbox: cannot open the X display :987"),
                      "read, and the next problem is the display: \(result.standardError)")
    }

    func testRecordingOrAScreenshotOntoAFIFOOrADeviceIsRefusedAtOnceAndLeavesThemAsTheyWere() throws {
        let fifo = folder.appendingPathComponent("pipe.touches").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for (option, what, path, kind) in [("--record", "the recording", fifo, "a FIFO"), ("--screenshot", "the screenshot", fifo, "a FIFO"),
                                           ("--record", "the recording", "/dev/null", "a character device")] {
            let result = try SandboxProcess.run([option, path, "--display", ":987"], timeout: 10)
            assertOneLine(result, "touch-sandbox: cannot write \(what) \(path): it is \(kind), not a regular file, and is never replaced; name a regular file (see touch-sandbox --help)")
        }
        var info = stat()
        XCTAssertEqual(lstat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
    }

    /// `touch-sandbox … 2>&1 | head -1` after head has gone: its error line meets a pipe
    /// with no reader, and it still ends with its status, not by SIGPIPE.
    func testAnErrorLineToAPipeWithNoReaderEndsWithTheStatusNotASignal() throws {
        let process = Process()
        process.executableURL = SandboxProcess.executable
        process.arguments = ["--display", ":987"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try errors.fileHandleForReading.close()
        try process.run()
        try errors.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 2)
    }

    /// A folder that takes no files is found before the tour plays, not after it.
    func testAHeadlessRunIntoAReadOnlyFolderFailsBeforePlaying() throws {
        let disk = try SmallDisk.mountedOrSkipped(kilobytes: 64)
        defer { disk.remove() }
        try disk.makeReadOnly()
        let started = Date()
        let result = try SandboxProcess.run(["--headless", "--output", disk.folder.path, "--scene", "drag"], in: folder)
        assertOneLine(result, "touch-sandbox: cannot write \(disk.folder.path)/touch-sandbox-drag.webp: Read-only file system; name a file on a writable disk")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "no tour was played first")
    }

    /// A disk that fills while the run writes: one line, and no part of a file left.
    /// Which file meets the full disk depends on how big the animation comes out (the
    /// frames the run caught), so the test takes whichever it is: the line names it,
    /// and each file that is there is whole.
    func testAHeadlessRunOntoAFullDiskLeavesNoPartialFile() throws {
        CairoDrawingEngine.install()
        let disk = try SmallDisk.mountedOrSkipped(kilobytes: 256)
        defer { disk.remove() }
        try disk.fill(leaving: 16 * 1024)
        let result = try SandboxProcess.run(["--headless", "--output", disk.folder.path, "--scene", "drag", "--speed", "20"],
                                            in: folder, timeout: 60)
        XCTAssertEqual(result.status, 2, result.standardError)
        // Before it, the run's usual lines (the touch devices it found).
        let last = try XCTUnwrap(result.standardError.split(separator: "\n").last.map(String.init))
        let names = ["touch-sandbox-drag.webp", "touch-sandbox-drag-contact.png", "touch-sandbox-drag-trace.txt"]
        XCTAssertTrue(names.contains { last == "touch-sandbox: cannot write \(disk.folder.path)/\($0): No space left on device; free some space or name a file on another disk" }, last)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: disk.folder.path)).subtracting(["filler"])
        XCTAssertTrue(left.isSubset(of: Set(names)), "no temporary file is left: \(left)")
        for name in left {
            let url = disk.folder.appendingPathComponent(name)
            switch url.pathExtension {
            case "webp": XCTAssertNotNil(DecodedAnimation(webP: try Data(contentsOf: url)), "\(name) is whole")
            case "png": XCTAssertNotNil(UIImage(contentsOfFile: url.path), "\(name) is whole")
            default: XCTAssertTrue(try String(contentsOf: url, encoding: .utf8).hasSuffix("\n"), "\(name) is whole")
            }
        }
    }
}
