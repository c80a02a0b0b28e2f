import FileSafety
import Foundation
import HeadlessXorg
import UIKit
import X11Host

/// Touch-to-pixel latency while fingers keep moving (issue 13 item 8, the sustained-motion
/// row): one finger, then five, each moved every 8 ms for `seconds`, over a client's
/// window; the latency of each move runs from the write of the burst carrying it to the
/// first frame that shows its finger there or further on.
///
/// The fingers move in lockstep, each on its own horizontal lane 40 px from the next,
/// 8 px a step (1,000 px/s), back and forth 200 px either side of the window's centre
/// (over `pinch-rotate-pan`'s photo, so its pan follows them). A thread writes one burst
/// of updates per step (one per finger) on schedule. The probe, on the calling thread,
/// watches the pixel at each pending move's leading edge: for the sandbox the rim of the
/// touch-spots overlay's spot (21 points ahead of the finger, on the opaque ring drawn
/// over everything), for the floor the edge of its 40 × 40 rectangle. That pixel takes
/// the colour it has under a finger resting there (read at the start, for each finger
/// and each direction) only once the spot is drawn at that move's place: the spot of
/// the move before reached 8 px less far. A move whose own place is never drawn (the
/// client drew a later one in the same frame) counts as shown when a later move of its
/// finger is; the table says how many moves were shown at their own place.
final class SustainedMotionProbe {
    let server: HeadlessXorg
    let window: UInt
    /// How far ahead of the finger (in pixels, moving right; mirrored moving left) the
    /// probed pixel lies, and how wide the probe's colour tolerance is.
    let leadRight: Int, leadLeft: Int
    private let pixels: WindowPixelReader

    static let step: CGFloat = 8
    static let interval: TimeInterval = 0.008
    static let laneSpacing: CGFloat = 40
    static let halfRange = 25  // steps from the centre to a turn: 200 px

    init(server: HeadlessXorg, window: UInt, leadRight: Int, leadLeft: Int) throws {
        self.server = server
        self.window = window
        self.leadRight = leadRight
        self.leadLeft = leadLeft
        pixels = try WindowPixelReader(displayName: server.display)
    }

    struct Result {
        var latencies: [Double]
        var moves: Int
        /// Moves whose own place was drawn (the others were shown by a later move).
        var shownAtOwnPlace: Int
        var timeouts: Int
    }

    /// The offset from the centre after `step` steps: a triangle wave of ±200 px.
    static func offset(_ step: Int) -> CGFloat {
        let period = 4 * halfRange
        let phase = step % period
        switch phase {
        case ..<halfRange: return CGFloat(phase) * Self.step
        case ..<(3 * halfRange): return CGFloat(2 * halfRange - phase) * Self.step
        default: return CGFloat(phase - period) * Self.step
        }
    }

    /// Where finger `finger` (0-based) is after `step` steps: pixel centres, so the
    /// spot's rim lies on whole pixels.
    static func location(finger: Int, fingers: Int, step: Int, center: CGPoint) -> CGPoint {
        let lane = (CGFloat(finger) - CGFloat(fingers - 1) / 2) * laneSpacing
        return CGPoint(x: center.x.rounded(.down) + 0.5 + offset(step), y: center.y.rounded(.down) + 0.5 + lane)
    }

    static func movesRight(_ step: Int) -> Bool {
        step == 0 || offset(step) > offset(step - 1)
    }

    /// Moves `fingers` fingers for `seconds`; returns every move's latency in ms.
    func measure(fingers: Int, seconds: Double, center: CGPoint) throws -> Result {
        let ids = (0..<fingers).map { UInt32($0 + 1) }
        let steps = Int(seconds / Self.interval)
        func at(_ finger: Int, _ step: Int) -> CGPoint {
            Self.location(finger: finger, fingers: fingers, step: step, center: center)
        }
        // The colour of each finger's leading pixel under a finger at rest, both ways.
        let backgrounds = (0..<fingers).map { finger in
            let point = at(finger, 0)
            return (pixel(Int(point.x) + leadRight, Int(point.y)), pixel(Int(point.x) + leadLeft, Int(point.y)))
        }
        try server.touchscreen.touches(ids.indices.map { (ids[$0], .begin, at($0, 0)) })
        usleep(400_000)
        let expected = (0..<fingers).map { finger in
            let point = at(finger, 0)
            return (right: pixel(Int(point.x) + leadRight, Int(point.y)), left: pixel(Int(point.x) + leadLeft, Int(point.y)))
        }
        for (finger, colours) in expected.enumerated()
        where colours.right == backgrounds[finger].0 || colours.left == backgrounds[finger].1 {
            try? server.touchscreen.touches(ids.indices.map { (ids[$0], .end, at($0, 0)) })
            throw SustainedError.noSpot(finger)
        }

        let writer = SustainedWriter(device: server.touchscreen, ids: ids, steps: steps) { finger, step in
            Self.location(finger: finger, fingers: fingers, step: step, center: center)
        }
        let thread = Thread { writer.run() }
        thread.start()
        var latencies: [Double] = []
        var shown = 0, timeouts = 0
        // Per finger, the first move not yet shown.
        var firstPending = Array(repeating: 1, count: fingers)
        while true {
            let (written, times, finished) = writer.progress()
            var idle = true
            for finger in 0..<fingers where firstPending[finger] <= written {
                idle = false
                let pending = firstPending[finger]...written
                let y = Int(at(finger, 0).y)
                let xs = pending.map { step in
                    Int(at(finger, step).x) + (Self.movesRight(step) ? leadRight : leadLeft)
                }
                let minX = xs.min()!, maxX = xs.max()!
                guard let strip = strip(x: minX, y: y, width: maxX - minX + 1) else { throw LatencyProbe.ProbeError.windowGone }
                let now = MonotonicClock().now
                // The newest move drawn at its place shows every move before it too.
                if let newest = pending.reversed().first(where: { step in
                    let colour = strip[xs[step - pending.lowerBound] - minX]
                    return Self.matches(colour, Self.movesRight(step) ? expected[finger].right : expected[finger].left)
                }) {
                    for step in pending where step <= newest {
                        latencies.append((now - times[step]) * 1000)
                    }
                    shown += 1
                    firstPending[finger] = newest + 1
                } else if now - times[pending.lowerBound] > 1 {
                    timeouts += 1
                    firstPending[finger] += 1
                }
            }
            if finished && idle { break }
            if idle { usleep(100) }
        }
        if let error = writer.error { throw error }
        try server.touchscreen.touches(ids.indices.map { (ids[$0], .end, at($0, steps - 1)) })
        usleep(600_000)  // trails and panels settle before the next run
        return Result(latencies: latencies, moves: (steps - 1) * fingers, shownAtOwnPlace: shown, timeouts: timeouts)
    }

    /// Whether two 0xRRGGBB colours differ by at most 6 in every channel (a rim pixel's
    /// coverage is not exactly whole).
    static func matches(_ a: UInt32?, _ b: UInt32?) -> Bool {
        guard let a, let b else { return false }
        return (0..<3).allSatisfy { channel in
            let shift = UInt32(channel * 8)
            return abs(Int32((a >> shift) & 0xFF) - Int32((b >> shift) & 0xFF)) <= 6
        }
    }

    private func pixel(_ x: Int, _ y: Int) -> UInt32? {
        strip(x: x, y: y, width: 1)?.first
    }

    /// A row of pixels as 0xRRGGBB, in one round trip.
    private func strip(x: Int, y: Int, width: Int) -> [UInt32]? {
        pixels.row(of: window, x: x, y: y, width: width)
    }

    enum SustainedError: Error, CustomStringConvertible {
        case noSpot(Int)

        var description: String {
            switch self {
            case let .noSpot(finger): return "finger \(finger + 1) showed nothing at its leading edge"
            }
        }
    }
}

/// Writes one burst of updates (one per finger) every 8 ms on schedule, recording when
/// each was written.
final class SustainedWriter: @unchecked Sendable {
    private let device: InputTestDevice
    private let ids: [UInt32]
    private let steps: Int
    private let location: @Sendable (Int, Int) -> CGPoint
    private let lock = NSLock()
    private var times: [TimeInterval]
    private var written = 0
    private var finished = false
    private(set) var error: Error?

    init(device: InputTestDevice, ids: [UInt32], steps: Int, location: @escaping @Sendable (Int, Int) -> CGPoint) {
        self.device = device
        self.ids = ids
        self.steps = steps
        self.location = location
        times = Array(repeating: 0, count: steps)
    }

    func run() {
        let start = MonotonicClock().now
        for step in 1..<steps {
            let due = start + Double(step) * SustainedMotionProbe.interval
            let wait = due - MonotonicClock().now
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            let burst = ids.indices.map { (ids[$0], InputTestMessage.TouchType.update, location($0, step)) }
            let writtenAt = MonotonicClock().now
            do {
                try device.touches(burst)
            } catch {
                lock.lock()
                self.error = error
                finished = true
                lock.unlock()
                return
            }
            lock.lock()
            times[step] = writtenAt
            written = step
            lock.unlock()
        }
        lock.lock()
        finished = true
        lock.unlock()
    }

    /// The last step written, every step's write time, and whether the writer is done.
    func progress() -> (Int, [TimeInterval], Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (written, times, finished)
    }
}

/// The `sustained` table: the floor client and the sandbox (`touch-spots`, then
/// `pinch-rotate-pan`, every overlay on) side by side in one run, one finger then five.
@MainActor
enum SustainedMotionBenchmark {
    static func run(_ arguments: [String]) throws {
        guard let seconds = arguments.isEmpty ? 5 : arguments.first.flatMap(Double.init) else {
            fail("usage: touch-sandbox-bench sustained [seconds]")
        }
        let server = try HeadlessXorg(width: 1024, height: 768)
        defer { server.stop() }
        let sandbox = benchDirectory.appendingPathComponent("touch-sandbox")
        // The sandbox probes its spot's rim (radius 22, a 2-point ring centred 21 out);
        // the floor, the edge of its 40 × 40 rectangle (from x − 20 to x + 19).
        let clients: [(name: String, executable: URL, arguments: [String], ready: String, lead: (Int, Int))] = [
            ("raw Xlib + XI2, XFillRectangle (the floor)", benchDirectory.appendingPathComponent("touch-sandbox-bench"),
             ["floor-client", server.display], "floor client: ready", (19, -20)),
            ("touch-sandbox, `--scene touch-spots --overlays all`", sandbox,
             ["--display", server.display, "--scene", "touch-spots", "--overlays", "all"], "touch device", (21, -21)),
            ("touch-sandbox, `--scene pinch-rotate-pan --overlays all`", sandbox,
             ["--display", server.display, "--scene", "pinch-rotate-pan", "--overlays", "all"], "touch device", (21, -21)),
        ]
        StandardOutput.writeText("""
            | client | fingers | moves | shown at own place | p50 ms | p95 ms | p99 ms | worst ms | timeouts (1 s) |
            |---|---|---|---|---|---|---|---|---|

            """)
        for client in clients {
            let before = Set(WindowList.topLevelWindows(display: server.display))
            let process = try startClient(client.executable, client.arguments, readyLine: client.ready)
            defer { process.terminate(); process.waitUntilExit() }
            let window = try waitForNewWindow(on: server.display, besides: before, of: client.name)
            usleep(500_000)  // let the first frame land
            let probe = try SustainedMotionProbe(server: server, window: window, leadRight: client.lead.0,
                                                 leadLeft: client.lead.1)
            for fingers in [1, 5] {
                let result = try probe.measure(fingers: fingers, seconds: seconds, center: CGPoint(x: 512, y: 384))
                let values = result.latencies
                let row = String(format: "| %@ | %d | %d | %d | %.2f | %.2f | %.2f | %.2f | %d |\n", client.name, fingers,
                                 result.moves, result.shownAtOwnPlace, percentile(values, 0.5), percentile(values, 0.95),
                                 percentile(values, 0.99), values.max() ?? .nan, result.timeouts)
                StandardOutput.writeText(row)
            }
        }
    }
}
