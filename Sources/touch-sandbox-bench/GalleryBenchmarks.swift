import Foundation
import HeadlessXorg
import UIKit
import X11Host

/// The sandbox as a person starts and browses it, under the headless server:
///
/// - start to first frame: from spawning `touch-sandbox` to the first pixel of its
///   caption bar showing in the window, read back through the server (so it includes
///   process start, the X connection, the scene's set-up, drawing and the copy);
/// - peak memory with the gallery open: the process's high-water resident set
///   (`VmHWM` in `/proc/PID/status`) after stepping through every scene twice with the
///   Right arrow key (a key press on the virtual keyboard) and touching each.
@MainActor
enum GalleryBenchmarks {
    /// The caption bar's colour (`SandboxStyle.chrome`, 0x2C2C2E) as the 24-bit screen
    /// stores it.
    static let captionPixel: UInt32 = 0x2C2C2E
    /// X keysym of the Right arrow, which steps to the next scene.
    static let rightArrowKeysym: UInt = 0xFF53

    static func startupAndMemory(launches: Int, sceneCount: Int) throws {
        let server = try HeadlessXorg(width: 1024, height: 768)
        defer { server.stop() }
        let reader = try WindowPixelReader(displayName: server.display)
        let executable = benchDirectory.appendingPathComponent("touch-sandbox")

        var startTimes: [Double] = []
        for _ in 0..<launches {
            let (process, milliseconds) = try launch(executable, server: server, reader: reader)
            startTimes.append(milliseconds)
            process.terminate()
            process.waitUntilExit()
            usleep(200_000)
        }

        let (process, _) = try launch(executable, server: server, reader: reader)
        defer { process.terminate(); process.waitUntilExit() }
        let afterFirstFrame = memory(of: process.processIdentifier)
        let connection = try X11Connection(name: server.display)
        defer { connection.close() }
        guard let rightArrow = connection.keycode(forKeysym: rightArrowKeysym) else { fail("the server's keymap has no Right arrow") }
        // Without a window manager the keyboard follows the pointer.
        try server.pointer.move(to: CGPoint(x: 500, y: 300))
        for step in 0..<(2 * sceneCount) {
            try server.keyboard.key(rightArrow, isPress: true)
            try server.keyboard.key(rightArrow, isPress: false)
            usleep(250_000)
            let point = CGPoint(x: 300 + Double(step % 5) * 90, y: 300)
            try server.touchscreen.touches([(1, .begin, point)])
            try server.touchscreen.touches([(1, .update, CGPoint(x: point.x + 40, y: point.y + 20))])
            try server.touchscreen.touches([(1, .end, CGPoint(x: point.x + 40, y: point.y + 20))])
            usleep(150_000)
        }
        let afterGallery = memory(of: process.processIdentifier)

        startTimes.sort()
        print("| measurement | runs | median | worst | target |")
        print("|---|---|---|---|---|")
        print(String(format: "| start to first frame (touch-spots scene, 1024×768) | %d | %.0f ms | %.0f ms | 300 ms |",
                     launches, startTimes[startTimes.count / 2], startTimes.last ?? .nan))
        print(String(format: "| resident memory after the first frame | 1 | %.1f MB (peak %.1f MB) | | |",
                     afterFirstFrame.resident, afterFirstFrame.peak))
        print(String(format: "| peak resident memory, every scene opened twice and touched (%d scene changes) | 1 | %.1f MB | | 64 MB |",
                     2 * sceneCount, afterGallery.peak))
    }

    /// Starts the sandbox and waits for its caption bar to show; returns the process
    /// and the milliseconds that took.
    private static func launch(_ executable: URL, server: HeadlessXorg,
                               reader: WindowPixelReader) throws -> (Process, Double) {
        let before = Set(WindowList.topLevelWindows(display: server.display))
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--display", server.display, "--scene", "touch-spots"]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let start = MonotonicClock().now
        try process.run()
        let deadline = start + 10
        while MonotonicClock().now < deadline {
            if let window = WindowList.topLevelWindows(display: server.display).first(where: { !before.contains($0) }),
               reader.pixel(of: window, x: 4, y: 4).map({ $0 & 0xFFFFFF }) == captionPixel {
                return (process, (MonotonicClock().now - start) * 1000)
            }
            usleep(500)
        }
        process.terminate()
        throw LatencyProbe.ProbeError.noWindow("touch-sandbox")
    }

    /// Resident and peak resident memory of a process in MB (MiB), from /proc.
    private static func memory(of pid: Int32) -> (resident: Double, peak: Double) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (.nan, .nan) }
        func kilobytes(_ field: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return .nan }
            return Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan
        }
        return (kilobytes("VmRSS") / 1024, kilobytes("VmHWM") / 1024)
    }
}
