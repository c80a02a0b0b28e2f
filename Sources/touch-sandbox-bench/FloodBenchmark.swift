import FileSafety
import Foundation
import HeadlessXorg
import UIKit
import X11Host

/// The `flood` table: `FloodProbe`'s latency at a few update rates, for the floor client
/// and the sandbox side by side (and, with `--compare PATH`, another build of
/// `touch-sandbox`, for before-and-after figures; `--scene` and `--overlays` go to both). Every client is started afresh for
/// every rate, so a backlog left by one rate never counts against the next.
@MainActor
enum FloodBenchmark {
    struct Client {
        var name: String
        var executable: URL
        var arguments: [String]
        var readyLine: String
    }

    static let defaultRates: [Double] = [1_200, 2_400, 10_000, 45_000]

    /// Parses `[seconds] [rate ...] [--compare PATH]` and prints the table.
    static func run(_ arguments: [String]) throws {
        var rest = arguments
        func option(_ name: String) -> String? {
            guard let flag = rest.firstIndex(of: name) else { return nil }
            guard flag + 1 < rest.count else { fail("flood: \(name) needs a value") }
            defer { rest.removeSubrange(flag...flag + 1) }
            return rest[flag + 1]
        }
        let compare = option("--compare").map { URL(fileURLWithPath: $0) }
        let overlays = option("--overlays") ?? "spots"
        let scene = option("--scene") ?? "touch-spots"
        let numbers = rest.map { Double($0) }
        guard !numbers.contains(nil) else {
            fail("usage: touch-sandbox-bench flood [seconds] [rate ...] [--scene NAME] [--overlays LIST] [--compare PATH]")
        }
        let seconds = numbers.first.flatMap { $0 } ?? 8
        let rates = numbers.count > 1 ? numbers.dropFirst().compactMap { $0 } : defaultRates
        try printTable(seconds: seconds, rates: rates, scene: scene, overlays: overlays, compare: compare)
    }

    static func printTable(seconds: Double, rates: [Double], scene: String, overlays: String, compare: URL?) throws {
        let server = try HeadlessXorg(width: 1024, height: 768)
        defer { server.stop() }
        let reader = try WindowPixelReader(displayName: server.display)
        let sandboxArguments = ["--display", server.display, "--scene", scene, "--overlays", overlays]
        var clients = [
            Client(name: "raw Xlib + XI2 (the floor: draws every update)",
                   executable: benchDirectory.appendingPathComponent("touch-sandbox-bench"),
                   arguments: ["floor-client", server.display], readyLine: "floor client: ready"),
            Client(name: "touch-sandbox (`--scene \(scene) --overlays \(overlays)`)",
                   executable: benchDirectory.appendingPathComponent("touch-sandbox"),
                   arguments: sandboxArguments, readyLine: "touch device"),
        ]
        if let compare {
            clients.append(Client(name: "touch-sandbox at \(compare.path)", executable: compare,
                                  arguments: sandboxArguments, readyLine: "touch device"))
        }
        StandardOutput.writeText("""
            | client | updates/s asked | updates/s written | client CPU | probes | p50 ms | p99 ms | worst ms | timeouts (3 s) |
            |---|---|---|---|---|---|---|---|---|

            """)
        for rate in rates {
            for client in clients {
                let before = Set(WindowList.topLevelWindows(display: server.display))
                let process = try startClient(client.executable, client.arguments, readyLine: client.readyLine)
                defer { process.terminate(); process.waitUntilExit() }
                let window = try waitForNewWindow(on: server.display, besides: before, of: client.name)
                usleep(300_000)  // let the first frame land
                let probe = FloodProbe(server: server, reader: reader, window: window)
                let cpuBefore = cpuSeconds(of: process.processIdentifier)
                let started = MonotonicClock().now
                let result = try probe.measure(rate: rate, seconds: seconds)
                let cpu = (cpuSeconds(of: process.processIdentifier) - cpuBefore) / (MonotonicClock().now - started)
                let values = result.latencies
                // Unbuffered: a run takes minutes, and each row is worth seeing as it comes.
                let row = String(format: "| %@ | %.0f | %.0f | %.0f %% | %d | %.1f | %.1f | %.1f | %d |\n", client.name,
                                 rate, result.achievedRate, cpu * 100, values.count, percentile(values, 0.5),
                                 percentile(values, 0.99), values.max() ?? .nan, result.timeouts)
                StandardOutput.writeText(row)
            }
        }
    }
}
