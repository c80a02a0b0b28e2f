import CX11
import Foundation
import HeadlessXorg
import UIKit
@testable import X11Host
import XCTest

/// "Touch this screen": a kiosk with no monitor named, whose touchscreen spans two
/// monitors, shows the question on each and takes the one touched.
final class KioskMonitorChooserTests: XCTestCase {
    private let left = KioskScreenMonitor(name: "LEFT", x: 0, y: 0, width: 640, height: 1024)
    private let right = KioskScreenMonitor(name: "RIGHT", x: 640, y: 0, width: 640, height: 1024)

    // MARK: - Whether to ask (no server)

    @MainActor
    func testItAsksOnlyWhenNothingSaysWhichMonitorAndSeveralShow() async {
        XCTAssertEqual(KioskMonitorChooser.monitorsToOffer([left, right], named: nil, mappedTo: nil), [left, right])
        XCTAssertEqual(KioskMonitorChooser.monitorsToOffer([left, right], named: "RIGHT", mappedTo: nil), [])
        XCTAssertEqual(KioskMonitorChooser.monitorsToOffer([left, right], named: nil, mappedTo: right), [])
        XCTAssertEqual(KioskMonitorChooser.monitorsToOffer([left], named: nil, mappedTo: nil), [], "one monitor: nothing to ask")
        // An output's own monitor under two virtual halves: the halves are what shows.
        let whole = KioskScreenMonitor(name: "DUMMY0", x: 0, y: 0, width: 1280, height: 1024, isPrimary: true)
        XCTAssertEqual(KioskMonitorChooser.monitorsToOffer([whole, left, right], named: nil, mappedTo: nil), [left, right])
        XCTAssertEqual(KioskMonitorChooser.monitor(at: CGPoint(x: 639.5, y: 10), among: [left, right]), left)
        XCTAssertEqual(KioskMonitorChooser.monitor(at: CGPoint(x: 640, y: 10), among: [left, right]), right)
        XCTAssertNil(KioskMonitorChooser.monitor(at: CGPoint(x: 1280, y: 10), among: [left, right]))
    }

    // MARK: - On the headless server

    /// A finger on the right monitor's question: the kiosk goes there, the finger never
    /// reaches the app, and the next touch lands under the finger on that monitor.
    func testTheMonitorTouchedBecomesTheKiosks() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            try addTwoMonitorDesk(server)
            defer { removeHalves(server) }
            let (width, height) = server.screenSize
            let half = width / 2
            let display = server.display
            let touchscreen = server.touchscreen
            // The person: once a question shows on RIGHT, a tap in its middle. From a
            // thread of its own, as the kiosk waits on the main thread.
            let tapped = DispatchSemaphore(value: 0)
            Thread {
                defer { tapped.signal() }
                guard let probe = XOpenDisplay(display) else { return }
                defer { XCloseDisplay(probe) }
                let deadline = Date().addingTimeInterval(10)
                while Self.questionWindows(probe) < 2, Date() < deadline { usleep(5000) }
                let point = CGPoint(x: CGFloat(half + half / 2), y: CGFloat(height) / 2)
                try? touchscreen.touches([(8, .begin, point)])
                try? touchscreen.touches([(8, .end, point)])
            }.start()

            let host = try X11Host(options: X11Host.Options(display: display, kiosk: KioskConfiguration(idleTimeout: 0)))
            defer {
                host.close()
                host.connection.close()
            }
            XCTAssertEqual(tapped.wait(timeout: .now() + 10), .success)
            var lines: [String] = []
            host.log = { lines.append($0) }
            let recorder = BatchRecorder()
            host.addInputFilter(recorder)
            host.start()
            XCTAssertEqual(host.window.kiosk?.monitor.name, "RIGHT")
            XCTAssertEqual(host.size, CGSize(width: half, height: height))
            XCTAssertEqual(lines.first, "kiosk: a touchscreen spans LEFT, RIGHT; RIGHT was touched")

            // Mapped to RIGHT now: the device's (2x, y) is the window's (x, y).
            let inWindow = CGPoint(x: 100, y: 200)
            let onDevice = CGPoint(x: inWindow.x * 2, y: inWindow.y)
            try touchscreen.touches([(9, .begin, onDevice)])
            XCTAssertTrue(runLoop { recorder.batches.count == 1 })
            try touchscreen.touches([(9, .end, onDevice)])
            XCTAssertTrue(runLoop { recorder.batches.count == 2 })
            XCTAssertEqual(recorder.batches.map { $0.map(\.phase) }, [[.began], [.ended]],
                           "only this touch: the question's never reached the app")
            let began = try XCTUnwrap(recorder.batches.first?.first)
            XCTAssertEqual(began.location.x, inWindow.x, accuracy: 0.5)
            XCTAssertEqual(began.location.y, inWindow.y, accuracy: 0.5)
            XCTAssertEqual(Self.questionWindows(host.connection.display), 0, "the questions are gone")
        }
    }

    /// The question at 640×480 and 1920×1080, for a person to look at: large, centred,
    /// never under 13 points (checked by the text's pixels: the headline's ink spans a
    /// good part of the width).
    @MainActor
    func testTheQuestionIsLegibleOnSmallAndLargeMonitors() async throws {
        for (width, height) in [(640, 480), (1920, 1080)] {
            let monitor = KioskScreenMonitor(name: "M", x: 0, y: 0, width: width, height: height)
            let image = KioskMonitorChooser.picture(for: monitor, appName: "Touch Sandbox").makeImage()
            // The headline's row: white ink between a fifth and four fifths of the width.
            let headlineRow = height / 2 + Int(max(13, min(CGFloat(width) / 14, CGFloat(height) / 7)) * 0.2) - 8
            let inked = (0..<width).filter { x in image.pixel(x: x, y: headlineRow).red > 200 }
            XCTAssertGreaterThan(inked.count, width / 20, "\(width)×\(height): the headline is drawn")
            XCTAssertGreaterThan(inked.min() ?? 0, width / 10, "\(width)×\(height): centred")
            XCTAssertLessThan(inked.max() ?? width, width - width / 10)
        }
    }

    /// How many of the chooser's windows are mapped (by their title).
    private static func questionWindows(_ display: OpaquePointer) -> Int {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, XDefaultRootWindow(display), &root, &parent, &children, &count) != 0,
              let children else { return 0 }
        defer { XFree(children) }
        return (0..<Int(count)).filter { index in
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(display, children[index], &attributes) != 0, attributes.map_state == IsViewable else {
                return false
            }
            var name: UnsafeMutablePointer<CChar>?
            guard XFetchName(display, children[index], &name) != 0, let name else { return false }
            defer { XFree(name) }
            return String(cString: name).hasSuffix("touch this screen")
        }.count
    }
}
