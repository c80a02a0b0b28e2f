import CairoRenderer
import Foundation
import SandboxDebugging
import UIKit

/// What the debug layer costs an app, without a display: an app like HelloTouch (a
/// square with a pan and a tap recognizer in a 1024 × 768 window, the pan dragging the
/// square) with one finger on the square moving a point back and forth, past the pan's
/// slop first, in four set-ups side by side: no layer; the layer on showing nothing; the
/// layer showing its handle; the layer with spots and hit-view outlines.
///
/// Two operations per set-up: a moved touch (the screen's routing, UIKit's delivery,
/// and the layer's overlays taking the batch), and a moved touch with its frame (the
/// damage of every window and overlay collected and redrawn, rectangle by rectangle,
/// as the host draws a frame). Instructions per operation come from callgrind (two runs
/// of different lengths, differenced); nanoseconds from timed rounds alternating
/// between the set-ups.
@MainActor
enum DebugLayerBenchmark {
    enum Setup: String, CaseIterable {
        case off
        /// `TOUCH_DEBUG=on,no-handle`: on, showing nothing.
        case hidden = "on-nothing-shown"
        /// `TOUCH_DEBUG=on`: on, showing its handle.
        case handle = "on-handle"
        /// `TOUCH_DEBUG=spots,hit-views`.
        case shown = "on-spots-hit-views"
        /// `TOUCH_DEBUG=all`: every overlay, the recognizer HUD and the meter included
        /// (not in the table: for profiling a touch's first frame with `debug-layer-op
        /// on-all:tap N` under callgrind).
        case all = "on-all"
    }

    /// One set-up, ready to run moved touches and frames.
    @MainActor
    final class Scenario {
        let window: UIWindow
        let layer: DebugLayer?
        let renderer = LayerRenderer()
        let buffer: FrameBuffer
        let routing = ScreenTouchRouting()
        let id = TouchSample.ID(device: 1, number: 1)
        var x: CGFloat = 500
        let time = CACurrentMediaTime()

        init(_ setup: Setup) {
            UIApplication.shared.discardAllState()
            let size = CGSize(width: 1024, height: 768)
            UIScreen.main.bounds = CGRect(origin: .zero, size: size)
            window = UIWindow(frame: UIScreen.main.bounds)
            let square = makeDraggedSquare()
            square.addGestureRecognizer(UITapGestureRecognizer())
            window.addSubview(square)
            window.makeKeyAndVisible()
            switch setup {
            case .off: layer = nil
            case .hidden: layer = DebugLayer(configuration: DebugLayerConfiguration(showsHandle: false))
            case .handle: layer = DebugLayer(configuration: DebugLayerConfiguration())
            case .shown: layer = DebugLayer(configuration: DebugLayerConfiguration(tools: [.spots, .hitViews]))
            case .all: layer = DebugLayer(configuration: DebugLayerConfiguration(tools: Set(DebugTool.overlays)))
            }
            layer?.attach(to: window)
            buffer = FrameBuffer(pointSize: size, scale: 1)
            for shown in UIApplication.shared.visibleWindows {
                shown.layoutIfNeeded()
                shown.layer.startTrackingDamage(bounds: window.bounds, scale: 1)
            }
            send(.began, at: 500)
            // Past the pan's 10-point slop, so that it has begun and every move drags.
            send(.moved, at: 530)
            frame()
        }

        /// Sends the finger at `at`, or else a point from where it was, back and forth.
        func send(_ phase: TouchSample.Phase, at: CGFloat? = nil) {
            x = at ?? (x == 530 ? 531 : 530)
            let batch = [TouchSample(id: id, phase: phase, location: CGPoint(x: x, y: 380), timestamp: time)]
            for run in routing.route(batch, windows: UIApplication.shared.visibleWindows) {
                run.deliver()
            }
            pendingDamage = layer?.apply(batch) ?? []
        }

        private var pendingDamage: [CGRect] = []
        private var secondNumber: UInt32 = 100

        /// A second finger on the square, a new one for each `began`.
        func sendSecond(_ phase: TouchSample.Phase) {
            if phase == .began { secondNumber += 1 }
            let batch = [TouchSample(id: TouchSample.ID(device: 1, number: secondNumber), phase: phase,
                                     location: CGPoint(x: 470, y: 340), timestamp: time)]
            for run in routing.route(batch, windows: UIApplication.shared.visibleWindows) {
                run.deliver()
            }
            pendingDamage = layer?.apply(batch) ?? []
        }

        /// A frame as the host draws it: every window's damage and the overlays', each
        /// rectangle redrawn on its own, all at one held instant.
        func frame() {
            CAAnimationEngine.current.holdingTime { drawFrame() }
        }

        private func drawFrame() {
            var region = DamageRegion(bounds: window.bounds, scale: 1)
            for rect in pendingDamage { region.add(rect) }
            let windows = ScreenTouchRouting.frontToBack(UIApplication.shared.visibleWindows).reversed()
            for shown in windows {
                shown.layoutIfNeeded()
                region.formUnion(shown.layer.damageTracker?.takeDamage() ?? DamageRegion(bounds: window.bounds))
            }
            if let layer { for rect in layer.overlays.damageForFrame(in: window) { region.add(rect) } }
            guard !region.isEmpty else { return }
            buffer.draw(eachOf: region.coversBounds ? [] : region.rects) { canvas in
                for shown in windows { renderer.renderDamage(of: shown.layer, in: canvas) }
                if let layer { layer.overlays.draw(in: canvas, window: window) }
            }
        }
    }

    static func operation(_ key: String) -> (@MainActor () -> Void)? {
        let parts = key.split(separator: ":")
        guard parts.count == 2, let setup = Setup(rawValue: String(parts[0])) else { return nil }
        let scenario = Scenario(setup)
        switch parts[1] {
        case "move": return { scenario.send(.moved) }
        case "frame": return {
            scenario.send(.moved)
            scenario.frame()
        }
        case "tap": return {
            // A second finger lands beside the first and lifts, each with its frame: the
            // frames a new touch costs.
            scenario.sendSecond(.began)
            scenario.frame()
            scenario.sendSecond(.ended)
            scenario.frame()
        }
        default: return nil
        }
    }

    static func runOnly(_ key: String, count: Int) {
        guard let run = operation(key) else { fail("unknown debug-layer operation \(key)") }
        for _ in 0..<count { run() }
    }

    /// Prints the table: each operation in each set-up, and the ratio to no layer.
    static func printTable(executable: URL) {
        print("| operation | set-up | instructions / op | ratio to off | ns / op (median of 9 alternating rounds) | ratio to off |")
        print("|---|---|---|---|---|---|")
        for kind in ["move", "frame"] {
            var instructions: [Setup: Double] = [:]
            for setup in Setup.allCases where setup != .all {
                instructions[setup] = callgrind("\(setup.rawValue):\(kind)", executable: executable)
            }
            let nanoseconds = alternatingNanoseconds(kind: kind, count: kind == "move" ? 20_000 : 2_000)
            for setup in Setup.allCases where setup != .all {
                let count = instructions[setup].map { String(format: "%.0f", $0) } ?? "n/a"
                let ratio = instructions[setup].flatMap { value in instructions[.off].map { String(format: "%.3f", value / $0) } } ?? "n/a"
                let ns = nanoseconds[setup] ?? .nan
                print(String(format: "| %@ | %@ | %@ | %@ | %.0f | %.3f |", kind == "move" ? "moved touch" : "moved touch and its frame",
                             setup.rawValue, count, ratio, ns, ns / (nanoseconds[.off] ?? .nan)))
            }
        }
    }

    private static func callgrind(_ key: String, executable: URL) -> Double? {
        callgrindInstructionsPerRun("debug-layer-op", key, few: 100, many: 600, executable: executable)
    }

    /// Median nanoseconds per operation of each set-up, rounds alternating between them
    /// so that the machine's load falls on all alike.
    private static func alternatingNanoseconds(kind: String, count: Int) -> [Setup: Double] {
        var samples: [Setup: [Double]] = [:]
        for _ in 0..<9 {
            for setup in Setup.allCases where setup != .all {
                guard let run = operation("\(setup.rawValue):\(kind)") else { continue }
                for _ in 0..<min(count / 10, 200) { run() }
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<count { run() }
                samples[setup, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
            }
        }
        return samples.mapValues { $0.sorted()[$0.count / 2] }
    }
}
