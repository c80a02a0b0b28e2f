import CX11
import Foundation
import UIKit
import X11TestSupport
import XCTest
@testable import X11Host
@testable import X11Platform

/// Scrolling from hand-built XI2 events: legacy wheel buttons, the emulated ones that
/// must be ignored, and smooth scroll valuators.
///
/// Sources: the XI 2.1 protocol ("XI2proto.txt", smooth scrolling: scroll valuators
/// report absolute values, a scroll class's increment is one unit of scrolling, and
/// button 4–7 events emulated from them are flagged `XIPointerEmulated`); the X11
/// convention of buttons 4/5/6/7 as up/down/left/right; Shift turning a wheel sideways
/// as GTK does.
final class XI2ScrollTranslatorTests: XCTestCase {
    private let now: UInt64 = 5_000_000

    /// A touchpad-like device 9: vertical scrolling on axis 2 (15 per click), horizontal
    /// on axis 3 (inverted, −15 per click).
    private static let touchpadAxes = [
        XI2ScrollTranslator.Axis(number: 2, direction: .vertical, increment: 15),
        XI2ScrollTranslator.Axis(number: 3, direction: .horizontal, increment: -15),
    ]

    /// Translates a pointer event from device `device` at (40, 60) window pixels whose
    /// valuator mask carries exactly `valuators` (axis → value, packed in axis order).
    private func translate(_ translator: inout XI2ScrollTranslator, _ type: Int32, detail: Int32 = 0,
                           device: Int32 = 9, flags: Int32 = 0, modifiers: Int32 = 0,
                           valuators: [Int: Double] = [:], time: UInt = 5_000_000) -> ScrollSample? {
        withDeviceEvent(type, detail: detail, device: device, x: 40, y: 60, flags: flags, modifiers: modifiers,
                        valuators: valuators, time: time) { translator.translate($0, now: now) }
    }

    private func clicks(_ dx: CGFloat, _ dy: CGFloat, at time: TimeInterval = 5000, scale: CGFloat = 1) -> ScrollSample {
        ScrollSample(location: CGPoint(x: 40 / scale, y: 60 / scale), delta: CGVector(dx: dx, dy: dy), unit: .clicks,
                     timestamp: time)
    }

    /// A wheel without scroll valuators: each press of 4, 5, 6, 7 is one click up, down,
    /// left, right; releases and other buttons are not scrolls.
    func testEachLegacyWheelPressIsOneClick() {
        var translator = XI2ScrollTranslator()
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 4), clicks(0, -1))
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 5, time: 5_000_010), clicks(0, 1, at: 5000.01))
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 6), clicks(-1, 0))
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 7), clicks(1, 0))
        XCTAssertNil(translate(&translator, XI_ButtonRelease, detail: 5))
        XCTAssertNil(translate(&translator, XI_ButtonPress, detail: 1))
        XCTAssertNil(translate(&translator, XI_ButtonPress, detail: 8), "back: not a scroll")
    }

    /// A smooth-scrolling device also sends emulated wheel presses for old clients:
    /// those are ignored, the valuator motion alone counts.
    func testEmulatedWheelPressesAreIgnored() {
        var translator = XI2ScrollTranslator()
        translator.setAxes(Self.touchpadAxes, values: [2: 100, 3: 0], ofDevice: 9)
        XCTAssertNil(translate(&translator, XI_ButtonPress, detail: 5, flags: Int32(XIPointerEmulated)))
        XCTAssertEqual(translate(&translator, XI_Motion, valuators: [0: 1, 1: 1, 2: 115]), clicks(0, 1))
    }

    /// A legacy driver's wheel on a device with scroll valuators: the press is the real
    /// event and the valuator motion the emulated one, ignored; it still moves the
    /// reading a later real motion is measured from.
    func testEmulatedValuatorMotionIsIgnoredButKeepsTheReading() {
        var translator = XI2ScrollTranslator()
        translator.setAxes(Self.touchpadAxes, values: [2: 100, 3: 0], ofDevice: 9)
        let emulated = Int32(XIPointerEmulated)
        XCTAssertNil(translate(&translator, XI_Motion, flags: emulated, valuators: [2: 115]))
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 5), clicks(0, 1))
        XCTAssertEqual(translate(&translator, XI_Motion, valuators: [2: 122.5]), clicks(0, 0.5))
    }

    /// Smooth scrolling: the change of each axis since its last reading over its
    /// increment, in fractions of a click, both axes at once; an inverted increment
    /// turns the sign; a motion that leaves the axes alone is no scroll.
    func testSmoothValuatorDeltasAreClicksByTheIncrement() {
        var translator = XI2ScrollTranslator(scale: 2)
        translator.setAxes(Self.touchpadAxes, values: [2: 100, 3: 0], ofDevice: 9)
        XCTAssertEqual(translate(&translator, XI_Motion, valuators: [2: 103]), clicks(0, 0.2, scale: 2))
        XCTAssertEqual(translate(&translator, XI_Motion, valuators: [2: 97, 3: 7.5]), clicks(-0.5, -0.4, scale: 2))
        XCTAssertNil(translate(&translator, XI_Motion, valuators: [0: 5, 1: 5]), "the pointer moved, nothing scrolled")
        XCTAssertNil(translate(&translator, XI_Motion, valuators: [2: 97]), "the same reading again")
        XCTAssertNil(translate(&translator, XI_Motion, device: 11, valuators: [2: 50]), "a device with no scroll axes")
    }

    /// Without a known value (a device learnt without one, or learnt again so), the first
    /// reading is only where to measure from.
    func testTheFirstReadingWithoutABaselineOnlySetsIt() {
        var translator = XI2ScrollTranslator()
        translator.setAxes(Self.touchpadAxes, values: [:], ofDevice: 9)
        XCTAssertNil(translate(&translator, XI_Motion, valuators: [2: 4000]))
        XCTAssertEqual(translate(&translator, XI_Motion, valuators: [2: 4030]), clicks(0, 2))
        translator.setAxes(Self.touchpadAxes, values: [:], ofDevice: 9)
        XCTAssertNil(translate(&translator, XI_Motion, valuators: [2: 9000]))
        XCTAssertEqual(translate(&translator, XI_Motion, valuators: [2: 8985]), clicks(0, -1))
    }

    /// Shift turns a vertical scroll sideways, from a wheel or a touchpad; a scroll
    /// that already goes sideways keeps its way.
    func testShiftTurnsAVerticalScrollSideways() {
        var translator = XI2ScrollTranslator()
        let shift = Int32(ShiftMask)
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 5, modifiers: shift), clicks(1, 0))
        translator.setAxes(Self.touchpadAxes, values: [2: 0, 3: 0], ofDevice: 9)
        XCTAssertEqual(translate(&translator, XI_Motion, modifiers: shift, valuators: [2: -15]), clicks(-1, 0))
        XCTAssertEqual(translate(&translator, XI_Motion, modifiers: shift, valuators: [2: -30, 3: -15]), clicks(1, -1))
    }

    /// An axis whose increment is 0 (or not finite) measures nothing: it is left out.
    func testAnAxisWithoutAnIncrementIsLeftOut() {
        var translator = XI2ScrollTranslator()
        translator.setAxes([.init(number: 2, direction: .vertical, increment: 0)], values: [2: 0], ofDevice: 9)
        XCTAssertFalse(translator.hasScrollValuators(9))
        XCTAssertNil(translate(&translator, XI_Motion, valuators: [2: 15]))
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 4), clicks(0, -1), "its legacy presses count")
    }
}
