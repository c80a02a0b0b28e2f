import X11Host
import X11TestSupport
import XCTest

/// `TOUCH_KIOSK`'s words.
final class KioskConfigurationTests: XCTestCase {
    func testWordsSetTheMonitorTheIdleTimeoutTheExitAndTheCursor() throws {
        XCTAssertEqual(try KioskConfiguration(parsing: "1"), KioskConfiguration())
        XCTAssertEqual(try KioskConfiguration(parsing: "monitor=HDMI-1, idle=90,exit=Corner,cursor"),
                       KioskConfiguration(monitor: "HDMI-1", idleTimeout: 90, exitGesture: .corner, showsCursor: true))
        XCTAssertEqual(try KioskConfiguration(parsing: "on,idle=0")?.idleTimeout, 0)
        XCTAssertEqual(try KioskConfiguration(parsing: "idle=60,attract=/srv/kiosk/tour.touches")?.attractTour,
                       URL(fileURLWithPath: "/srv/kiosk/tour.touches"))
        for off in ["", "0", "off", " , "] {
            XCTAssertNil(try KioskConfiguration(parsing: off), off)
        }
        XCTAssertNil(try KioskConfiguration(environment: [:]))
    }

    func testAWordItDoesNotKnowIsOneLine() {
        let cases: [(String, String)] = [
            ("fullscreen", "TOUCH_KIOSK: 'fullscreen' is not understood; use a comma-separated list of: on, monitor=NAME (or primary), idle=SECONDS, exit=hold|corner|both, cursor, attract=FILE"),
            ("idle=-5", "TOUCH_KIOSK: 'idle=-5' is not understood: idle takes seconds, 0 (never) to 86400 (a day)"),
            ("idle=1e300", "TOUCH_KIOSK: 'idle=1e300' is not understood: idle takes seconds, 0 (never) to 86400 (a day)"),
            ("exit=swipe", "TOUCH_KIOSK: 'exit=swipe' is not understood: exit takes hold, corner or both"),
            ("monitor=", "TOUCH_KIOSK: 'monitor=' is not understood; use a comma-separated list of: on, monitor=NAME (or primary), idle=SECONDS, exit=hold|corner|both, cursor, attract=FILE"),
        ]
        for (value, message) in cases {
            XCTAssertThrowsError(try KioskConfiguration(parsing: value)) { XCTAssertEqual("\($0)", message, value) }
        }
    }

    /// A bare "=" split into nothing and crashed every app at launch (exit 132).
    func testABareEqualsSignAndAWordWithANewlineAreOneLineNotACrash() {
        let unknown = "is not understood; use a comma-separated list of: on, monitor=NAME (or primary), idle=SECONDS, exit=hold|corner|both, cursor, attract=FILE"
        let cases: [(String, String)] = [
            ("=", "TOUCH_KIOSK: '=' \(unknown)"),
            ("on,=", "TOUCH_KIOSK: '=' \(unknown)"),
            ("==", "TOUCH_KIOSK: '==' \(unknown)"),
            ("monitor=DP-1,=", "TOUCH_KIOSK: '=' \(unknown)"),
            ("=primary", "TOUCH_KIOSK: '=primary' \(unknown)"),
            ("idle=5\nexit=hold", "TOUCH_KIOSK: 'idle=5\\nexit=hold' is not understood: idle takes seconds, 0 (never) to 86400 (a day)"),
        ]
        for (value, message) in cases {
            XCTAssertThrowsError(try KioskConfiguration(parsing: value)) { XCTAssertEqual("\($0)", message, value) }
        }
    }
}
