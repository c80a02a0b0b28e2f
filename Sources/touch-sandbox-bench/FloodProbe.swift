import Foundation
import HeadlessXorg
import UIKit
import X11Host

/// Touch-to-pixel latency while ten fingers flood the client with moves.
///
/// A thread of its own writes rounds of ten TouchUpdates (one per finger) to the
/// touchscreen's socket on a fixed schedule, at `rate` updates a second, each burst
/// followed by the driver's wait-for-sync, for as long as the measurement lasts: nine
/// fingers wander in the lower part of the screen, and finger 1 jitters by a quarter
/// pixel around a target. The probe, on the calling thread, moves that target to a new
/// place in the upper part and polls the window's pixel there (as `LatencyProbe` does)
/// until it changes; the clock runs from the write of the burst carrying the first
/// sample at the new place to the changed pixel. A client that falls behind the flood
/// shows it here as latency that grows with the backlog.
final class FloodProbe {
    let server: HeadlessXorg
    let reader: WindowPixelReader
    let window: UInt

    init(server: HeadlessXorg, reader: WindowPixelReader, window: UInt) {
        self.server = server
        self.reader = reader
        self.window = window
    }

    struct Result {
        var latencies: [Double]
        /// Updates written per second, as achieved (the server's sync may hold the writer back).
        var achievedRate: Double
        /// Probes whose pixel never changed within the timeout (counted, not in `latencies`).
        var timeouts: Int
    }

    /// The places finger 1 is sent to, in order: a snake over a grid in the upper part
    /// of a 1024 × 768 screen, each 140 px or more from the one before, so a new place
    /// never lies on the spot or the trail of the last.
    static let targets: [CGPoint] = {
        let columns = (0..<7).map { 100 + Double($0) * 140 + 0.5 }
        return [150.25, 300.25].enumerated().flatMap { row, y in
            (row % 2 == 0 ? columns : columns.reversed()).map { CGPoint(x: $0, y: y) }
        }
    }()

    /// Floods at `rate` updates a second for `seconds` (after `warmUp` seconds of flood
    /// with no probing) and measures one probe after another meanwhile.
    func measure(rate: Double, seconds: Double, warmUp: Double = 1) throws -> Result {
        // What each place shows with no finger near, read before any finger is down.
        let backgrounds = try Self.targets.map { target in
            let (x, y) = LatencyProbe.probe(for: target)
            guard let pixel = reader.pixel(of: window, x: x, y: y) else { throw LatencyProbe.ProbeError.windowGone }
            return pixel
        }
        let flood = FloodWriter(device: server.touchscreen, rate: rate, probeStart: Self.targets[0])
        try flood.beginFingers()
        defer { try? flood.endFingers() }
        let thread = Thread { flood.run() }
        thread.start()
        defer { flood.stop() }
        usleep(UInt32(warmUp * 1_000_000))

        var latencies: [Double] = []
        var timeouts = 0
        var next = 1
        let deadline = MonotonicClock().now + seconds
        while MonotonicClock().now < deadline {
            let target = Self.targets[next % Self.targets.count]
            let background = backgrounds[next % Self.targets.count]
            next += 1
            let (x, y) = LatencyProbe.probe(for: target)
            // Wait for a trail or spot of an earlier visit to fade, so only this one counts.
            guard reader.waitForPixel(of: window, x: x, y: y, timeout: 1, until: { $0 == background }) == background
            else { continue }
            guard let writtenAt = flood.moveProbe(to: target) else { throw FloodError.writerStopped }
            if reader.waitForPixel(of: window, x: x, y: y, timeout: 3, until: { $0 != background }) != background {
                latencies.append((MonotonicClock().now - writtenAt) * 1000)
            } else {
                timeouts += 1
            }
            usleep(20_000)
        }
        flood.stop()
        if let error = flood.error { throw error }
        return Result(latencies: latencies, achievedRate: flood.achievedRate, timeouts: timeouts)
    }

    enum FloodError: Error, CustomStringConvertible {
        case writerStopped

        var description: String { "the flood writer stopped" }
    }
}

/// The flood's writer: owns the touchscreen socket while it runs. Shared with the probe
/// through a lock.
final class FloodWriter: @unchecked Sendable {
    static let fingers: UInt32 = 10

    private let device: InputTestDevice
    private let rate: Double
    private let lock = NSCondition()
    private var target: CGPoint
    /// Set when the probe asks for a new target; the writer answers with the write time.
    private var pendingTarget: CGPoint?
    private var targetWrittenAt: TimeInterval?
    private var stopped = false
    private var written = 0
    private var started: TimeInterval = 0
    private var finished: TimeInterval = 0
    private(set) var error: Error?

    init(device: InputTestDevice, rate: Double, probeStart: CGPoint) {
        self.device = device
        self.rate = rate
        self.target = probeStart
    }

    /// Where finger `finger` (2…10) is in round `round`: a slow wander in the lower part.
    private static func wanderer(_ finger: UInt32, round: Int) -> CGPoint {
        let phase = Double(round) * 0.02 + Double(finger)
        return CGPoint(x: 60 + Double(finger - 2) * 110 + 30 * sin(phase) + 0.25,
                       y: 540 + 60 * cos(phase * 0.7) + 0.75)
    }

    func beginFingers() throws {
        try device.touches([(1, .begin, target)] + (2...Self.fingers).map { ($0, .begin, Self.wanderer($0, round: 0)) })
        usleep(300_000)
    }

    func endFingers() throws {
        try device.touches([(1, .end, target)] + (2...Self.fingers).map { ($0, .end, Self.wanderer($0, round: 0)) })
    }

    /// Writes rounds on schedule until stopped: every round due by now in one burst, at
    /// most 50 (500 updates) per burst so the server's event queue never overflows.
    func run() {
        started = MonotonicClock().now
        var round = 0
        while true {
            lock.lock()
            if stopped { lock.unlock(); break }
            if let pending = pendingTarget {
                target = pending
                pendingTarget = nil
                targetWrittenAt = MonotonicClock().now
                lock.broadcast()
            }
            let probe = target
            lock.unlock()

            let now = MonotonicClock().now
            let due = Int((now - started) * rate / Double(Self.fingers))
            let count = min(max(due - round, 1), 50)
            var burst: [(id: UInt32, type: InputTestMessage.TouchType, at: CGPoint)] = []
            burst.reserveCapacity(count * Int(Self.fingers))
            for step in 0..<count {
                let jitter = (round + step) % 2 == 0 ? 0.25 : -0.25
                burst.append((1, .update, CGPoint(x: probe.x + jitter, y: probe.y)))
                for finger in 2...Self.fingers {
                    burst.append((finger, .update, Self.wanderer(finger, round: round + step)))
                }
            }
            do {
                try device.touches(burst)
            } catch {
                lock.lock()
                self.error = error
                stopped = true
                lock.unlock()
                break
            }
            round += count
            lock.lock()
            written += burst.count
            lock.unlock()
            // Ahead of schedule: sleep until the next round is due.
            let nextDue = started + Double(round + 1) * Double(Self.fingers) / rate
            let wait = nextDue - MonotonicClock().now
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        }
        lock.lock()
        finished = MonotonicClock().now
        lock.broadcast()
        lock.unlock()
    }

    /// Sends finger 1 to `point` from the next burst on; returns when that burst was
    /// written (nil if the writer stopped).
    func moveProbe(to point: CGPoint) -> TimeInterval? {
        lock.lock()
        defer { lock.unlock() }
        pendingTarget = point
        targetWrittenAt = nil
        while targetWrittenAt == nil && !stopped {
            lock.wait()
        }
        return targetWrittenAt
    }

    /// Stops the writer and waits until its last burst was written.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        lock.broadcast()
        while finished == 0 {
            lock.wait()
        }
    }

    var achievedRate: Double {
        lock.lock()
        defer { lock.unlock() }
        return Double(written) / max(finished - started, 1e-9)
    }
}
