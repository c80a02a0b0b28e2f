import Foundation
import X11Host
import X11TestSupport
import XCTest

/// Which monitor a kiosk takes, decided without a server: named, mapped, asked (only
/// when a touchscreen reaches into several monitors a person sees), else the primary;
/// and which monitor a touched point is on.
final class KioskMonitorChoiceTests: XCTestCase {
    private let left = KioskScreenMonitor(name: "LEFT", x: 0, y: 0, width: 640, height: 1024)
    private let right = KioskScreenMonitor(name: "RIGHT", x: 640, y: 0, width: 640, height: 1024)
    private let third = KioskScreenMonitor(name: "THIRD", x: 1280, y: 0, width: 1920, height: 1080)

    func testANamedMonitorIsTakenAsNamedWhateverTheTouchscreenSpans() {
        XCTAssertEqual(KioskMonitorChoice(named: "RIGHT", mapped: left, spanned: [left, right]), .named("RIGHT"))
        XCTAssertEqual(KioskMonitorChoice(named: "primary", mapped: nil, spanned: [left, right]), .named("primary"))
        XCTAssertEqual(KioskMonitorChoice.named("primary").monitorName, "primary")
    }

    func testAMappedTouchscreensMonitorIsTakenWithoutAsking() {
        XCTAssertEqual(KioskMonitorChoice(named: nil, mapped: right, spanned: [right]), .mapped(right))
        XCTAssertEqual(KioskMonitorChoice.mapped(right).monitorName, "RIGHT")
    }

    func testAPersonIsAskedOnlyWhenTheTouchscreenReachesSeveralMonitors() {
        XCTAssertEqual(KioskMonitorChoice(named: nil, mapped: nil, spanned: [left, right]), .ask([left, right]))
        XCTAssertEqual(KioskMonitorChoice(named: nil, mapped: nil, spanned: [left, right, third]), .ask([left, right, third]))
        XCTAssertNil(KioskMonitorChoice.ask([left, right]).monitorName, "undecided until touched")
        XCTAssertEqual(KioskMonitorChoice(named: nil, mapped: nil, spanned: [left]), .primary, "one monitor: nothing to ask")
        XCTAssertEqual(KioskMonitorChoice(named: nil, mapped: nil, spanned: []), .primary, "no touchscreen: nothing to ask")
        XCTAssertNil(KioskMonitorChoice.primary.monitorName)
    }

    /// An output's own monitor under two virtual halves (`xrandr --setmonitor … none`):
    /// the halves are what a person sees, so only they are offered.
    func testAMonitorHoldingOthersIsNotOffered() {
        let whole = KioskScreenMonitor(name: "DUMMY0", x: 0, y: 0, width: 1280, height: 1024, isPrimary: true)
        XCTAssertEqual(KioskMonitorChoice(named: nil, mapped: nil, spanned: [whole, left, right]), .ask([left, right]))
        XCTAssertEqual(KioskMonitorChoice(named: nil, mapped: nil, spanned: [whole, left]), .primary)
    }

    func testAPointIsOnTheMonitorWhoseRectangleHoldsItLeftAndTopEdgesIncluded() {
        let monitors = [left, right, third]
        XCTAssertEqual(KioskMonitorChoice.monitor(at: CGPoint(x: 0, y: 0), among: monitors), left)
        XCTAssertEqual(KioskMonitorChoice.monitor(at: CGPoint(x: 639.5, y: 1023.5), among: monitors), left)
        XCTAssertEqual(KioskMonitorChoice.monitor(at: CGPoint(x: 640, y: 10), among: monitors), right)
        XCTAssertEqual(KioskMonitorChoice.monitor(at: CGPoint(x: 1280, y: 1079), among: monitors), third)
        XCTAssertNil(KioskMonitorChoice.monitor(at: CGPoint(x: 700, y: 1050), among: monitors), "below RIGHT: on none")
        XCTAssertNil(KioskMonitorChoice.monitor(at: CGPoint(x: 3200, y: 10), among: monitors))
        XCTAssertNil(KioskMonitorChoice.monitor(at: CGPoint(x: -1, y: 10), among: monitors))
    }
}
