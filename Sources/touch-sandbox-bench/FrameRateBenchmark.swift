import CairoRenderer
import FileSafety
import Foundation
import HeadlessXorg
import UIKit
import X11Host

/// Frames per second, counted from outside the app: a client animates continuously on
/// the headless server, and another connection counts the frames that reach its window
/// through the DAMAGE extension, with the client's CPU read from `/proc`. The cases of
/// the one-clock issue: many small animating views, and a fade of the whole window at
/// two sizes. Each must hold the display's rate (60 Hz here) when a frame's work fits in
/// its interval.
///
///     touch-sandbox-bench fps [seconds] [--compare PATH]
///
/// `--compare` runs the same clients from another build of this executable, alternately
/// with this one, so both are measured in one run on one server.
enum FrameRateBenchmark {
    /// One animating client: what it shows and the screen it shows it on.
    struct Case {
        var name: String
        var mode: String
        var count: Int
        var width: Int
        var height: Int
    }

    static let cases = [
        Case(name: "1,000 animating 8-pt views, 1024×768", mode: "views", count: 1000, width: 1024, height: 768),
        Case(name: "5,000 animating 8-pt views, 1024×768", mode: "views", count: 5000, width: 1024, height: 768),
        Case(name: "a full-window colour fade, 1024×768", mode: "fade", count: 1, width: 1024, height: 768),
        Case(name: "a full-window colour fade, 1920×1080", mode: "fade", count: 1, width: 1920, height: 1080),
    ]

    @MainActor
    static func run(_ arguments: [String]) throws {
        var rest = arguments
        var compare: URL?
        if let flag = rest.firstIndex(of: "--compare") {
            guard flag + 1 < rest.count else { fail("fps: --compare takes the path of another touch-sandbox-bench") }
            compare = URL(fileURLWithPath: rest[flag + 1])
            rest.removeSubrange(flag...flag + 1)
        }
        let seconds = rest.first.flatMap(Double.init) ?? 5
        let this = benchDirectory.appendingPathComponent("touch-sandbox-bench")
        let builds: [(String, URL)] = [("this build", this)] + (compare.map { [("--compare build", $0)] } ?? [])
        print("| case | build | frames | seconds | fps | client CPU % | frame start after the blank, p50 / p95 ms |")
        print("|---|---|---|---|---|---|---|")
        for testCase in cases {
            let server = try HeadlessXorg(width: testCase.width, height: testCase.height)
            defer { server.stop() }
            for (label, executable) in builds {
                let (frames, used, phase) = try measure(testCase, executable: executable, server: server, seconds: seconds)
                print(String(format: "| %@ | %@ | %d | %.1f | %.1f | %.0f | %@ |", testCase.name, label, frames, seconds,
                             Double(frames) / seconds, used / seconds * 100, phase ?? "—"))
            }
        }
    }

    /// Frames counted on the client's window over `seconds`, after a second to settle, the
    /// CPU seconds the client used meanwhile, and where its frames started in their
    /// refresh, as its last `PhaseMeter` line says (nil from a build that prints none).
    @MainActor
    static func measure(_ testCase: Case, executable: URL, server: HeadlessXorg,
                        seconds: Double) throws -> (Int, Double, String?) {
        let before = Set(WindowList.topLevelWindows(display: server.display))
        let client = try startClient(executable, ["animating-client", server.display, testCase.mode, String(testCase.count),
                                                  "\(testCase.width)x\(testCase.height)"], readyLine: "animating client: ready")
        defer {
            client.terminate()
            client.waitUntilExit()
        }
        let window = try waitForNewWindow(on: server.display, besides: before, of: "animating client")
        let counter = try WindowFrameCounter(displayName: server.display, window: window)
        _ = counter.count(for: 1)
        let cpuBefore = cpuSeconds(of: client.processIdentifier)
        let frames = counter.count(for: seconds)
        let used = cpuSeconds(of: client.processIdentifier) - cpuBefore
        return (frames, used, (client.standardError as? Pipe).flatMap(lastPhase(in:)))
    }

    /// The figures of the last phase line the client wrote, read without waiting.
    private static func lastPhase(in pipe: Pipe) -> String? {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
        let prefix = PhaseMeter.linePrefix
        return text.split(separator: "\n").last { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// The client: `animating-client :N views|fade COUNT WxH`, animating for ever.
    @MainActor
    static func runClient(_ arguments: [String]) -> Never {
        guard arguments.count == 4, let count = Int(arguments[2]), count > 0,
              let size = WindowSizeArgument(arguments[3]) else {
            fail("usage: animating-client :N views|fade COUNT WxH")
        }
        let options = X11Host.Options(display: arguments[0], size: CGSize(width: size.width, height: size.height),
                                      title: "animating client")
        AnimatingDelegate.mode = arguments[1]
        AnimatingDelegate.count = count
        UIApplicationMain(options: options, delegate: AnimatingDelegate()) { host, _ in
            StandardError.writeLine("animating client: ready")
            host.addFrameStage(PhaseMeter())
        }
    }

    private struct WindowSizeArgument {
        var width: Int
        var height: Int
        init?(_ text: String) {
            let parts = text.split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
            self.width = width
            self.height = height
        }
    }
}

/// Where the client's frames start in their refresh: each frame's start after the
/// display's latest vertical blank (`X11Host.latestVblank()`), modulo the refresh
/// interval, written every 120 frames as the p50 and p95 in milliseconds.
@MainActor
private final class PhaseMeter: FrameStage {
    nonisolated static let linePrefix = "animating client: start after blank "
    let order = FrameStageOrder(rawValue: .infinity)
    private var offsets: [TimeInterval] = []

    func draw(in canvas: Canvas, size: CGSize) {}

    func framePresented(_ report: X11Host.FrameReport, by host: X11Host) {
        guard let blank = host.latestVblank() else { return }
        let interval = host.refreshInterval
        let offset = (report.started - blank).truncatingRemainder(dividingBy: interval)
        offsets.append(offset < 0 ? offset + interval : offset)
        guard offsets.count == 120 else { return }
        let sorted = offsets.sorted()
        StandardError.writeLine(Self.linePrefix + String(format: "%.2f / %.2f", sorted[60] * 1000, sorted[113] * 1000))
        offsets = []
    }
}

/// The client app: views that never stop moving, or a window that never stops fading.
@MainActor
private final class AnimatingDelegate: UIResponder, UIApplicationDelegate {
    static var mode = "views"
    static var count = 1000
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .black
        var random = SystemRandomNumberGenerator()
        if Self.mode == "fade" {
            let fade = UIView(frame: window.bounds)
            fade.backgroundColor = .red
            window.addSubview(fade)
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: { fade.backgroundColor = .blue })
        } else {
            for _ in 0..<Self.count {
                let view = UIView(frame: CGRect(x: CGFloat.random(in: 0...(window.bounds.width - 48), using: &random),
                                                y: CGFloat.random(in: 0...(window.bounds.height - 8), using: &random),
                                                width: 8, height: 8))
                view.backgroundColor = .systemBlue
                window.addSubview(view)
                UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse],
                               animations: { view.center.x += 40 })
            }
        }
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
