import Foundation
import HeadlessXorg
import UIKit
import X11Host

/// Touch-to-pixel latency: inject a touch into the headless server, then watch the
/// window's pixels through a connection of the probe's own until the spot shows.
///
/// The clock starts just before the touch is written to the inputtest socket and stops
/// when `XGetImage` first returns a changed pixel, so the figure covers the server's
/// input processing, event delivery, the client's work and the copy to the window. The
/// probe reads the pixel every 0.2 ms (`WindowPixelReader`, the default, as every figure
/// in `BENCHMARKS.md` before stop 26 was measured) or, with `--probe damage`, when the
/// server reports drawing over it (`WindowDamageWatcher`): no polling interval in the
/// figure, which matters most for the floor, whose whole figure is about one interval.
/// Between touches the probe lifts the finger, waits for the pixel to return and then
/// 20 ms more (`--pause`), so every touch meets an idle client (as fingers at a
/// touchscreen's 60–120 Hz do). A client run under callgrind needs a longer pause (300
/// ms) to have finished the lift's work before the next touch.
struct LatencyProbe {
    let server: HeadlessXorg
    let reader: WindowPixelReader
    let window: UInt
    /// Nil: poll the pixel instead.
    let watcher: WindowDamageWatcher?
    /// Microseconds between the pixel's return and the next touch.
    var pause: UInt32 = 20_000

    /// How the probe learns that the pixel changed.
    enum PixelWatch: String {
        /// A read every 0.2 ms.
        case poll
        /// Told by the DAMAGE extension, then one read.
        case damage
    }

    /// A point inside the spot (or rectangle) drawn for a touch at `point`, clear of the
    /// sandbox's id label.
    static func probe(for point: CGPoint) -> (x: Int, y: Int) {
        (Int(point.x), Int(point.y) - 12)
    }

    /// Measures `count` touches; returns latencies in milliseconds.
    func measure(count: Int) throws -> [Double] {
        var latencies: [Double] = []
        for index in 0..<count {
            let point = CGPoint(x: 120 + Double((index * 37) % 780) + 0.5, y: 120 + Double((index * 53) % 520) + 0.25)
            let (x, y) = Self.probe(for: point)
            guard let before = reader.pixel(of: window, x: x, y: y) else { throw ProbeError.windowGone }
            let touchID = UInt32(index % 8 + 1)
            watcher?.discardReports()
            let start = MonotonicClock().now
            try server.touchscreen.touches([(touchID, .begin, point)])
            guard waitForPixel(x: x, y: y, until: { $0 != before }) != before else {
                throw ProbeError.noPixelChange(index)
            }
            latencies.append((MonotonicClock().now - start) * 1000)
            try server.touchscreen.touches([(touchID, .end, point)])
            _ = waitForPixel(x: x, y: y, until: { $0 == before })
            usleep(pause)
        }
        return latencies
    }

    private func waitForPixel(x: Int, y: Int, until condition: (UInt32) -> Bool) -> UInt32? {
        if let watcher { return watcher.waitForPixel(x: x, y: y, timeout: 2, until: condition) }
        return reader.waitForPixel(of: window, x: x, y: y, timeout: 2, until: condition)
    }

    enum ProbeError: Error, CustomStringConvertible {
        case windowGone
        case noPixelChange(Int)
        case noWindow(String)

        var description: String {
            switch self {
            case .windowGone: return "the probed window disappeared"
            case let .noPixelChange(index): return "touch \(index) never showed on screen"
            case let .noWindow(client): return "\(client) never showed its window"
            }
        }
    }
}

/// Percentiles of a sample, nearest-rank.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
