import CairoRenderer
import CX11
import Foundation
import HeadlessXorg
import SandboxDebugging
import TouchSandbox
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// The host's explicit pipeline: input filters run in the order of their stage whatever
/// order they were added in, each passing on what the next sees, the client last, and
/// hear back innermost first; frame stages are drawn bottom to top by their order.
final class X11HostPipelineTests: XCTestCase {
    /// Notes what it is given in a shared log, and may consume touches that begin in
    /// the window's left half.
    @MainActor
    private final class NotingFilter: InputFilter {
        let stage: InputFilterStage
        let log: Log
        var consumesLeftHalf = false

        init(_ stage: InputFilterStage, log: Log) {
            self.stage = stage
            self.log = log
        }

        func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
            log.lines.append("\(stage) sees \(Self.sides(batch, in: host))")
            guard consumesLeftHalf else { return batch }
            return batch.filter { $0.location.x >= host.size.width / 2 }
        }

        func host(_ host: X11Host, didHandle batch: [TouchSample]) {
            log.lines.append("\(stage) after \(Self.sides(batch, in: host))")
        }

        /// Each sample as the half of the window it is in (XI2 touch ids are the
        /// server's, counting on across tests).
        static func sides(_ batch: [TouchSample], in host: X11Host) -> String {
            batch.map { $0.location.x < host.size.width / 2 ? "left" : "right" }.joined(separator: " ")
        }
    }

    @MainActor
    private final class Log {
        var lines: [String] = []
    }

    @MainActor
    private final class Client: X11HostClient {
        let log: Log
        init(log: Log) { self.log = log }
        func host(_ host: X11Host, didReceive batch: [TouchSample]) {
            log.lines.append("client gets \(NotingFilter.sides(batch, in: host))")
        }
    }

    @MainActor
    private final class Stage: FrameStage {
        let order: FrameStageOrder
        let name: String
        let log: Log
        init(_ name: String, _ order: FrameStageOrder, log: Log) {
            self.name = name
            self.order = order
            self.log = log
        }
        func draw(in canvas: Canvas, size: CGSize) { log.lines.append("draw \(name)") }
    }

    func testFiltersRunByStageThenTheClientThenHearBackInnermostFirst() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let host = try X11Host(options: X11Host.Options(display: server.display, size: CGSize(width: 640, height: 480)))
            defer { host.close() }
            let log = Log()
            let client = Client(log: log)
            host.client = client
            // Added out of order: the chain is the stages' order.
            let chrome = NotingFilter(.chrome, log: log)
            chrome.consumesLeftHalf = true
            let filters = [chrome, NotingFilter(.debugging, log: log), NotingFilter(.recording, log: log),
                           NotingFilter(.exitGesture, log: log)]
            for filter in filters { host.addInputFilter(filter) }
            XCTAssertEqual(host.inputFilters.map(\.stage), [.exitGesture, .debugging, .recording, .chrome])
            host.start()
            try server.touchscreen.touches([(1, .begin, CGPoint(x: 100, y: 100)), (2, .begin, CGPoint(x: 500, y: 100))])
            XCTAssertTrue(runLoop { log.lines.count >= 9 })
            XCTAssertEqual(log.lines, [
                "exitGesture sees left right", "debugging sees left right", "recording sees left right",
                "chrome sees left right", "client gets right",
                "chrome after left right", "recording after left right", "debugging after left right",
                "exitGesture after left right",
            ])
            try server.touchscreen.touches([(1, .end, CGPoint(x: 100, y: 100)), (2, .end, CGPoint(x: 500, y: 100))])
            XCTAssertTrue(runLoop { log.lines.count >= 18 })
        }
    }

    /// `--verbose` means the diagnostics of every layer below, at `debug`, as
    /// `UIKitDebug.enableVerboseLogging()` documents.
    func testAVerboseHostTurnsOnTheCoresLogs() throws {
        try onMainActor {
            let logs: [any DebugLogging.Type] = [UIKitDebug.self, QuartzCoreDebug.self, DrawingDebug.self]
            let before = logs.map { ($0.isLoggingEnabled, $0.echoesToStandardError) }
            let levelsBefore = TouchLogging.levels
            defer {
                for (log, state) in zip(logs, before) {
                    log.isLoggingEnabled = state.0
                    log.echoesToStandardError = state.1
                }
                TouchLogging.levels = levelsBefore
            }
            for log in logs { log.isLoggingEnabled = false }
            let server = try HeadlessXorg.shared()
            let quiet = try X11Host(options: X11Host.Options(display: server.display, size: CGSize(width: 64, height: 64)))
            quiet.close()
            XCTAssertEqual(logs.map { $0.isLoggingEnabled }, [false, false, false])
            let verbose = try X11Host(options: X11Host.Options(display: server.display, size: CGSize(width: 64, height: 64),
                                                               verbose: true))
            verbose.close()
            XCTAssertEqual(logs.map { $0.isLoggingEnabled }, [true, true, true])
            XCTAssertEqual(logs.map { $0.echoesToStandardError }, [true, true, true])
        }
    }

    func testStagesAreDrawnByTheirOrder() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let host = try X11Host(options: X11Host.Options(display: server.display, size: CGSize(width: 320, height: 240)))
            defer { host.close() }
            let log = Log()
            for stage in [Stage("overlays", .debugOverlays, log: log), Stage("alert window", .window(level: .alert), log: log),
                          Stage("app window", .window(level: .normal), log: log),
                          Stage("status bar window", .window(level: .statusBar), log: log),
                          Stage("app chrome", .above(.window(level: .normal), by: 1), log: log)] {
                host.addFrameStage(stage)
            }
            host.start()
            XCTAssertTrue(runLoop { log.lines.count >= 5 })
            XCTAssertEqual(Array(log.lines.prefix(5)), [
                "draw app window", "draw app chrome", "draw status bar window", "draw alert window", "draw overlays",
            ])
        }
    }

    /// A frame that shows a touch draws and sends first the damage within a fingertip's
    /// reach of the finger, then the damage holding the finger, then the rest, each in
    /// the order damaged: a panel damaged before it (the recognizer HUD's, say) does not
    /// keep the finger's spot off the screen, nor does the rest of a wide band.
    func testTheDamageHoldingTheFingerIsDrawnFirst() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let host = try X11Host(options: X11Host.Options(display: server.display, size: CGSize(width: 320, height: 240)))
            defer { host.close() }
            let panel = CGRect(x: 200, y: 8, width: 112, height: 60)
            let band = CGRect(x: 0, y: 90, width: 320, height: 20)
            let spot = CGRect(x: 30, y: 70, width: 40, height: 40)
            let stage = DamagingStage()
            let recorder = BatchRecorder()
            recorder.onBatch = { _ in
                stage.pending = [panel, band, spot]
                host.setNeedsFrame()
            }
            host.addInputFilter(recorder)
            host.addFrameStage(stage)
            let watcher = FrameWatcher()
            var reports: [[CGRect]] = []
            watcher.onFrame = { report, _ in reports.append(report.dirtyRects) }
            host.addFrameStage(watcher)
            host.start()
            // The window's first frames (the whole of it, on mapping and on its first
            // expose) are drawn before any input: a touch drawn in the same frame as
            // the expose would be drawn in a whole frame. The pacer may hold the
            // expose's frame back by a frame interval (a few milliseconds).
            XSync(host.connection.display, 0)
            host.processPendingEvents()
            XCTAssertTrue(runLoop { watcher.frames >= 1 })
            _ = runLoop(timeout: 0.2) { false }
            XCTAssertEqual(reports.filter { !$0.isEmpty }, [])
            try server.touchscreen.touches([(1, .begin, CGPoint(x: 50, y: 100))])
            XCTAssertTrue(runLoop { reports.contains { !$0.isEmpty } }, "\(reports)")
            // (50, 100) ± 24 points, cut to the box of the band and the spot.
            let fingertip = CGRect(x: 26, y: 76, width: 48, height: 34)
            XCTAssertEqual(reports.last, [fingertip, band, spot, panel],
                           "the fingertip, the band and the spot as damaged, then the panel")
            XCTAssertEqual(stage.drawnClips.suffix(4), [fingertip, band, spot, panel])
            try server.touchscreen.touches([(1, .end, CGPoint(x: 50, y: 100))])
            XCTAssertTrue(runLoop { reports.filter { !$0.isEmpty }.count >= 2 })
            XCTAssertEqual(reports.last, [fingertip, band, spot, panel], "a lift shows first where it lifted, too")
        }
    }

    /// An echo is on screen when `presentEcho` returns, drawn over the frame there (the
    /// rest of the window untouched), and the next frame redraws exactly its pixels,
    /// taking it back; an echo outside the window, or while the whole window waits for
    /// a frame, draws nothing.
    func testAnEchoIsOnScreenAtOnceAndTheNextFrameRedrawsIt() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let host = try X11Host(options: X11Host.Options(display: server.display, size: CGSize(width: 320, height: 240)))
            defer { host.close() }
            host.addFrameStage(FillingStage(color: Canvas.Color(hex: 0x204060)))
            let watcher = FrameWatcher()
            var reports: [[CGRect]] = []
            watcher.onFrame = { report, _ in reports.append(report.dirtyRects) }
            host.addFrameStage(watcher)
            host.start()
            let reader = try WindowPixelReader(displayName: server.display)
            let window = UInt(host.window.id)
            XCTAssertTrue(runLoop { reader.pixel(of: window, x: 50, y: 50) == 0x204060 })
            _ = runLoop(timeout: 0.2) { false }
            let red = Canvas.Color(hex: 0xFF0000)
            let whole = CGRect(x: 0, y: 0, width: 320, height: 240)

            // While the whole window waits for a frame (a new size, an expose), the
            // frame buffer is not what the screen shows: no echo.
            host.setNeedsDisplay()
            host.presentEcho(in: [CGRect(x: 40, y: 40, width: 20, height: 20)]) { canvas in canvas.fill(whole, with: red) }
            XCTAssertEqual(reader.pixel(of: window, x: 50, y: 50), 0x204060)
            let framesBeforeTheWhole = watcher.frames
            XCTAssertTrue(runLoop { watcher.frames > framesBeforeTheWhole })
            XCTAssertEqual(reports.last, [], "the whole window")
            XCTAssertEqual(reader.pixel(of: window, x: 50, y: 50), 0x204060)
            let framesBefore = watcher.frames

            // Two rectangles that overlap, one outside the window; a translucent fill,
            // drawn once where they overlap.
            let halfRed = red.withAlpha(0.5)
            host.presentEcho(in: [CGRect(x: 40.5, y: 40, width: 19, height: 20), CGRect(x: 50, y: 40, width: 20, height: 20),
                                  CGRect(x: 900, y: 900, width: 10, height: 10)]) { canvas in
                canvas.fill(whole, with: halfRed)
            }
            let once = FrameBuffer(pointSize: CGSize(width: 1, height: 1), scale: 1)
            once.draw { canvas in
                canvas.fill(CGRect(x: 0, y: 0, width: 1, height: 1), with: Canvas.Color(hex: 0x204060))
                canvas.fill(CGRect(x: 0, y: 0, width: 1, height: 1), with: halfRed)
            }
            let blended = once.pixels.load(as: UInt32.self) & 0xFF_FFFF
            XCTAssertNotEqual(blended, 0x204060)
            // Rounded out to whole pixels: 40…70 × 40…60.
            XCTAssertEqual(reader.row(of: window, x: 38, y: 50, width: 34),
                           [0x204060, 0x204060] + Array(repeating: blended, count: 30) + [0x204060, 0x204060],
                           "on screen as presentEcho returns, without a frame")
            XCTAssertEqual(reader.pixel(of: window, x: 50, y: 39), 0x204060)
            XCTAssertEqual(reader.pixel(of: window, x: 50, y: 60), 0x204060)
            XCTAssertEqual(watcher.frames, framesBefore, "an echo is not a frame")

            XCTAssertTrue(runLoop { watcher.frames > framesBefore })
            XCTAssertEqual(reports.last, [CGRect(x: 40, y: 40, width: 30, height: 20)], "the echo's pixels, and no more")
            XCTAssertEqual(reader.row(of: window, x: 38, y: 50, width: 34), Array(repeating: 0x204060, count: 34),
                           "the frame took it back")
        }
    }

    /// Fills the whole window with one colour.
    @MainActor
    private final class FillingStage: FrameStage {
        let order = FrameStageOrder.window(level: .normal)
        let color: Canvas.Color
        init(color: Canvas.Color) { self.color = color }
        func draw(in canvas: Canvas, size: CGSize) { canvas.fill(CGRect(origin: .zero, size: size), with: color) }
    }

    /// Gives its pending rectangles as damage once, and notes each canvas's clip it is
    /// drawn in.
    @MainActor
    private final class DamagingStage: FrameStage {
        let order = FrameStageOrder.window(level: .normal)
        var pending: [CGRect] = []
        private(set) var drawnClips: [CGRect] = []

        func takeDamage(in host: X11Host) -> [CGRect] {
            defer { pending = [] }
            return pending
        }

        func draw(in canvas: Canvas, size: CGSize) { drawnClips.append(canvas.clipBounds) }
    }

    /// The sandbox takes its places in the runner's host: its debug layer's overlays
    /// watch at the debugging stage, its keys are read at the chrome stage, and the
    /// screen shows the scene's window, the gallery's above it, the debug layer's above
    /// that, and the overlays over all.
    func testTheSandboxTakesItsPlacesInThePipeline() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            // The harness's batch recorder first, then the debug layer, then the gallery's keys.
            XCTAssertEqual(harness.host.inputFilters.map(\.stage), [.exitGesture, .debugging, .chrome])
            XCTAssertEqual(harness.host.frameStages.map(\.order),
                           [.window(level: .normal), .window(level: .statusBar), .window(level: .debugLayer), .debugOverlays])
        }
    }
}
