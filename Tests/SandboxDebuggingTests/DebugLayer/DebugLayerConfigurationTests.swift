import SandboxDebugging
import XCTest

/// `TOUCH_DEBUG` turns the layer on with the tools it names, or off; a word it does not
/// know is one error naming it and every valid word.
final class DebugLayerConfigurationTests: XCTestCase {
    func testWordsNameToolsAndSwitches() throws {
        XCTAssertEqual(try DebugLayerConfiguration(parsing: "spots,hit-views,gestures"),
                       DebugLayerConfiguration(tools: [.spots, .hitViews, .gestures]))
        XCTAssertEqual(try DebugLayerConfiguration(parsing: " Toolbar , SLOW,no-handle "),
                       DebugLayerConfiguration(tools: [.slow], showsToolbar: true, showsHandle: false))
        XCTAssertEqual(try DebugLayerConfiguration(parsing: "all")?.tools, Set(DebugTool.overlays))
        XCTAssertEqual(try DebugLayerConfiguration(parsing: "on"), DebugLayerConfiguration())
        XCTAssertEqual(try DebugLayerConfiguration(parsing: "1"), DebugLayerConfiguration())
    }

    func testOffZeroEmptyAndUnsetMeanNoLayer() throws {
        for value in ["off", "0", "", " , "] {
            XCTAssertNil(try DebugLayerConfiguration(parsing: value), value)
        }
        XCTAssertNil(try DebugLayerConfiguration(environment: [:]))
        XCTAssertEqual(try DebugLayerConfiguration(environment: ["TOUCH_DEBUG": "meter"])?.tools, [.meter])
    }

    func testAnUnknownWordIsOneLineNamingItAndTheValidWords() {
        XCTAssertThrowsError(try DebugLayerConfiguration(parsing: "spots,sparkles")) { error in
            XCTAssertEqual("\(error)", "TOUCH_DEBUG: unknown word 'sparkles'; use a comma-separated list of: on, off, all, "
                + "toolbar, no-handle, spots, hit-views, why, inspect, frames, paths, gestures, meter, slow, freeze, timeline, trace, help")
        }
        XCTAssertThrowsError(try DebugLayerConfiguration(parsing: "screenshot"), "a command, not a state")
        XCTAssertThrowsError(try DebugLayerConfiguration(parsing: "spots\nmeter,\u{1B}[2J")) { error in
            XCTAssertTrue("\(error)".hasPrefix(#"TOUCH_DEBUG: unknown word 'spots\nmeter'; use"#), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }
}
