import CoreGraphics
import Logging
import Synchronization
import XCTest

/// Every line a handler was given, with its level and metadata.
final class CapturedLog: Sendable {
    struct Event: Equatable, Sendable {
        var label: String
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata
    }

    private let storage = Mutex<(events: [Event], lines: [String])>(([], []))

    var events: [Event] { storage.withLock { $0.events } }
    var lines: [String] { storage.withLock { $0.lines } }

    /// A handler for `label` that keeps each event as data and as its line in the one format.
    func handler(label: String) -> any LogHandler {
        Recorder(label: label, log: self)
    }

    private struct Recorder: LogHandler {
        let label: String
        let log: CapturedLog
        var logLevel = Logger.Level.trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let line = Mutex<String?>(nil)
            TouchLogHandler(label: label, write: { text in line.withLock { $0 = text } }).log(event: event)
            let written = line.withLock { $0 } ?? ""
            log.storage.withLock {
                $0.events.append(Event(label: label, level: event.level, message: "\(event.message)",
                                       metadata: event.metadata ?? [:]))
                $0.lines.append(written)
            }
        }
    }
}

final class TouchLoggingTests: XCTestCase {
    private var captured = CapturedLog()

    override func setUp() {
        captured = CapturedLog()
        let captured = captured
        TouchLogging.destination = .handler { captured.handler(label: $0) }
        TouchLogging.levels = nil
        DrawingDebug.isLoggingEnabled = true
        DrawingDebug.echoesToStandardError = true
        DrawingDebug.clearLoggedLines()
    }

    override func tearDown() {
        DrawingDebug.isLoggingEnabled = false
        DrawingDebug.clearLoggedLines()
        TouchLogging.destination = .standardError
        TouchLogging.levels = TouchLogging.environmentLevels
    }

    // MARK: - The format

    func testTheOneLineFormat() {
        XCTAssertEqual(TouchLogging.line(label: "UIKit", time: 100.5, category: "input", message: "m"),
                       "[UIKit 100.500000] input: m")
        XCTAssertEqual(TouchLogging.line(label: "App", time: 0.0000004, category: nil, message: "no category"),
                       "[App 0.000000] no category")
        XCTAssertEqual(TouchLogging.line(label: "App", time: 2, category: "net", message: "m",
                                         metadata: ["zeta": "1", "alpha": "two words"]),
                       "[App 2.000000] net: m alpha=two words zeta=1", "other metadata after the message, by key")
        let record = DebugLogRecord(label: "QuartzCore", category: "animation", level: .warning, time: 12.345678,
                                    message: "bad")
        XCTAssertEqual(record.line, "[QuartzCore 12.345678] animation: bad")
    }

    func testALineTakesApartIntoLabelTimeAndText() throws {
        let parts = try XCTUnwrap(TouchLogging.parts(of: "[UIKit 100.500000] input: m k=v"))
        XCTAssertEqual(parts.label, "UIKit")
        XCTAssertEqual(parts.time, 100.5)
        XCTAssertEqual(parts.text, "input: m k=v")
        let spaced = try XCTUnwrap(TouchLogging.parts(of: "[My App 2.000000] no category"))
        XCTAssertEqual([spaced.label, spaced.text], ["My App", "no category"])
        for notALine in ["", "UIKit 1.000000] m", "[UIKit 1.0] m", "[UIKit] m", "[UIKit 1.000000]m", "[UIKit x.000000] m"] {
            XCTAssertNil(TouchLogging.parts(of: notALine), notALine)
        }
    }

    func testTheHandlerPrintsMediaTimeAndCategoryFromMetadataAndTheRestAfter() {
        let written = Mutex<[String]>([])
        var handler = TouchLogHandler(label: "App", logLevel: .debug, clock: { 7 }, write: { line in
            written.withLock { $0.append(line) }
        })
        handler[metadataKey: "request"] = "r1"
        var logger = Logger(label: "App", factory: { _ in handler })
        logger.logLevel = .debug
        logger.info("plain")
        logger.debug("timed", metadata: [TouchLogging.mediaTimeKey: "100.25", TouchLogging.categoryKey: "net",
                                         "request": "r2"])
        logger.trace("below the level")
        struct Failure: Error, CustomStringConvertible { var description: String { "boom" } }
        logger.error("failed", error: Failure())
        XCTAssertEqual(written.withLock { $0 }, [
            "[App 7.000000] plain request=r1",
            "[App 100.250000] net: timed request=r2",
            "[App 7.000000] failed error=boom request=r1",
        ])
    }

    func testTheHandlersLevelStartsFromTheLevelsOrInfo() {
        XCTAssertEqual(TouchLogHandler.standardError(label: "UIKit").logLevel, .info)
        TouchLogging.levels = TouchLogLevels(.warning, overrides: ["UIKit": .debug])
        XCTAssertEqual(TouchLogHandler.standardError(label: "UIKit").logLevel, .debug)
        XCTAssertEqual(TouchLogHandler.standardError(label: "App").logLevel, .warning)
    }

    // MARK: - Levels

    func testParsingTouchLogLevel() {
        XCTAssertEqual(TouchLogLevels.parse("debug").levels, TouchLogLevels(.debug))
        XCTAssertEqual(TouchLogLevels.parse(" Warning , gestures=debug,UIKit.delivery = trace").levels,
                       TouchLogLevels(.warning, overrides: ["gestures": .debug, "UIKit.delivery": .trace]))
        XCTAssertEqual(TouchLogLevels.parse("QuartzCore=error").levels,
                       TouchLogLevels(.info, overrides: ["QuartzCore": .error]), "info for the rest")
        let (levels, problems) = TouchLogLevels.parse("verbose,=debug,notice")
        XCTAssertEqual(levels, TouchLogLevels(.notice))
        XCTAssertEqual(problems, [
            "'verbose' is not a level (trace, debug, info, notice, warning, error, critical); 'verbose' ignored",
            "'=debug' names no subsystem or category; ignored",
        ])
        XCTAssertNil(TouchLogLevels.parse("").levels)
        XCTAssertNil(TouchLogLevels.parse(" , ").levels)
    }

    func testTheMostSpecificLevelWins() {
        let levels = TouchLogLevels(.warning, overrides: ["UIKit": .info, "gestures": .debug, "UIKit.delivery": .trace])
        XCTAssertEqual(levels.threshold(label: "UIKit", category: "delivery"), .trace)
        XCTAssertEqual(levels.threshold(label: "UIKit", category: "gestures"), .debug)
        XCTAssertEqual(levels.threshold(label: "UIKit", category: "input"), .info)
        XCTAssertEqual(levels.threshold(label: "QuartzCore", category: "animation"), .warning)
        XCTAssertEqual(levels.threshold(label: "QuartzCore", category: "delivery"), .warning,
                       "UIKit.delivery is UIKit's only")
        XCTAssertTrue(levels.admits(.notice, label: "UIKit", category: "input"))
        XCTAssertFalse(levels.admits(.debug, label: "UIKit", category: "input"))
    }

    // MARK: - A debug log through swift-log

    func testDrawingPrintsInTheOneFormatWithItsCategoryAsMetadata() {
        DrawingDebug.log("no engine")
        XCTAssertEqual(DrawingDebug.loggedLines.map { TouchLogging.parts(of: $0)?.text }, ["drawing: no engine"], "kept as printed")
        XCTAssertEqual(DrawingDebug.loggedLines.map { TouchLogging.parts(of: $0)?.label }, ["CoreGraphics"])
        XCTAssertEqual(captured.events.count, 1)
        let event = captured.events[0]
        XCTAssertEqual(event.label, "CoreGraphics")
        XCTAssertEqual(event.level, .warning)
        XCTAssertEqual(event.message, "no engine")
        XCTAssertEqual(event.metadata[TouchLogging.categoryKey], "drawing")
        XCTAssertNotNil(event.metadata[TouchLogging.mediaTimeKey].flatMap { Double("\($0)") })
        let line = captured.lines[0]
        XCTAssertTrue(line.hasPrefix("[CoreGraphics "), line)
        XCTAssertTrue(line.hasSuffix("] drawing: no engine"), line)
    }

    func testLevelsFilterWhatIsPrintedNeverWhatIsKept() {
        TouchLogging.levels = TouchLogLevels(.error)
        DrawingDebug.log("a warning")
        XCTAssertEqual(captured.events, [])
        XCTAssertEqual(DrawingDebug.loggedLines.map { TouchLogging.parts(of: $0)?.text }, ["drawing: a warning"])
        TouchLogging.levels = TouchLogLevels(.error, overrides: ["drawing": .warning])
        DrawingDebug.log("another")
        XCTAssertEqual(captured.events.map(\.message), ["another"])
    }

    func testNothingIsPrintedWithTheEchoOffAndNothingBuiltWithTheSwitchOff() {
        DrawingDebug.echoesToStandardError = false
        DrawingDebug.log("kept only")
        XCTAssertEqual(captured.events, [])
        XCTAssertEqual(DrawingDebug.loggedLines.map { TouchLogging.parts(of: $0)?.text }, ["drawing: kept only"])
        DrawingDebug.isLoggingEnabled = false
        DrawingDebug.echoesToStandardError = true
        nonisolated(unsafe) var built = false
        DrawingDebug.log({ built = true; return "never" }())
        XCTAssertFalse(built)
        XCTAssertEqual(captured.events, [])
    }

    func testAChangeOfDestinationTakesEffectAtTheNextLine() {
        DrawingDebug.log("first")
        let other = CapturedLog()
        TouchLogging.destination = .handler { other.handler(label: $0) }
        DrawingDebug.log("second")
        XCTAssertEqual(captured.events.map(\.message), ["first"])
        XCTAssertEqual(other.events.map(\.message), ["second"])
    }

    func testAPlainDebugLogPrintsItsLinesAsInfoOfItsLabel() {
        let log = DebugLog<Int>(label: "Counter", retainedLimit: 2, echoesToStandardError: true) { "#\($0)" }
        log.append(3)
        XCTAssertEqual(captured.events.map(\.label), ["Counter"])
        XCTAssertEqual(captured.events.map(\.level), [.info])
        XCTAssertEqual(captured.events.map(\.message), ["#3"])
        XCTAssertNil(captured.events[0].metadata[TouchLogging.categoryKey])
    }
}
