import Foundation
import HeadlessXorg
import X11Host

/// `touch-sandbox --show-touches` measured from outside, on a private headless server
/// (1024 × 768, no compositing manager: the shaped window):
///
/// - touch-to-spot latency, the probe reading the screen's pixel in the spot over
///   another program's window (a plain window of the bench's own), side by side with
///   the floor client (raw Xlib, which fills a rectangle in its own window);
/// - the show's CPU while idle, and while ten fingers move at 60 Hz.
@MainActor
enum ShowTouchesBenchmark {
    static func run(_ arguments: [String]) throws {
        let touches = arguments.first.flatMap(Int.init) ?? 200
        let seconds = arguments.dropFirst().first.flatMap(Double.init) ?? 5
        let server = try HeadlessXorg(width: 1024, height: 768)
        defer { server.stop() }
        let reader = try WindowPixelReader(displayName: server.display)

        // The floor, as `latency` measures it.
        var rows: [(String, [Double])] = []
        do {
            let before = Set(WindowList.topLevelWindows(display: server.display))
            let floor = try startClient(benchDirectory.appendingPathComponent("touch-sandbox-bench"),
                                        ["floor-client", server.display], readyLine: "floor client: ready")
            defer { floor.terminate(); floor.waitUntilExit() }
            let window = try waitForNewWindow(on: server.display, besides: before, of: "the floor client")
            usleep(300_000)
            let probe = LatencyProbe(server: server, reader: reader, window: window, watcher: nil)
            _ = try probe.measure(count: 10)
            rows.append(("raw Xlib + XI2, XFillRectangle in its own window (the floor)", try probe.measure(count: touches)))
        }

        // Another program's window under the spots, then the show.
        // What the spots' shape changes cost the program beneath: the Expose events it
        // gets (and repaints) while fingers move.
        let program = try ExposureCountingWindow(displayName: server.display, frame: CGRect(x: 0, y: 0, width: 1024, height: 768),
                                                 background: 0x20_40_60)
        defer { program.close() }
        let show = try startClient(benchDirectory.appendingPathComponent("touch-sandbox"),
                                   ["--show-touches", "--display", server.display], readyLine: "showing touches on")
        defer { show.terminate(); show.waitUntilExit() }
        usleep(300_000)
        let probe = LatencyProbe(server: server, reader: reader, window: program.rootWindow, watcher: nil)
        _ = try probe.measure(count: 10)
        rows.append(("touch-sandbox --show-touches, the spot over another program's window", try probe.measure(count: touches)))

        printLatencyTable(rows)

        // CPU: idle, then ten fingers moving in circles at 60 Hz.
        let pid = show.processIdentifier
        // Past the last trail's fading (0.6 s) before idle is counted.
        usleep(1_000_000)
        var before = cpuSeconds(of: pid)
        usleep(UInt32(seconds * 1_000_000))
        let idle = cpuSeconds(of: pid) - before
        let fingers = (0..<10).map { UInt32(100 + $0) }
        func place(_ finger: Int, _ time: Double) -> CGPoint {
            let angle = time * 2 + Double(finger) * 0.6
            return CGPoint(x: 120 + Double(finger) * 80 + cos(angle) * 40, y: 380 + sin(angle) * 120)
        }
        _ = program.takeExposures()
        try server.touchscreen.touches(fingers.enumerated().map { ($0.element, .begin, place($0.offset, 0)) })
        before = cpuSeconds(of: pid)
        var exposed = (count: 0, pixels: 0)
        let start = Date()
        var moves = 0
        while Date().timeIntervalSince(start) < seconds {
            let time = Date().timeIntervalSince(start)
            try server.touchscreen.touches(fingers.enumerated().map { ($0.element, .update, place($0.offset, time)) })
            moves += 1
            usleep(16_667)
            let now = program.takeExposures()
            exposed = (exposed.count + now.count, exposed.pixels + now.pixels)
        }
        let moving = cpuSeconds(of: pid) - before
        let wall = Date().timeIntervalSince(start)
        try server.touchscreen.touches(fingers.enumerated().map { ($0.element, .end, place($0.offset, wall)) })
        print("")
        print("| state | wall s | CPU s | CPU % |")
        print("|---|---|---|---|")
        print(String(format: "| --show-touches idle | %.0f | %.2f | %.2f %% |", seconds, idle, idle / seconds * 100))
        print(String(format: "| --show-touches, ten fingers moving (%d batches at %.0f Hz) | %.0f | %.2f | %.1f %% |", moves,
                     Double(moves) / wall, wall, moving, moving / wall * 100))
        print("")
        print("| the program beneath, ten fingers moving | Expose events | per batch | pixels exposed per batch |")
        print("|---|---|---|---|")
        print(String(format: "| a plain window under the shaped spots | %d | %.1f | %.0f |", exposed.count,
                     Double(exposed.count) / Double(max(1, moves)), Double(exposed.pixels) / Double(max(1, moves))))
    }
}
