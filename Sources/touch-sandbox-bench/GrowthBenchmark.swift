import CairoRenderer
import FileSafety
import Foundation
import UIKit

/// How costs grow with the size of what an app shows (the one-clock issue's item 6),
/// offscreen in release, each size in a fresh process of this executable
/// (`growth-op CASE SIZE`) so one size's garbage does not weigh on the next:
///
/// - `depth`: a chain of D nested views built in a window, laid out, its damage taken
///   and its first frame drawn (seconds);
/// - `animating`: one frame of N 8-point views each moving by an animation (the tick,
///   layout, damage and drawing; median µs over 60 frames);
/// - `drag`: one frame of a 40-point view dragged 3 points a frame over N static views,
///   the same 256 of them under its path at every N (the damage and what is drawn in it
///   are the same at every N);
/// - `pixels`: one frame of a colour fade over a whole window of P pixels.
///
/// Each cost is given as wall time and, where valgrind runs, as callgrind's instruction
/// count (for a frame: the runs of 65 and of 6 frames differenced, over 59), which this
/// shared machine's load does not move. The slope between the two largest sizes (log
/// cost / log size, of the instructions when counted) says whether the cost grows
/// linearly (1) or worse; for `drag`, whose work is the same at every N, a flat cost
/// has slope 0.
///
///     touch-sandbox-bench growth [CASE ...]
@MainActor
enum GrowthBenchmark {
    enum Case: String, CaseIterable {
        case depth, animating, drag, pixels

        /// The sizes measured.
        var sizes: [Int] {
            switch self {
            case .depth: [1_000, 2_000, 5_000, 10_000]
            case .animating: [250, 500, 1_000, 2_000]
            case .drag: [1_000, 5_000, 10_000, 20_000]
            case .pixels: Self.windowSizes.map { $0.width * $0.height }
            }
        }

        static let windowSizes: [(width: Int, height: Int)] = [(640, 480), (1024, 768), (1920, 1080), (3840, 2160)]

        var title: String {
            switch self {
            case .depth: "a chain of D nested views: build, lay out, first frame"
            case .animating: "a frame of N animating 8-pt views, 1024×768"
            case .drag: "a frame of a drag over N static views (the same 256 under its path), 1024×768"
            case .pixels: "a frame of a whole-window colour fade, P pixels"
            }
        }

        var unit: String { self == .depth ? "s" : "µs" }
    }

    nonisolated static func printTable(executable: URL, cases: [Case]) throws {
        for growthCase in cases {
            print("\n\(growthCase.title)\n")
            print("| size | cost (\(growthCase.unit)) | instructions |")
            print("|---|---|---|")
            var costs: [Double] = []
            var instructions: [Double] = []
            for size in growthCase.sizes {
                let process = Process()
                process.executableURL = executable
                process.arguments = ["growth-op", growthCase.rawValue, String(size)]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                let text = String(decoding: (try? output.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
                process.waitUntilExit()
                guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw LatencyProbe.ProbeError.noWindow("growth-op \(growthCase.rawValue) \(size)")
                }
                costs.append(value)
                let counted = countInstructions(growthCase, size: size, executable: executable)
                if let counted { instructions.append(counted) }
                let count = counted.map { String(format: "%.0f", $0) } ?? "n/a"
                print(growthCase == .depth ? String(format: "| %d | %.3f | %@ |", size, value, count)
                                           : String(format: "| %d | %.0f | %@ |", size, value, count))
            }
            let sizes = growthCase.sizes
            let slopeOf = instructions.count == costs.count ? instructions : costs
            let last = slopeOf.count - 1
            let slope = log(slopeOf[last] / slopeOf[last - 1]) / log(Double(sizes[last]) / Double(sizes[last - 1]))
            print(String(format: "\nslope between the two largest (0 = flat, 1 = linear, 2 = quadratic): %.2f", slope))
        }
    }

    /// Callgrind's instructions for one size: the whole run for `depth`, a frame's for
    /// the others; nil without valgrind.
    nonisolated private static func countInstructions(_ growthCase: Case, size: Int, executable: URL) -> Double? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") else { return nil }
        let arguments = ["growth-op", growthCase.rawValue, String(size)]
        guard growthCase != .depth else { return callgrindInstructions(arguments, executable: executable) }
        guard let many = callgrindInstructions(arguments + ["65"], executable: executable),
              let few = callgrindInstructions(arguments + ["6"], executable: executable) else { return nil }
        return (many - few) / 59
    }

    /// One size of one case, in this process: prints its cost (`frames`: how many frames
    /// the frame cases run, the first 5 unmeasured).
    @MainActor
    static func runOnly(_ name: String, size: Int, frames: Int = 65) {
        self.frames = max(frames, 6)
        guard let growthCase = Case(rawValue: name) else {
            fail("usage: growth-op \(Case.allCases.map(\.rawValue).joined(separator: "|")) SIZE")
        }
        CairoDrawingEngine.install()
        switch growthCase {
        case .depth: print(chainSeconds(depth: size))
        case .animating: print(frameMicroseconds(animating: size))
        case .drag: print(frameMicroseconds(draggingOver: size))
        case .pixels:
            guard let window = Case.windowSizes.first(where: { $0.width * $0.height == size }) else {
                fail("growth-op pixels takes one of \(Case.pixels.sizes.map(String.init).joined(separator: ", "))")
            }
            print(frameMicroseconds(fadingWidth: window.width, height: window.height))
        }
    }

    // MARK: - Cases

    private static func chainSeconds(depth: Int) -> Double {
        let started = ProcessInfo.processInfo.systemUptime
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        let tracker = window.layer.startTrackingDamage(bounds: window.bounds, scale: 1)
        window.makeKeyAndVisible()
        var parent: UIView = window
        for index in 0..<depth {
            let view = UIView(frame: CGRect(x: 0.05, y: 0.05, width: 1000 - Double(index) * 0.09, height: 700))
            if index % 2 == 0 { view.backgroundColor = .systemBlue }
            parent.addSubview(view)
            parent = view
        }
        let built = ProcessInfo.processInfo.systemUptime
        window.layoutIfNeeded()
        let laidOut = ProcessInfo.processInfo.systemUptime
        let frame = FrameBuffer(pointSize: window.bounds.size, scale: 1)
        _ = tracker.takeDamage()
        let damaged = ProcessInfo.processInfo.systemUptime
        let renderer = LayerRenderer()
        frame.draw { canvas in renderer.renderDamage(of: window.layer, in: canvas) }
        let drawn = ProcessInfo.processInfo.systemUptime
        StandardError.writeLine(String(format: "depth %d: build %.3f s, layout %.3f s, damage %.3f s, draw %.3f s", depth,
                                       built - started, laidOut - built, damaged - laidOut, drawn - damaged))
        return drawn - started
    }

    private static func frameMicroseconds(animating count: Int) -> Double {
        measureFrames(width: 1024, height: 768) { window in
            for index in 0..<count {
                let view = UIView(frame: CGRect(x: Double(index % 100) * 10, y: Double(index / 100 % 76) * 10, width: 8, height: 8))
                view.backgroundColor = index % 2 == 0 ? .systemBlue : .systemRed
                window.addSubview(view)
                UIView.animate(withDuration: 100, delay: 0, options: [.curveLinear, .autoreverse, .repeat]) {
                    view.center.x += 200
                }
            }
            return {}
        }
    }

    /// The finger's path crosses the same 256 views at every N (two rows of 8-point
    /// views along its band), so the work a frame draws is the same; the other N − 256
    /// stand outside the band, where nothing changes.
    private static func frameMicroseconds(draggingOver count: Int) -> Double {
        measureFrames(width: 1024, height: 768) { window in
            for index in 0..<count {
                let frame: CGRect
                if index < 256 {
                    frame = CGRect(x: Double(index % 128) * 8, y: 300 + Double(index / 128) * 8, width: 7, height: 7)
                } else {
                    // 6-point steps over the rows above and below the band (y 280–360).
                    let spot = index - 256
                    let row = spot / 170 % 115
                    let y = Double(row) * 6 + (row >= 47 ? 84 : 0)
                    frame = CGRect(x: Double(spot % 170) * 6, y: y, width: 4, height: 4)
                }
                let view = UIView(frame: frame)
                view.backgroundColor = index % 2 == 0 ? .systemBlue : .systemRed
                window.addSubview(view)
            }
            let finger = UIView(frame: CGRect(x: 100, y: 290, width: 40, height: 40))
            finger.backgroundColor = .systemGreen
            window.addSubview(finger)
            return { finger.center.x = 120 + (finger.center.x + 3 - 120).truncatingRemainder(dividingBy: 700) }
        }
    }

    private static func frameMicroseconds(fadingWidth width: Int, height: Int) -> Double {
        measureFrames(width: width, height: height) { window in
            let view = UIView(frame: window.bounds)
            view.backgroundColor = .systemBlue
            window.addSubview(view)
            UIView.animate(withDuration: 100, delay: 0, options: [.curveLinear, .autoreverse, .repeat]) {
                view.backgroundColor = .systemRed
            }
            return {}
        }
    }

    /// Builds a window with `build`, then runs `frames` frames 1/60 s apart on a manual
    /// clock, the first 5 unmeasured, each: `step` (a move), the animation tick, layout,
    /// damage and drawing offscreen. Returns the median frame's microseconds.
    private static var frames = 65

    private static func measureFrames(width: Int, height: Int, _ build: (UIWindow) -> (() -> Void)) -> Double {
        let clock = ManualClock(now: 1_000)
        CAAnimationEngine.current.clock = clock
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
        let tracker = window.layer.startTrackingDamage(bounds: window.bounds, scale: 1)
        window.makeKeyAndVisible()
        let step = build(window)
        let frame = FrameBuffer(pointSize: window.bounds.size, scale: 1)
        let renderer = LayerRenderer()
        var times: [Double] = []
        for index in 0..<frames {
            clock.advance(by: 1.0 / 60)
            let started = ProcessInfo.processInfo.systemUptime
            step()
            CAAnimationEngine.current.tick()
            window.layoutIfNeeded()
            CAAnimationEngine.current.holdingTime {
                let damage = tracker.takeDamage()
                frame.draw(eachOf: damage.coversBounds ? [] : damage.rects, drawn: { _ in }) { canvas in
                    renderer.renderDamage(of: window.layer, in: canvas)
                }
            }
            if index >= 5 { times.append(ProcessInfo.processInfo.systemUptime - started) }
        }
        return times.sorted()[times.count / 2] * 1_000_000
    }
}
