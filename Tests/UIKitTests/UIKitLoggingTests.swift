import Logging
import Synchronization
@testable import UIKit
import XCTest

/// The UIKit core's log, the layer engine's and the gesture trace print through swift-log
/// in one format, one label per subsystem, the category as metadata, filtered by level.
final class UIKitLoggingTests: UIKitTestCase {
    /// Each printed line as data (label, level, message, category) and as its one-format line.
    private final class Printed: Sendable {
        struct Line: Equatable, Sendable {
            var label: String
            var level: Logger.Level
            var category: String?
            var text: String
        }

        let lines = Mutex<[Line]>([])
        var all: [Line] { lines.withLock { $0 } }
        var texts: [String] { all.map(\.text) }
    }

    private struct Recorder: LogHandler {
        let label: String
        let printed: Printed
        var logLevel = Logger.Level.trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let text = Mutex<String>("")
            TouchLogHandler(label: label, write: { line in text.withLock { $0 = line } }).log(event: event)
            let line = Printed.Line(label: label, level: event.level,
                                    category: event.metadata?[TouchLogging.categoryKey].map { "\($0)" },
                                    text: text.withLock { $0 })
            printed.lines.withLock { $0.append(line) }
        }
    }

    private var printed = Printed()

    override func setUp() async throws {
        try await super.setUp()
        printed = Printed()
        let printed = printed
        TouchLogging.destination = .handler { Recorder(label: $0, printed: printed) }
        TouchLogging.levels = nil
        UIKitDebug.echoesToStandardError = true
        UIKitDebug.clearLoggedLines()
        QuartzCoreDebug.isLoggingEnabled = true
        QuartzCoreDebug.echoesToStandardError = true
        QuartzCoreDebug.clearLoggedLines()
    }

    override func tearDown() async throws {
        UIKitDebug.echoesToStandardError = false
        QuartzCoreDebug.isLoggingEnabled = false
        QuartzCoreDebug.echoesToStandardError = false
        QuartzCoreDebug.clearLoggedLines()
        GestureTrace.isEnabled = false
        GestureTrace.echoesToStandardError = false
        GestureTrace.clear()
        TouchLogging.destination = .standardError
        TouchLogging.levels = TouchLogging.environmentLevels
        try await super.tearDown()
    }

    func testEverySubsystemPrintsTheOneFormatWithItsLabelAndCategory() async {
        UIKitDebug.log(.input, "bad sample")
        clock.advance(by: 0.25)
        QuartzCoreDebug.log(.transaction, "unbalanced commit")
        XCTAssertEqual(printed.all, [
            .init(label: "UIKit", level: .notice, category: "input", text: "[UIKit 100.000000] input: bad sample"),
            .init(label: "QuartzCore", level: .warning, category: "transaction",
                  text: "[QuartzCore 100.250000] transaction: unbalanced commit"),
        ])
        XCTAssertEqual(UIKitDebug.loggedLines, ["[UIKit 100.000000] input: bad sample"],
                       "what is kept reads as what is printed")
        XCTAssertEqual(QuartzCoreDebug.loggedLines, ["[QuartzCore 100.250000] transaction: unbalanced commit"])
    }

    func testEachCategoryHasItsLevelAndAWriterMayGiveAnother() async {
        for category in UIKitDebug.Category.allCases { UIKitDebug.log(category, "x") }
        UIKitDebug.log(.gestures, level: .warning, "misuse")
        XCTAssertEqual(printed.all.map { "\($0.category!) \($0.level)" }, [
            "input notice", "delivery debug", "hierarchy warning", "timers notice", "application info",
            "gestures info", "animation notice", "gestures warning",
        ])
    }

    func testLevelsChoosePerCategoryWhatIsPrintedWhileEverythingIsKept() async {
        TouchLogging.levels = TouchLogLevels(.warning, overrides: ["UIKit.delivery": .debug])
        UIKitDebug.log(.input, "repaired")
        UIKitDebug.log(.delivery, "withheld")
        UIKitDebug.log(.hierarchy, "cycle")
        UIKitDebug.log(.application, "launching")
        XCTAssertEqual(printed.texts, ["[UIKit 100.000000] delivery: withheld", "[UIKit 100.000000] hierarchy: cycle"])
        XCTAssertEqual(UIKitDebug.loggedLines.count, 4)
    }

    func testTheGestureTracePrintsAsUIKitGesturesWhenAsked() async {
        GestureTrace.isEnabled = true
        GestureTrace.clear()
        let view = addTraceView("view", CGRect(x: 0, y: 0, width: 200, height: 200))
        let tap = UITapGestureRecognizer()
        view.addGestureRecognizer(tap)
        injector.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 120, y: 20), duration: 0.1, steps: 2)
        let gestureLines = { self.printed.all.filter { $0.category == "gestures" } }
        XCTAssertEqual(gestureLines().filter { $0.label == "UIKit" && $0.level == .debug }.count, 0,
                       "the trace prints only when its echo is on")

        GestureTrace.echoesToStandardError = true
        GestureTrace.clear()
        clock.advance(by: 1)
        injector.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 120, y: 20), duration: 0.1, steps: 2)
        let traced = gestureLines().filter { $0.level == .debug }
        XCTAssertEqual(traced.map(\.text), GestureTrace.entries.map(\.record.line))
        XCTAssertEqual(traced.count, GestureTrace.entries.count)
        let failure = try! XCTUnwrap(GestureTrace.entries.first { $0.state == .failed })
        XCTAssertEqual(failure.record.line, String(format: "[UIKit %.6f] gestures: %@ (TraceView): %@",
                                                   failure.time, failure.recognizer, failure.detail))
        XCTAssertTrue(traced.map(\.text).contains(
            "[UIKit \(String(format: "%.6f", failure.time))] gestures: \(failure.recognizer) (TraceView): possible → failed: a finger moved 50.0 pt (limit 45.0 pt)"),
            traced.map(\.text).joined(separator: "\n"))
        XCTAssertEqual(failure.line, failure.record.line, "kept entries read as printed")
    }

    func testAnIllegalTransitionIsAWarning() async {
        XCTAssertEqual(GestureTrace.Kind.illegal.level, .warning)
        XCTAssertEqual(GestureTrace.Kind.transition.level, .debug)
    }

    func testVerboseTurnsEveryLogOnAndPrintsDebugLines() async {
        UIKitDebug.isLoggingEnabled = false
        UIKitDebug.echoesToStandardError = false
        QuartzCoreDebug.isLoggingEnabled = false
        let drawingWasOn = (DrawingDebug.isLoggingEnabled, DrawingDebug.echoesToStandardError)
        defer { (DrawingDebug.isLoggingEnabled, DrawingDebug.echoesToStandardError) = drawingWasOn }
        UIKitDebug.enableVerboseLogging()
        XCTAssertTrue(UIKitDebug.isLoggingEnabled && UIKitDebug.echoesToStandardError)
        XCTAssertTrue(QuartzCoreDebug.isLoggingEnabled && QuartzCoreDebug.echoesToStandardError)
        XCTAssertTrue(DrawingDebug.isLoggingEnabled && DrawingDebug.echoesToStandardError)
        if TouchLogging.environmentLevels == nil {
            XCTAssertEqual(TouchLogging.levels, TouchLogLevels(.debug))
        }
        UIKitDebug.log(.delivery, "withheld")
        XCTAssertEqual(printed.texts.last, "[UIKit 100.000000] delivery: withheld")
        DrawingDebug.clearLoggedLines()
    }
}
