import FileSafety
import Foundation
import HeadlessXorg
import TouchFuzzing
import TouchSandbox
import UIKit
import X11Host

/// The soak test: the real `touch-sandbox` (release, `--overlays all`) under the headless
/// Xorg for minutes of random multitouch through the virtual touchscreen, every scene in
/// turn (the Right arrow key on the virtual keyboard), its resident memory and CPU read
/// from `/proc/PID` once a second.
///
/// It passes when, after the input stops and the sandbox is back on its first scene:
/// - memory returned to its plateau: the resident set (`VmRSS`) at the end is at most
///   `toleranceMB` above the plateau, the resident set just after the first full cycle
///   of scenes (when every scene has been built, touched and left once, so caches,
///   fonts and allocator pools are warm);
/// - the sandbox is idle: under 1 % CPU over 5 seconds, measured after 5 seconds of
///   quiet (the recognizer HUD lingers 3 s after the last lift);
/// - it never exited.
/// Otherwise it prints one line saying what failed and exits 1.
@MainActor
enum SoakTest {
    struct Options {
        var minutes: Double = 10
        /// Seconds of random touches on each scene before the next.
        var dwell: Double = 2
        var toleranceMB: Double = 3
        var seed: UInt64 = 1

        init(_ arguments: [String]) {
            var index = 0
            func value() -> Double {
                index += 1
                guard index < arguments.count, let number = Double(arguments[index]), number > 0 else {
                    fail("soak: \(arguments[index - 1]) needs a positive number")
                }
                return number
            }
            while index < arguments.count {
                switch arguments[index] {
                case "--minutes": minutes = value()
                case "--dwell": dwell = value()
                case "--tolerance-mb": toleranceMB = value()
                case "--seed": seed = UInt64(value())
                default: fail("usage: touch-sandbox-bench soak [--minutes N] [--dwell S] [--tolerance-mb MB] [--seed N]")
                }
                index += 1
            }
        }
    }

    /// The stage between the caption bar (32 pt) and the toolbar (28 pt) of a 1024 × 768
    /// window, with a margin: touches there reach the scene, never the chrome, so the
    /// overlays stay on and no panel opens.
    static let stage = CGRect(x: 20, y: 48, width: 984, height: 672)
    static let idleCPULimit = 0.01

    static func run(_ options: Options) throws {
        let scenes = SceneCatalog.all
        let server = try HeadlessXorg(width: 1024, height: 768)
        defer { server.stop() }
        let sandbox = try startClient(benchDirectory.appendingPathComponent("touch-sandbox"),
                                      ["--display", server.display, "--scene", scenes[0].name, "--overlays", "all"],
                                      readyLine: "touch device")
        defer { if sandbox.isRunning { sandbox.terminate(); sandbox.waitUntilExit() } }
        let pid = sandbox.processIdentifier
        let window = try waitForNewWindow(on: server.display, besides: [], of: "touch-sandbox")
        let connection = try X11Connection(name: server.display)
        defer { connection.close() }
        guard let rightArrow = connection.keycode(forKeysym: GalleryBenchmarks.rightArrowKeysym) else {
            fail("soak: the server's keymap has no Right arrow")
        }
        // Without a window manager the keyboard follows the pointer.
        try server.pointer.move(to: CGPoint(x: 512, y: 400))
        usleep(500_000)

        var random = SplitMix64(seed: options.seed)
        var fingers = RandomFingers(stage: stage)
        let start = MonotonicClock().now
        let end = start + options.minutes * 60
        var nextSample = start + 1
        var nextScene = start + options.dwell
        var lastCPU = cpuSeconds(of: pid)
        var sceneIndex = 0
        var switches = 0
        var plateau: Double?
        var peak = 0.0
        say(String(format: "soak: %.1f min, %d scenes, %.1f s each, seed %llu, touch-sandbox pid %d",
                     options.minutes, scenes.count, options.dwell, options.seed, pid))

        func ensureAlive() {
            guard sandbox.isRunning else {
                fail(String(format: "soak: FAIL: touch-sandbox exited (status %d) after %.0f s on scene %@",
                            sandbox.terminationStatus, MonotonicClock().now - start, scenes[sceneIndex].name))
            }
        }
        func nextSceneKey() throws {
            try server.keyboard.key(rightArrow, isPress: true)
            try server.keyboard.key(rightArrow, isPress: false)
            sceneIndex = (sceneIndex + 1) % scenes.count
            switches += 1
            // The title names the scene shown: a key that went astray would otherwise
            // leave the soak on one scene without saying so.
            let expected = SandboxApp.title(for: scenes[sceneIndex])
            let deadline = MonotonicClock().now + 2
            while WindowList.title(of: window, display: server.display) != expected {
                ensureAlive()
                guard MonotonicClock().now < deadline else {
                    fail("soak: FAIL: the Right arrow did not open \(scenes[sceneIndex].name) (the title says \(WindowList.title(of: window, display: server.display) ?? "nothing"))")
                }
                usleep(5_000)
            }
        }

        while MonotonicClock().now < end {
            try fingers.step(server.touchscreen, random: &random)
            usleep(8_000)  // a touchscreen's 120 Hz
            let now = MonotonicClock().now
            if now >= nextScene {
                try fingers.liftAll(server.touchscreen)
                try nextSceneKey()
                nextScene = now + options.dwell
                if switches == scenes.count, plateau == nil {
                    usleep(500_000)
                    plateau = memoryMB(of: pid)
                    say(String(format: "soak: first cycle done: plateau %.1f MB", plateau ?? .nan))
                }
            }
            if now >= nextSample {
                ensureAlive()
                let cpu = cpuSeconds(of: pid)
                let rss = memoryMB(of: pid)
                peak = max(peak, rss)
                let name = scenes[sceneIndex].name.padding(toLength: 20, withPad: " ", startingAt: 0)
                say(String(format: "soak: %4.0f s  scene %2d %@ RSS %5.1f MB  CPU %3.0f %%  fingers %d",
                             now - start, sceneIndex + 1, name, rss,
                             (cpu - lastCPU) / (now - nextSample + 1) * 100, fingers.live))
                lastCPU = cpu
                nextSample += 1
            }
        }
        try fingers.liftAll(server.touchscreen)
        // Back to the first scene, which animates nothing, for the idle measurement.
        while sceneIndex != 0 {
            try nextSceneKey()
            usleep(100_000)
        }
        usleep(5_000_000)
        ensureAlive()
        let idleStart = cpuSeconds(of: pid)
        usleep(5_000_000)
        let idleCPU = (cpuSeconds(of: pid) - idleStart) / 5
        let final = memoryMB(of: pid)
        ensureAlive()

        guard let plateau else {
            fail(String(format: "soak: FAIL: the run ended before one full cycle of scenes (%d switches of %d); use more --minutes",
                        switches, scenes.count))
        }
        say(String(format: "soak: %d scene switches; RSS plateau %.1f MB, peak %.1f MB, end %.1f MB (%+.1f MB); idle CPU %.2f %%",
                     switches, plateau, peak, final, final - plateau, idleCPU * 100))
        if final > plateau + options.toleranceMB {
            fail(String(format: "soak: FAIL: memory did not return to its plateau: %.1f MB at the end, %.1f MB after the first cycle (tolerance %.1f MB)",
                        final, plateau, options.toleranceMB))
        }
        if idleCPU >= idleCPULimit {
            fail(String(format: "soak: FAIL: not idle after the input stopped: %.1f %% CPU over 5 s on %@ (limit 1 %%)",
                        idleCPU * 100, scenes[0].name))
        }
        say("soak: PASS")
    }

    /// Prints a line at once, even into a pipe: the run is long and its progress matters.
    static func say(_ line: String) {
        StandardOutput.writeText(line + "\n")
    }

    /// Resident memory of a process in MB (MiB), from `/proc/PID/status`.
    static func memoryMB(of pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return .nan }
        return kilobytes / 1024
    }
}
