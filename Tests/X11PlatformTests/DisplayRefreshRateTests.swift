import Foundation
import HeadlessXorg
@testable import X11Host
@testable import X11Platform
import X11TestSupport
import XCTest

/// The frame grid steps at the refresh rate RandR gives the window's monitor, as
/// `xrandr` reports it.
final class DisplayRefreshRateTests: XCTestCase {
    func testARatesTimingsGiveItsHertzAndBadTimingsNone() {
        // CEA 1080p60: 148.5 MHz, 2200 × 1125.
        XCTAssertEqual(DisplayRefreshRate.rate(dotClock: 148_500_000, horizontalTotal: 2200, verticalTotal: 1125, flags: 0)!,
                       60, accuracy: 1e-9)
        // Interlaced 1080i: 74.25 MHz over 2200 × 1125 lines sent as two fields is 60
        // fields a second, the rate xrandr shows for it.
        XCTAssertEqual(DisplayRefreshRate.rate(dotClock: 74_250_000, horizontalTotal: 2200, verticalTotal: 1125, flags: 0x10)!,
                       60, accuracy: 1e-9)
        // Double-scanned: each line twice, half the rate.
        XCTAssertEqual(DisplayRefreshRate.rate(dotClock: 148_500_000, horizontalTotal: 2200, verticalTotal: 1125, flags: 0x20)!,
                       30, accuracy: 1e-9)
        XCTAssertNil(DisplayRefreshRate.rate(dotClock: 0, horizontalTotal: 2200, verticalTotal: 1125, flags: 0))
        XCTAssertNil(DisplayRefreshRate.rate(dotClock: 1, horizontalTotal: 1, verticalTotal: 1, flags: 0), "a million hertz is no display")
    }

    func testTheHostsGridStepsAtTheRateXrandrReports() throws {
        try onMainActor {
            let (server, host) = try openHeadlessHost()
            defer { closeHeadlessHost(host) }
            // `xrandr` marks the current mode's rate with '*': "   1280x1024     60.02*+".
            let xrandr = Process()
            xrandr.executableURL = URL(fileURLWithPath: "/usr/bin/xrandr")
            xrandr.arguments = ["--display", server.display]
            let output = Pipe()
            xrandr.standardOutput = output
            try xrandr.run()
            let text = String(decoding: (try? output.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
            xrandr.waitUntilExit()
            let current = try XCTUnwrap(text.split(separator: " ").first { $0.contains("*") }, text)
            let hertz = try XCTUnwrap(Double(current.filter { $0.isNumber || $0 == "." }), String(current))
            XCTAssertEqual(1 / host.refreshInterval, hertz, accuracy: 0.01)
            XCTAssertEqual(hertz, Double(HeadlessXorg.refreshRate), accuracy: 0.01, "the headless screen refreshes as most displays do")
        }
    }
}
