import CairoRenderer
import FileSafety
import Foundation
import HeadlessXorg
import TouchSandbox
import X11Host

// touch-sandbox-bench: the project's benchmarks, run in release mode. Each prints rows
// of the tables in BENCHMARKS.md; `--help` lists the commands (`BenchHelp`).

WriteSignals.ignore()
let arguments = Array(CommandLine.arguments.dropFirst())
let benchDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

func fail(_ message: String) -> Never {
    StandardError.writeLine("touch-sandbox-bench: \(message)")
    exit(1)
}

/// The instructions callgrind counts for one run of this executable with `arguments`;
/// nil when valgrind cannot run.
func callgrindInstructions(_ arguments: [String], executable: URL) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/valgrind")
    process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", executable.path] + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
    process.waitUntilExit()
    guard let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }),
          let number = line.split(separator: ":").last.map({ $0.trimmingCharacters(in: .whitespaces) })
    else { return nil }
    return Double(number)
}

/// Instructions per run of `operation` (a command of this executable, `NAME KEY COUNT`),
/// from two callgrind runs of `few` and `many` runs, differenced so that start-up and
/// set-up cancel; nil when valgrind cannot run.
func callgrindInstructionsPerRun(_ command: String, _ key: String, few: Int, many: Int, executable: URL) -> Double? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind"),
          let small = callgrindInstructions([command, key, String(few)], executable: executable),
          let large = callgrindInstructions([command, key, String(many)], executable: executable) else { return nil }
    return (large - small) / Double(many - few)
}

/// Starts a client process on the server and waits for it to announce itself on stderr.
func startClient(_ executable: URL, _ arguments: [String], readyLine: String) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    var text = ""
    while !text.contains(readyLine) && Date() < deadline {
        // read(2), not availableData, which traps inside Foundation on a read error.
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(errors.fileHandleForReading.fileDescriptor, &buffer, buffer.count)
        if count <= 0 { break }
        text += String(decoding: buffer[..<count], as: UTF8.self)
    }
    guard text.contains(readyLine) else { throw LatencyProbe.ProbeError.noWindow(executable.lastPathComponent) }
    return process
}

/// A client's window once the server shows it mapped: clients log that they are ready
/// before their map request has reached the server.
@MainActor
func waitForNewWindow(on display: String, besides existing: Set<UInt>, of client: String) throws -> UInt {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
        if let window = WindowList.topLevelWindows(display: display).last(where: { !existing.contains($0) }) {
            return window
        }
        usleep(2_000)
    }
    throw LatencyProbe.ProbeError.noWindow(client)
}

@MainActor
func measureLatency(touches: Int, watch: LatencyProbe.PixelWatch, pause: Int) throws {
    let server = try HeadlessXorg(width: 1024, height: 768)
    defer { server.stop() }
    let reader = try WindowPixelReader(displayName: server.display)
    var rows: [(String, [Double])] = []
    let clients: [(name: String, executable: URL, arguments: [String], ready: String)] = [
        ("raw Xlib + XI2, XFillRectangle (the floor)", benchDirectory.appendingPathComponent("touch-sandbox-bench"),
         ["floor-client", server.display], "floor client: ready"),
        ("touch-sandbox (touch-spots scene, spots overlay)", benchDirectory.appendingPathComponent("touch-sandbox"),
         ["--display", server.display], "touch device"),
        ("touch-sandbox (touch-spots scene, every overlay on)", benchDirectory.appendingPathComponent("touch-sandbox"),
         ["--display", server.display, "--overlays", "all"], "touch device"),
    ]
    for client in clients {
        let before = Set(WindowList.topLevelWindows(display: server.display))
        let process = try startClient(client.executable, client.arguments, readyLine: client.ready)
        defer { process.terminate(); process.waitUntilExit() }
        // Clients log that they are ready before their map request reaches the server.
        let window = try waitForNewWindow(on: server.display, besides: before, of: client.name)
        usleep(300_000)  // let the first frame land
        let watcher = watch == .damage ? try WindowDamageWatcher(displayName: server.display, window: window) : nil
        let probe = LatencyProbe(server: server, reader: reader, window: window, watcher: watcher,
                                 pause: UInt32(pause) * 1000)
        _ = try probe.measure(count: 10)  // warm-up
        rows.append((client.name, try probe.measure(count: touches)))
    }
    printLatencyTable(rows)
}

/// The latency table: each client's percentiles, the first row being the floor every
/// p99 is divided by.
func printLatencyTable(_ rows: [(String, [Double])]) {
    let floorP99 = percentile(rows[0].1, 0.99)
    print("| client | touches | p50 ms | p95 ms | p99 ms | p99 / floor p99 |")
    print("|---|---|---|---|---|---|")
    for (name, values) in rows {
        let p50 = percentile(values, 0.5), p95 = percentile(values, 0.95), p99 = percentile(values, 0.99)
        print(String(format: "| %@ | %d | %.2f | %.2f | %.2f | %.1f× |", name, values.count, p50, p95, p99, p99 / floorP99))
    }
}

/// CPU time (user + system) of a process in seconds, from /proc.
func cpuSeconds(of pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return .nan }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command name: state is field 3, utime 14 and stime 15 (1-based).
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return (Double(fields[11]) ?? .nan) / ticks + (Double(fields[12]) ?? .nan) / ticks
}

@MainActor
func measureIdle(seconds: Double) throws {
    let server = try HeadlessXorg(width: 1024, height: 768)
    defer { server.stop() }
    let sandbox = try startClient(benchDirectory.appendingPathComponent("touch-sandbox"), ["--display", server.display],
                                  readyLine: "touch device")
    defer { sandbox.terminate(); sandbox.waitUntilExit() }
    usleep(500_000)
    let before = cpuSeconds(of: sandbox.processIdentifier)
    usleep(UInt32(seconds * 1_000_000))
    let used = cpuSeconds(of: sandbox.processIdentifier) - before
    print("| state | wall s | CPU s | CPU % |")
    print("|---|---|---|---|")
    print(String(format: "| touch-sandbox idle (window open, no input) | %.0f | %.2f | %.2f %% |", seconds, used,
                 used / seconds * 100))
}

MainActor.assumeIsolated {
    do {
        switch arguments.first {
        case "latency":
            var rest = Array(arguments.dropFirst())
            var watch = LatencyProbe.PixelWatch.poll
            if let flag = rest.firstIndex(of: "--probe") {
                guard flag + 1 < rest.count, let chosen = LatencyProbe.PixelWatch(rawValue: rest[flag + 1]) else {
                    fail("latency: --probe takes poll or damage (how the probe sees the pixel change)")
                }
                watch = chosen
                rest.removeSubrange(flag...flag + 1)
            }
            var pause = 20
            if let flag = rest.firstIndex(of: "--pause") {
                guard flag + 1 < rest.count, let chosen = Int(rest[flag + 1]), (1...10_000).contains(chosen) else {
                    fail("latency: --pause takes the milliseconds to wait between touches, 1 to 10000")
                }
                pause = chosen
                rest.removeSubrange(flag...flag + 1)
            }
            guard rest.count <= 1, let touches = rest.isEmpty ? 200 : Int(rest[0]), touches > 0 else {
                fail("usage: touch-sandbox-bench latency [touches] [--probe poll|damage] [--pause ms]; got \(rest.joined(separator: " "))")
            }
            try measureLatency(touches: touches, watch: watch, pause: pause)
        case "flood":
            try FloodBenchmark.run(Array(arguments.dropFirst()))
        case "show-touches":
            try ShowTouchesBenchmark.run(Array(arguments.dropFirst()))
        case "package":
            try PackageBenchmark.run(Array(arguments.dropFirst()))
        case "sustained":
            try SustainedMotionBenchmark.run(Array(arguments.dropFirst()))
        case "soak":
            try SoakTest.run(SoakTest.Options(Array(arguments.dropFirst())))
        case "idle":
            try measureIdle(seconds: arguments.dropFirst().first.flatMap { Double($0) } ?? 10)
        case "gallery":
            try GalleryBenchmarks.startupAndMemory(
                launches: arguments.dropFirst().first.flatMap { Int($0) } ?? 10, sceneCount: SceneCatalog.all.count)
        case "damage":
            DamageBenchmark.run(moves: arguments.dropFirst().first.flatMap { Int($0) } ?? 600)
        case "holding":
            HoldingBenchmark.run()
        case "core":
            CoreBenchmarks.printTable(executable: URL(fileURLWithPath: CommandLine.arguments[0]))
        case "render":
            RenderBenchmarks.printTable(executable: URL(fileURLWithPath: CommandLine.arguments[0]))
        case "scroll":
            ScrollBenchmark.printTable(executable: URL(fileURLWithPath: CommandLine.arguments[0]))
        case "scroll-op":
            let rest = Array(arguments.dropFirst())
            guard rest.count == 2, let count = Int(rest[1]) else { fail("usage: scroll-op NAME COUNT") }
            ScrollBenchmark.runOnly(rest[0], count: count)
        case "render-op":
            let rest = Array(arguments.dropFirst())
            RenderBenchmarks.runOnly(rest.first ?? "", count: rest.dropFirst().first.flatMap { Int($0) } ?? 1)
        case "debug-layer":
            DebugLayerBenchmark.printTable(executable: URL(fileURLWithPath: CommandLine.arguments[0]))
        case "recording":
            RecordingBenchmark.printTable(executable: URL(fileURLWithPath: CommandLine.arguments[0]))
        case "recording-op":
            let rest = Array(arguments.dropFirst())
            guard rest.count == 2, let count = Int(rest[1]) else { fail("usage: recording-op NAME COUNT") }
            RecordingBenchmark.runOnly(rest[0], count: count)
        case "debug-layer-op":
            let rest = Array(arguments.dropFirst())
            DebugLayerBenchmark.runOnly(rest.first ?? "", count: rest.dropFirst().first.flatMap { Int($0) } ?? 1)
        case "core-op":
            let rest = Array(arguments.dropFirst())
            CoreBenchmarks.runOnly(rest.first ?? "", count: rest.dropFirst().first.flatMap { Int($0) } ?? 1)
        case "growth":
            var cases: [GrowthBenchmark.Case] = []
            for name in arguments.dropFirst() {
                guard let chosen = GrowthBenchmark.Case(rawValue: name) else {
                    fail("growth: no case \(name); the cases are \(GrowthBenchmark.Case.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                cases.append(chosen)
            }
            try GrowthBenchmark.printTable(executable: URL(fileURLWithPath: CommandLine.arguments[0]),
                                           cases: cases.isEmpty ? GrowthBenchmark.Case.allCases : cases)
        case "growth-op":
            let rest = Array(arguments.dropFirst())
            guard (2...3).contains(rest.count), let size = Int(rest[1]) else { fail("usage: growth-op CASE SIZE [FRAMES]") }
            GrowthBenchmark.runOnly(rest[0], size: size, frames: rest.count == 3 ? Int(rest[2]) ?? 65 : 65)
        case "fps":
            try FrameRateBenchmark.run(Array(arguments.dropFirst()))
        case "transition":
            try TransitionBenchmark.run(Array(arguments.dropFirst()))
        case "scrub":
            ScrubBenchmark.run(Array(arguments.dropFirst()))
        case "animating-client":
            FrameRateBenchmark.runClient(Array(arguments.dropFirst()))
        case "floor-client":
            LatencyFloorClient.run(display: arguments.dropFirst().first ?? ":0")
        case "--help", "-h", "help":
            print(BenchHelp.text, terminator: "")
        case nil:
            fail("name a benchmark to run; touch-sandbox-bench --help lists them")
        case let other?:
            fail("no benchmark is called '\(other)'; touch-sandbox-bench --help lists them")
        }
    } catch {
        fail("\(error)")
    }
}
