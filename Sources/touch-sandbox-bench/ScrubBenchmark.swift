import Foundation
import TouchRecording
import TouchFuzzing
import TouchSandbox
import UIKit

/// `touch-sandbox-bench scrub [count]`: how long the timeline takes to reach an instant
/// of a 60 s recording by re-execution (`RecordingReexecution`), the app made anew and
/// run from the start to the instant, nothing drawn: the worst case of a scrub, going
/// backwards. The recording is a minute of a finger on the gallery's `scroll` scene, a
/// stroke every second (drags, flings, holds, taps), every move at 120 Hz; `count`
/// instants (40 by default) are drawn at random, seeded, over the minute, and each is
/// reached from a new re-execution. Prints the median, the 95th and 99th percentiles and
/// the worst, and the time to the end of the minute.
@MainActor
enum ScrubBenchmark {
    static func run(_ arguments: [String]) {
        let count = arguments.first.flatMap(Int.init) ?? 40
        guard let sceneType = SceneCatalog.scene(named: "scroll") else { fail("no scroll scene") }
        let recording = minuteOfStrokes()
        print("scrub: a 60 s recording (\(recording.events.count) events) on the scroll scene, re-executed to \(count) instants")
        func makeWindow(_ application: UIApplication) -> UIWindow {
            let window = UIWindow(frame: CGRect(origin: .zero, size: recording.header.size))
            window.rootViewController = sceneType.init()
            return window
        }
        // Seeded, so every run draws the same instants.
        var generator = SplitMix64(seed: 43)
        var times: [Double] = []
        for _ in 0..<count {
            let instant = Double(generator.next() % 60_000) / 1000
            let start = DispatchTime.now().uptimeNanoseconds
            let replay = RecordingReexecution(recording: recording, makeWindow: makeWindow)
            do { try replay.run(to: instant) } catch { fail("\(error)") }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let whole = RecordingReexecution(recording: recording, makeWindow: makeWindow)
        do { try whole.run(to: 60) } catch { fail("\(error)") }
        let end = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        // The scene did follow the fingers: its list was scrolled.
        func firstScrollView(in view: UIView) -> UIScrollView? {
            (view as? UIScrollView) ?? view.subviews.lazy.compactMap(firstScrollView).first
        }
        let offsets = [5.0, 21.5, 42.5].map { instant -> CGFloat in
            let replay = RecordingReexecution(recording: recording, makeWindow: makeWindow)
            do { try replay.run(to: instant) } catch { fail("\(error)") }
            return firstScrollView(in: replay.window)?.contentOffset.y ?? .nan
        }
        guard Set(offsets).count == 3 else { fail("the list did not move with the strokes: offsets \(offsets)") }
        let sorted = times.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] }
        print(String(format: "  to a random instant: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, worst %.1f ms", percentile(0.5), percentile(0.95),
                     percentile(0.99), sorted.last ?? 0))
        print(String(format: "  to the end (60 s, %d frames): %.1f ms; the list at 5, 21.5, 42.5 s: %.0f, %.0f, %.0f pt", Int(60 * 60), end,
                     offsets[0], offsets[1], offsets[2]))
    }

    /// A minute of strokes on a 1024 × 768 window, one a second, in turn: a slow drag
    /// up, a fling up, a fling down, a hold, a tap; moves at 120 Hz.
    static func minuteOfStrokes() -> TouchRecording {
        var events: [TouchRecording.Event] = []
        for second in 0..<60 {
            let t = Double(second)
            let id = TouchSample.ID(device: 2, number: UInt32(second + 1))
            func sample(_ phase: TouchSample.Phase, _ y: CGFloat, _ time: Double) -> TouchRecording.Event {
                .touches([TouchSample(id: id, phase: phase, location: CGPoint(x: 512, y: y), timestamp: time)])
            }
            let (from, to, duration): (CGFloat, CGFloat, Double) = switch second % 5 {
            case 0: (600, 300, 0.6)
            case 1: (650, 250, 0.12)
            case 2: (250, 650, 0.12)
            case 3: (400, 404, 0.7)
            default: (400, 400, 0.05)
            }
            events.append(sample(.began, from, t))
            let steps = max(1, Int(duration * 120))
            for step in 1...steps {
                let f = Double(step) / Double(steps)
                events.append(sample(.moved, from + (to - from) * CGFloat(f), t + duration * f))
            }
            events.append(sample(.ended, to, t + duration + 0.004))
        }
        return TouchRecording(header: TouchRecording.Header(size: CGSize(width: 1024, height: 768), app: "touch-sandbox", scene: "scroll"),
                              events: events)
    }
}
