import CairoRenderer
import FileSafety
import Foundation
import HeadlessXorg
import UIKit
import X11Platform

/// The navigation controller's costs (issue 42), two ways:
///
/// **A push's frames, in process.** A window of the given size holding a navigation
/// controller whose screens each show a list of 40 rows under the bar; one screen is
/// pushed, animated, then popped, ten times. Each frame of the slides (one per 16.7 ms on
/// a manual clock: timers, the animation tick, layout) is drawn as the host draws it,
/// only the layer tree's damage; the table gives the frame's work (collecting the
/// damage and drawing it) and the pixels drawn, against the 16.7 ms of a 60 Hz frame.
///
/// **Touch to pixel while the back swipe follows the finger, from outside.** The
/// sandbox runs the `screens` scene on the headless server (`--overlays none`: nothing is
/// drawn at the finger, so the probe sees the app's own frame). Two is pushed by a tap on
/// its button; then a finger lands 6 px from the left edge and moves right 8 px every
/// 8 ms (1,000 px/s), as `sustained` writes its moves. Two's left edge follows the
/// finger 6 px behind; each move's latency runs from its write to the first frame whose
/// pixel just left of that move's edge shows One (the first screen's colour) instead of
/// Two's. The finger lets go past half the width, the pop completes, and the next run
/// pushes Two again.
@MainActor
enum TransitionBenchmark {
    static func run(_ arguments: [String]) throws {
        let runs = arguments.first.flatMap(Int.init) ?? 5
        StandardOutput.writeText("""
            | a push and a pop, animated, ten of each | frames | px drawn / frame (median) | frame work µs (median) | p95 µs | worst µs |
            |---|---|---|---|---|---|

            """)
        for size in [CGSize(width: 1024, height: 768), CGSize(width: 1920, height: 1080)] {
            slideFrames(size: size)
        }
        StandardOutput.writeText("\n")
        try interactivePopLatency(runs: runs)
    }

    // MARK: - A push's frames

    /// A screen of the benchmark: a list of 40 rows.
    private static func makeScreen(title: String) -> UIViewController {
        let screen = UIViewController()
        screen.title = title
        screen.view.backgroundColor = .white
        let list = UIScrollView(frame: screen.view.bounds)
        list.contentSize = CGSize(width: screen.view.bounds.width, height: 40 * ScrollBenchmark.rowHeight)
        for index in 0..<40 { list.addSubview(ScrollBenchmark.makeRow(index, width: screen.view.bounds.width)) }
        screen.view.addSubview(list)
        return screen
    }

    static func slideFrames(size: CGSize) {
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        UIScreen.main.scale = 1
        let clock = ManualClock(now: 3000)
        CAAnimationEngine.current.clock = clock
        UIApplication.shared.discardAllState()
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        let navigation = UINavigationController(rootViewController: makeScreen(title: "One"))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let renderer = LayerRenderer()
        let buffer = FrameBuffer(pointSize: size, scale: 1)
        buffer.draw(eachOf: []) { renderer.render(window.layer, in: $0) }
        let tracker = window.layer.startTrackingDamage(bounds: window.bounds, scale: 1)

        var times: [Double] = [], pixels: [Double] = []
        for slide in 0..<20 {
            if slide % 2 == 0 {
                navigation.pushViewController(makeScreen(title: "Two"), animated: true)
            } else {
                navigation.popViewController(animated: true)
            }
            for _ in 0..<24 {
                clock.advance(by: 1.0 / 60)
                UIApplication.shared.runPendingTimers()
                CAAnimationEngine.current.tick()
                window.layoutIfNeeded()
                CAAnimationEngine.current.holdingTime {
                    let start = MonotonicClock().now
                    let region = tracker.takeDamage()
                    if !region.isEmpty {
                        buffer.draw(eachOf: region.coversBounds ? [] : region.rects) { renderer.renderDamage(of: window.layer, in: $0) }
                    }
                    times.append((MonotonicClock().now - start) * 1e6)
                    pixels.append(Double(region.pixelCount))
                }
            }
            precondition(navigation.topViewController?.view.frame.minX == 0, "the slide must have ended")
        }
        let sorted = times.sorted()
        StandardOutput.writeText(String(
            format: "| %.0f × %.0f | %d | %.0f | %.0f | %.0f | %.0f |\n", size.width, size.height, times.count,
            pixels.sorted()[pixels.count / 2], sorted[sorted.count / 2], percentile(times, 0.95), sorted.last ?? .nan))
        window.rootViewController = nil
        window.isHidden = true
    }

    // MARK: - The back swipe, from outside

    static func interactivePopLatency(runs: Int) throws {
        let server = try HeadlessXorg(width: 1024, height: 768)
        defer { server.stop() }
        let before = Set(WindowList.topLevelWindows(display: server.display))
        let process = try startClient(benchDirectory.appendingPathComponent("touch-sandbox"),
                                      ["--display", server.display, "--scene", "screens", "--overlays", "none"],
                                      readyLine: "touch device")
        defer { process.terminate(); process.waitUntilExit() }
        let window = try waitForNewWindow(on: server.display, besides: before, of: "touch-sandbox")
        usleep(500_000)
        let pixels = try WindowPixelReader(displayName: server.display)
        // In the gallery at 1024 × 768: the stack from y 44 (its bar to 88); the probe row
        // lies below Two's strips, on its plain background.
        let row = 600
        let pushButton = CGPoint(x: 146, y: 44 + 44 + 12 + 22)
        let one = pixels.row(of: window, x: 600, y: row, width: 1)?.first
        var latencies: [Double] = []
        var moves = 0, timeouts = 0
        for run in 0..<runs {
            let tap = UInt32(100 + run * 2)
            try server.touchscreen.touches([(tap, .begin, pushButton)])
            try server.touchscreen.touches([(tap, .end, pushButton)])
            usleep(900_000)
            let two = pixels.row(of: window, x: 600, y: row, width: 1)?.first
            guard let one, let two, !SustainedMotionProbe.matches(one, two) else {
                throw BenchError.noPush
            }
            let finger = tap + 1
            let start = CGPoint(x: 6.5, y: Double(row) + 0.5)
            try server.touchscreen.touches([(finger, .begin, start)])
            let steps = 70
            let writer = SustainedWriter(device: server.touchscreen, ids: [finger], steps: steps) { _, step in
                CGPoint(x: start.x + CGFloat(step) * SustainedMotionProbe.step, y: start.y)
            }
            let thread = Thread { writer.run() }
            thread.start()
            // The first moves only begin the swipe (its 10-point hysteresis): from the
            // third on, each is followed.
            var pending = 3
            while true {
                let (written, times, finished) = writer.progress()
                if pending <= written {
                    // Move `step` puts Two's edge at 8 × step; the pixel 2 px left of it
                    // shows One once the frame of that move (or a later one) is drawn.
                    let xs = (pending...written).map { Int(start.x) + Int(SustainedMotionProbe.step) * $0 - 6 - 2 }
                    guard let strip = pixels.row(of: window, x: xs.first!, y: row, width: xs.last! - xs.first! + 1) else {
                        throw LatencyProbe.ProbeError.windowGone
                    }
                    let now = MonotonicClock().now
                    if let newest = (pending...written).reversed().first(where: { step in
                        SustainedMotionProbe.matches(strip[xs[step - pending] - xs.first!], one)
                    }) {
                        for step in pending...newest { latencies.append((now - times[step]) * 1000) }
                        pending = newest + 1
                    } else if now - times[pending] > 1 {
                        timeouts += 1
                        pending += 1
                    }
                } else if finished {
                    break
                } else {
                    usleep(100)
                }
            }
            moves += steps - 3
            if let error = writer.error { throw error }
            try server.touchscreen.touches([(finger, .end, CGPoint(x: start.x + CGFloat(steps - 1) * 8, y: start.y))])
            usleep(900_000)
        }
        StandardOutput.writeText(String(
            format: """
                | the back swipe following the finger (screens, 1024 × 768, --overlays none) | moves | p50 ms | p95 ms | p99 ms | worst ms | timeouts (1 s) |
                |---|---|---|---|---|---|---|
                | 1,000 px/s, a move every 8 ms, %d swipes | %d | %.2f | %.2f | %.2f | %.2f | %d |

                """, runs, latencies.count, percentile(latencies, 0.5), percentile(latencies, 0.95),
            percentile(latencies, 0.99), latencies.max() ?? .nan, timeouts))
        _ = moves
    }

    enum BenchError: Error, CustomStringConvertible {
        case noPush
        var description: String { "the tap on Push Two did not show Two" }
    }
}
