@testable import TouchSandbox
import UIKit
import XCTest

/// The switches scene: taps and drags on a settings card's switches, the event line,
/// and Airplane mode turning the radios off in code (which reports nothing) and locking
/// them.
final class SwitchesSceneTests: ListingTestCase {
    private var scene: SwitchesScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = show(SwitchesScene.self)
    }

    private func toggle(_ row: SwitchesScene.Row) -> UISwitch {
        scene.switches[row]!
    }

    /// The middle of a row's switch, in the window.
    private func middle(_ row: SwitchesScene.Row) -> CGPoint {
        let toggle = toggle(row)
        return toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: nil)
    }

    private func tap(_ row: SwitchesScene.Row) {
        injector.tap(at: middle(row))
        advance(1)  // The next tap is a new sequence; the toggle's animation runs out.
    }

    private var states: [Bool] {
        SwitchesScene.Row.allCases.map { toggle($0).isOn }
    }

    func testTheCardStartsWithWiFiOnAndNothingReported() async {
        XCTAssertEqual(states, [true, false, false])
        XCTAssertTrue(SwitchesScene.Row.allCases.allSatisfy { toggle($0).isEnabled })
        XCTAssertEqual(scene.eventLine.text, "the latest touch's control events show here")
        XCTAssertEqual(scene.countLine.text, "valueChanged: Wi-Fi 0 \u{B7} Bluetooth 0 \u{B7} Airplane mode 0")
    }

    func testATapTurnsBluetoothOnAndTheLineListsItsEvents() async {
        tap(.bluetooth)
        XCTAssertEqual(states, [true, true, false])
        XCTAssertEqual(scene.eventLine.text, "Bluetooth: touchDown \u{B7} valueChanged (on) \u{B7} touchUpInside")
        XCTAssertEqual(scene.countLine.text, "valueChanged: Wi-Fi 0 \u{B7} Bluetooth 1 \u{B7} Airplane mode 0")
    }

    /// Dragged left across the middle, Wi-Fi goes off before the finger lifts.
    func testDraggingWiFisThumbLeftTurnsItOffBeforeTheLift() async {
        let wifi = toggle(.wifi)
        let thumb = wifi.convert(CGPoint(x: 35.5, y: 15.5), to: nil)
        let id = injector.touchDown(at: thumb)
        for step in 1...3 {
            injector.wait(0.05)
            injector.move(id, to: CGPoint(x: thumb.x - 10 * CGFloat(step), y: thumb.y))
        }
        XCTAssertFalse(wifi.isOn, "off while the finger is still down")
        XCTAssertEqual(scene.eventLine.text, "Wi-Fi: touchDown \u{B7} valueChanged (off)")
        injector.touchUp(id, at: CGPoint(x: thumb.x - 30, y: thumb.y))
        XCTAssertEqual(states, [false, false, false])
        XCTAssertEqual(scene.eventLine.text, "Wi-Fi: touchDown \u{B7} valueChanged (off) \u{B7} touchUpInside")
    }

    /// Back and forth: each crossing is reported; the line keeps the first and the last
    /// two events, and the count has them all.
    func testADragBackAndForthReportsEachCrossing() async {
        let wifi = toggle(.wifi)
        let thumb = wifi.convert(CGPoint(x: 35.5, y: 15.5), to: nil)
        let id = injector.touchDown(at: thumb)
        for x in [-30.0, 0, -30, 0] {
            injector.wait(0.05)
            injector.move(id, to: CGPoint(x: thumb.x + x, y: thumb.y))
        }
        injector.touchUp(id, at: thumb)
        XCTAssertEqual(states, [true, false, false])
        XCTAssertEqual(scene.eventLine.text, "Wi-Fi: touchDown \u{B7} \u{2026} \u{B7} valueChanged (on) \u{B7} touchUpInside")
        XCTAssertEqual(scene.countLine.text, "valueChanged: Wi-Fi 4 \u{B7} Bluetooth 0 \u{B7} Airplane mode 0")
    }

    /// Airplane mode turns the radios off in code: they send no `valueChanged`, and are
    /// disabled until it is off again; then they stay off, and can be touched.
    func testAirplaneModeTurnsTheRadiosOffQuietlyAndLocksThem() async {
        tap(.bluetooth)
        tap(.airplane)
        XCTAssertEqual(states, [false, false, true])
        XCTAssertEqual(SwitchesScene.Row.allCases.map { toggle($0).isEnabled }, [false, false, true])
        XCTAssertEqual(scene.countLine.text, "valueChanged: Wi-Fi 0 \u{B7} Bluetooth 1 \u{B7} Airplane mode 1")
        tap(.bluetooth)
        XCTAssertEqual(states, [false, false, true], "a disabled switch ignores the tap")
        XCTAssertEqual(scene.eventLine.text, "Airplane mode: touchDown \u{B7} valueChanged (on) \u{B7} touchUpInside")
        tap(.airplane)
        XCTAssertEqual(states, [false, false, false])
        XCTAssertTrue(SwitchesScene.Row.allCases.allSatisfy { toggle($0).isEnabled })
        tap(.wifi)
        XCTAssertEqual(states, [true, false, false])
    }

    /// A resize rebuilds the card with the switches as they were.
    func testAResizeKeepsTheStates() async {
        tap(.bluetooth)
        tap(.airplane)
        present(scene, size: CGSize(width: 640, height: 480))
        XCTAssertEqual(states, [false, false, true])
        XCTAssertEqual(SwitchesScene.Row.allCases.map { toggle($0).isEnabled }, [false, false, true])
        XCTAssertEqual(scene.countLine.text, "valueChanged: Wi-Fi 0 \u{B7} Bluetooth 1 \u{B7} Airplane mode 1")
    }

    /// At every supported size the card and its lines fit the clear area, rows are at
    /// least 44 points high, and each switch sits in its row, right-aligned.
    func testTheCardFitsEverySupportedWindow() async {
        for size in Self.supportedSizes {
            let scene = show(SwitchesScene.self, size: size)
            assertStageFitsClearArea(scene)
            XCTAssertGreaterThanOrEqual(SwitchesScene.rowHeight, 44)
            for row in SwitchesScene.Row.allCases {
                let frame = scene.switches[row]!.frame
                XCTAssertEqual(frame.maxX, scene.card.bounds.width - 16, "\(size)")
                XCTAssertEqual(frame.midY, SwitchesScene.rowHeight * (CGFloat(row.rawValue) + 0.5), "\(size)")
            }
        }
    }
}
