import CairoRenderer
import FileSafety
import Foundation
import UIKit

/// How costs grow with the size of what an app shows (the one-clock issue's item 6): a
/// chain of D nested views built in a window, laid out, its damage taken and its first
/// frame drawn offscreen. Each D is timed in a fresh process of this executable
/// (`growth-op depth D`), so one size's garbage does not weigh on the next; the slope
/// between the two largest sizes says whether the cost is linear (1) or worse.
///
///     touch-sandbox-bench growth
enum GrowthBenchmark {
    static let depths = [1_000, 2_000, 5_000, 10_000]

    static func printTable(executable: URL) throws {
        print("| nested views D | build, lay out, first frame (s) |")
        print("|---|---|")
        var seconds: [Double] = []
        for depth in depths {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["growth-op", "depth", String(depth)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: (try? output.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
            process.waitUntilExit()
            guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw LatencyProbe.ProbeError.noWindow("growth-op depth \(depth)")
            }
            seconds.append(value)
            print(String(format: "| %d | %.3f |", depth, value))
        }
        let last = seconds.count - 1
        let slope = log(seconds[last] / seconds[last - 1]) / log(Double(depths[last]) / Double(depths[last - 1]))
        print(String(format: "\nslope between the two largest (1 = linear, 2 = quadratic): %.2f", slope))
    }

    /// One size, timed, in this process: prints the seconds.
    @MainActor
    static func runOnly(_ name: String, size: Int) {
        guard name == "depth" else { fail("usage: growth-op depth D") }
        CairoDrawingEngine.install()
        let started = ProcessInfo.processInfo.systemUptime
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        let tracker = window.layer.startTrackingDamage(bounds: window.bounds, scale: 1)
        window.makeKeyAndVisible()
        var parent: UIView = window
        for index in 0..<size {
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
        StandardError.writeLine(String(format: "depth %d: build %.3f s, layout %.3f s, damage %.3f s, draw %.3f s", size,
                                   built - started, laidOut - built, damaged - laidOut, drawn - damaged))
        print(drawn - started)
    }
}
