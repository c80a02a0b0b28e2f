import CX11
import Foundation
import UIKit
import X11TestSupport
import XCTest
@testable import X11Host
@testable import X11Platform
import TouchTestSupport

/// The XI2-to-sample translation, fed hand-built `XIDeviceEvent` values.
final class XI2InputTranslatorTests: XCTestCase {
    private let now: UInt64 = 5_000_000  // the local monotonic clock, ms

    /// An XIDeviceEvent as the server would send it; `axes` are the valuator-mask bits
    /// (each axis set reads 0), nil for no mask.
    private func event(_ type: Int32, detail: Int32, x: Double, y: Double, device: Int32 = 6, time: UInt = 5_000_000,
                       flags: Int32 = 0, axes: UInt8? = 0b11, modifiers: Int32 = 0,
                       _ body: (XIDeviceEvent) -> Void) {
        let valuators = axes.map { bits in
            Dictionary(uniqueKeysWithValues: (0..<8).filter { bits & (1 << $0) != 0 }.map { ($0, 0.0) })
        }
        withDeviceEvent(type, detail: detail, device: device, x: x, y: y, flags: flags, modifiers: modifiers,
                        valuators: valuators, time: time, body)
    }

    /// Translates one event. A begin is followed by the `TouchOwnership` event the server
    /// sends at once to a touch's initial owner, unless `owned` is false (another
    /// client's grab holds the touch).
    private func translate(_ translator: inout XI2InputTranslator, _ type: Int32, detail: Int32, x: Double, y: Double,
                           device: Int32 = 6, time: UInt = 5_000_000, flags: Int32 = 0, axes: UInt8? = 0b11,
                           modifiers: Int32 = 0, owned: Bool = true) -> [TouchSample] {
        var result: [TouchSample] = []
        event(type, detail: detail, x: x, y: y, device: device, time: time, flags: flags, axes: axes,
              modifiers: modifiers) { result = translator.translate($0, now: now) }
        if type == XI_TouchBegin, owned {
            own(&translator, detail: detail, device: device)
        }
        return result
    }

    /// A `TouchOwnership` event for a touch.
    private func own(_ translator: inout XI2InputTranslator, detail: Int32, device: Int32 = 6) {
        var event = XITouchOwnershipEvent()
        event.type = GenericEvent
        event.evtype = XI_TouchOwnership
        event.deviceid = 2
        event.sourceid = device
        event.touchid = UInt32(bitPattern: detail)
        translator.noteOwnership(event)
    }


    func testTouchLifecycleKeepsSubPixelPositions() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 1024, height: 768))
        XCTAssertEqual(translate(&translator, XI_TouchBegin, detail: 3, x: 10.25, y: 20.5),
                       [TouchSample.finger(3, .began, 10.25, 20.5, at: 5000, device: 6)])
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 3, x: 11.75, y: 21.125, time: 5_000_016),
                       [TouchSample.finger(3, .moved, 11.75, 21.125, at: 5000.016, device: 6)])
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: 3, x: 11.75, y: 21.125, time: 5_000_020),
                       [TouchSample.finger(3, .ended, 11.75, 21.125, at: 5000.020, device: 6)])
        XCTAssertTrue(translator.liveTouchIDs.isEmpty)
    }

    func testScaleTurnsPixelsIntoPoints() {
        var translator = XI2InputTranslator(scale: 2, windowSize: CGSize(width: 512, height: 384))
        XCTAssertEqual(translate(&translator, XI_TouchBegin, detail: 1, x: 101, y: 33),
                       [TouchSample.finger(1, .began, 50.5, 16.5, at: 5000, device: 6)])
    }

    func testTouchIDZeroIsAValidTouch() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        XCTAssertEqual(translate(&translator, XI_TouchBegin, detail: 0, x: 1, y: 2), [TouchSample.finger(0, .began, 1, 2, at: 5000, device: 6)])
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: 0, x: 1, y: 2), [TouchSample.finger(0, .ended, 1, 2, at: 5000, device: 6)])
    }

    /// Ids are 32-bit and wrap: the last id and the first after the wrap are two live
    /// touches, and identity never depends on order.
    func testTouchIDsWrapAround() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        // detail is a C int: 0xFFFF_FFFF arrives as -1.
        XCTAssertEqual(translate(&translator, XI_TouchBegin, detail: -1, x: 1, y: 1),
                       [TouchSample.finger(UInt32.max, .began, 1, 1, at: 5000, device: 6)])
        XCTAssertEqual(translate(&translator, XI_TouchBegin, detail: 0, x: 2, y: 2), [TouchSample.finger(0, .began, 2, 2, at: 5000, device: 6)])
        XCTAssertEqual(translator.liveTouchIDs, [.init(device: 6, number: .max), .init(device: 6, number: 0)])
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: -1, x: 1, y: 1),
                       [TouchSample.finger(UInt32.max, .ended, 1, 1, at: 5000, device: 6)])
        XCTAssertEqual(translator.liveTouchIDs, [.init(device: 6, number: 0)])
    }

    func testSameTouchNumberOnTwoDevicesIsTwoTouches() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        _ = translate(&translator, XI_TouchBegin, detail: 1, x: 1, y: 1, device: 6)
        _ = translate(&translator, XI_TouchBegin, detail: 1, x: 2, y: 2, device: 7)
        XCTAssertEqual(translator.liveTouchIDs.count, 2)
    }

    /// An update whose valuator mask has no x or y axis carries no new position: the
    /// touch is stationary, so no sample; the end keeps the last known position.
    func testUpdateWithoutValuatorsYieldsNothing() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        _ = translate(&translator, XI_TouchBegin, detail: 4, x: 10, y: 10)
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 4, x: 0, y: 0, axes: nil), [])
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 4, x: 0, y: 0, axes: 0b1_0000), [])
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: 4, x: 0, y: 0, axes: nil),
                       [TouchSample.finger(4, .ended, 10, 10, at: 5000, device: 6)])
    }

    func testPointerEventsEmulatedFromATouchAreIgnored() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        let emulated = Int32(XIPointerEmulated)
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 1, x: 5, y: 5, flags: emulated), [])
        XCTAssertEqual(translate(&translator, XI_Motion, detail: 0, x: 6, y: 6, flags: emulated), [])
        XCTAssertEqual(translate(&translator, XI_ButtonRelease, detail: 1, x: 6, y: 6, flags: emulated), [])
        // The same events from a real mouse are a finger.
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 1, x: 5, y: 5, device: 9),
                       [TouchSample.finger(0, .began, 5, 5, at: 5000, device: 9)])
    }

    func testMalformedSequencesComeOutWellFormed() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 9, x: 1, y: 1), [], "update without begin")
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: 9, x: 1, y: 1), [], "end without begin")
        _ = translate(&translator, XI_TouchBegin, detail: 9, x: 1, y: 1)
        XCTAssertEqual(translate(&translator, XI_TouchBegin, detail: 9, x: 3, y: 3),
                       [TouchSample.finger(9, .cancelled, 1, 1, at: 5000, device: 6), TouchSample.finger(9, .began, 3, 3, at: 5000, device: 6)], "a second begin")
    }

    func testCancellingADeviceEndsOnlyItsTouches() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        _ = translate(&translator, XI_TouchBegin, detail: 2, x: 1, y: 1, device: 6)
        _ = translate(&translator, XI_TouchBegin, detail: 1, x: 2, y: 2, device: 6)
        _ = translate(&translator, XI_TouchBegin, detail: 1, x: 3, y: 3, device: 7)
        XCTAssertEqual(translator.cancelTouches(ofDevice: 6, timestamp: 7),
                       [TouchSample.finger(1, .cancelled, 2, 2, at: 7, device: 6), TouchSample.finger(2, .cancelled, 1, 1, at: 7, device: 6)])
        XCTAssertEqual(translator.liveTouchIDs, [.init(device: 7, number: 1)])
    }

    func testControlDragOfTheMouseIsTwoMirroredFingers() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 200, height: 100))
        let control = Int32(ControlMask)
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 1, x: 40, y: 30, device: 9, modifiers: control),
                       [TouchSample.finger(0, .began, 40, 30, at: 5000, device: 9), TouchSample.finger(1, .began, 160, 70, at: 5000, device: 9)])
        XCTAssertEqual(translate(&translator, XI_Motion, detail: 0, x: 50, y: 20, device: 9, modifiers: control),
                       [TouchSample.finger(0, .moved, 50, 20, at: 5000, device: 9), TouchSample.finger(1, .moved, 150, 80, at: 5000, device: 9)])
        XCTAssertEqual(translate(&translator, XI_ButtonRelease, detail: 1, x: 50, y: 20, device: 9),
                       [TouchSample.finger(0, .ended, 50, 20, at: 5000, device: 9), TouchSample.finger(1, .ended, 150, 80, at: 5000, device: 9)])
    }

    func testControlShiftDragMovesBothFingersInParallel() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 200, height: 100))
        let both = Int32(ControlMask | ShiftMask)
        _ = translate(&translator, XI_ButtonPress, detail: 1, x: 40, y: 30, device: 9, modifiers: both)
        XCTAssertEqual(translate(&translator, XI_Motion, detail: 0, x: 45, y: 40, device: 9, modifiers: both),
                       [TouchSample.finger(0, .moved, 45, 40, at: 5000, device: 9), TouchSample.finger(1, .moved, 165, 80, at: 5000, device: 9)])
    }

    func testOtherButtonsAndMotionWithoutAButtonAreNotFingers() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 200, height: 100))
        XCTAssertEqual(translate(&translator, XI_Motion, detail: 0, x: 5, y: 5, device: 9), [])
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 3, x: 5, y: 5, device: 9), [])
        XCTAssertEqual(translate(&translator, XI_ButtonPress, detail: 4, x: 5, y: 5, device: 9), [],
                       "a wheel scrolls (XI2ScrollTranslator), it is no finger")
    }

    // MARK: - Ownership

    /// The initial owner gets its ownership right after the begin: nothing pending.
    func testATouchNoGrabHoldsIsOwnedAtOnce() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        _ = translate(&translator, XI_TouchBegin, detail: 3, x: 1, y: 1)
        XCTAssertEqual(translator.touchesPendingOwnership, [])
    }

    /// Another client's grab accepted the touch: the server ends it here before
    /// ownership came, and the app's touch is cancelled where it last was.
    func testAnEndBeforeOwnershipIsACancellation() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        XCTAssertEqual(translate(&translator, XI_TouchBegin, detail: 3, x: 1, y: 2, owned: false),
                       [TouchSample.finger(3, .began, 1, 2, at: 5000, device: 6)])
        XCTAssertEqual(translator.touchesPendingOwnership, [TouchSample.ID(device: 6, number: 3)])
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 3, x: 5, y: 6),
                       [TouchSample.finger(3, .moved, 5, 6, at: 5000, device: 6)], "moves come while pending")
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: 3, x: 5, y: 6),
                       [TouchSample.finger(3, .cancelled, 5, 6, at: 5000, device: 6)])
        XCTAssertEqual(translator.touchesPendingOwnership, [])
        XCTAssertTrue(translator.liveTouchIDs.isEmpty)
    }

    /// The grab rejected it: ownership comes, and the touch goes on to a normal end.
    func testOwnershipAfterARejectKeepsTheWholeTouch() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        _ = translate(&translator, XI_TouchBegin, detail: 4, x: 1, y: 2, owned: false)
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 4, x: 3, y: 4), [TouchSample.finger(4, .moved, 3, 4, at: 5000, device: 6)])
        own(&translator, detail: 4)
        XCTAssertEqual(translator.touchesPendingOwnership, [])
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 4, x: 7, y: 8), [TouchSample.finger(4, .moved, 7, 8, at: 5000, device: 6)])
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: 4, x: 7, y: 8), [TouchSample.finger(4, .ended, 7, 8, at: 5000, device: 6)])
    }

    /// The finger lifted while the grab was deciding: the server flags an update
    /// `TouchPendingEnd` and holds the end; the decision then makes it ended or cancelled.
    func testAPendingEndWaitsForTheDecision() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        let pendingEnd = Int32(XITouchPendingEnd)
        _ = translate(&translator, XI_TouchBegin, detail: 5, x: 1, y: 2, owned: false)
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 5, x: 1, y: 2, flags: pendingEnd), [],
                       "lifted, but the app does not know yet whether it was its touch")
        own(&translator, detail: 5)
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: 5, x: 1, y: 2), [TouchSample.finger(5, .ended, 1, 2, at: 5000, device: 6)])

        _ = translate(&translator, XI_TouchBegin, detail: 6, x: 9, y: 9, owned: false)
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 6, x: 9, y: 9, flags: pendingEnd), [])
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: 6, x: 9, y: 9), [TouchSample.finger(6, .cancelled, 9, 9, at: 5000, device: 6)])
        XCTAssertEqual(translator.touchesPendingOwnership, [])
    }

    /// A device that goes away takes its pending touches with it.
    func testCancellingADeviceForgetsItsPendingTouches() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 100, height: 100))
        _ = translate(&translator, XI_TouchBegin, detail: 1, x: 1, y: 1, device: 6, owned: false)
        _ = translate(&translator, XI_TouchBegin, detail: 1, x: 1, y: 1, device: 7, owned: false)
        _ = translator.cancelTouches(ofDevice: 6, timestamp: 0)
        XCTAssertEqual(translator.touchesPendingOwnership, [TouchSample.ID(device: 7, number: 1)])
    }

    // MARK: - Pressure and contact size

    /// A touchscreen whose events carry pressure on axis 2 (0…1000), touch major on axis
    /// 3 and touch minor on axis 4, with position axes whose units are half a pixel.
    private static let contactDevice = TouchDeviceInfo(
        id: 6, name: "made-up touchscreen", mode: .direct, maximumTouches: 10,
        xAxis: .init(minimum: 0, maximum: 2047), yAxis: .init(minimum: 0, maximum: 1535), isEnabled: true,
        valuators: [
            .init(number: 0, label: "Abs MT Position X", range: .init(minimum: 0, maximum: 2047)),
            .init(number: 1, label: "Abs MT Position Y", range: .init(minimum: 0, maximum: 1535)),
            .init(number: 2, label: "Abs MT Pressure", range: .init(minimum: 0, maximum: 1000)),
            .init(number: 3, label: "Abs MT Touch Major", range: .init(minimum: 0, maximum: 255)),
            .init(number: 4, label: "Abs MT Touch Minor", range: .init(minimum: 0, maximum: 255)),
        ])

    /// A translator that knows `contactDevice` on a 1024 × 768 screen at scale 1: half
    /// a pixel per unit, so a touch major of 2u is a radius of u / 2 points.
    private func contactTranslator() -> XI2InputTranslator {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 1024, height: 768))
        translator.contactAxes = [6: TouchContactAxes(device: Self.contactDevice,
                                                     coveredPixels: CGSize(width: 1024, height: 768), scale: 1)]
        return translator
    }

    /// Translates an event whose valuator mask carries exactly `axes` (axis number →
    /// value), packed in axis order as Xlib delivers them.
    private func translate(_ translator: inout XI2InputTranslator, _ type: Int32, detail: Int32, x: Double, y: Double,
                           valuators axes: [Int: Double], time: UInt = 5_000_000) -> [TouchSample] {
        let result = withDeviceEvent(type, detail: detail, device: 6, x: x, y: y, valuators: axes, time: time) {
            translator.translate($0, now: now)
        }
        if type == XI_TouchBegin { own(&translator, detail: detail) }
        return result
    }

    private func contactSample(_ phase: TouchSample.Phase, _ x: CGFloat, _ y: CGFloat, force: CGFloat,
                               radius: CGFloat, at time: TimeInterval = 5000) -> TouchSample {
        TouchSample(id: .init(device: 6, number: 1), phase: phase, location: CGPoint(x: x, y: y), timestamp: time,
                    force: force, maximumPossibleForce: 20.0 / 3, majorRadius: radius, majorRadiusTolerance: 0.125)
    }

    /// UITouch.force and UITouch.majorRadius from made-up valuators: pressure 0…1000
    /// spans 0…20/3; a touch major of 24 units of half a pixel is a radius of 6 points
    /// (the larger of major and minor counts); readings the server leaves out of an
    /// event (it sends only what the device reported) are kept from the last one.
    func testPressureAndContactSizeComeFromTheValuators() {
        var translator = contactTranslator()
        XCTAssertEqual(translate(&translator, XI_TouchBegin, detail: 1, x: 100, y: 200,
                                 valuators: [0: 200, 1: 400, 2: 150, 3: 24, 4: 16]),
                       [contactSample(.began, 100, 200, force: 1, radius: 6)])
        // Position only: force and radius stay.
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 1, x: 101.5, y: 200,
                                 valuators: [0: 203, 1: 400], time: 5_000_008),
                       [contactSample(.moved, 101.5, 200, force: 1, radius: 6, at: 5000.008)])
        // A minor axis larger than the major one is the larger.
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 1, x: 101.5, y: 200,
                                 valuators: [0: 203, 1: 400, 4: 40], time: 5_000_016),
                       [contactSample(.moved, 101.5, 200, force: 1, radius: 10, at: 5000.016)])
        // The end's own pressure: the finger lifted.
        XCTAssertEqual(translate(&translator, XI_TouchEnd, detail: 1, x: 101.5, y: 200,
                                 valuators: [0: 203, 1: 400, 2: 0], time: 5_000_024),
                       [contactSample(.ended, 101.5, 200, force: 0, radius: 10, at: 5000.024)])
    }

    /// UIResponder.touchesMoved(_:with:): "UIKit calls this method when the location or
    /// force of a touch changes". An update that presses harder or flattens the finger in
    /// place is a move; one that changes nothing (the same readings again, or an axis
    /// this translator does not read) is not.
    func testAChangeOfPressureOrContactSizeInPlaceIsAMove() {
        var translator = contactTranslator()
        _ = translate(&translator, XI_TouchBegin, detail: 1, x: 100, y: 200, valuators: [0: 200, 1: 400, 2: 150, 3: 24])
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 1, x: 100, y: 200, valuators: [2: 300]),
                       [contactSample(.moved, 100, 200, force: 2, radius: 6)])
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 1, x: 100, y: 200, valuators: [0: 200, 3: 32]),
                       [contactSample(.moved, 100, 200, force: 2, radius: 8)])
        XCTAssertEqual(translate(&translator, XI_TouchUpdate, detail: 1, x: 100, y: 200,
                                 valuators: [0: 200, 1: 400, 2: 300, 3: 32, 5: 7]), [])
    }

    /// A device the host knows no pressure or contact axes of reports 0, whatever its
    /// events carry (UITouch.force: 0 where the device has no force).
    func testADeviceWithoutContactAxesReportsNone() {
        var translator = XI2InputTranslator(windowSize: CGSize(width: 1024, height: 768))
        XCTAssertEqual(translate(&translator, XI_TouchBegin, detail: 1, x: 100, y: 200,
                                 valuators: [0: 200, 1: 400, 2: 150, 3: 24]),
                       [TouchSample.finger(1, .began, 100, 200, at: 5000, device: 6)])
    }

    /// A touch cancelled because its device went away keeps its last force and radius.
    func testACancelledTouchKeepsItsContact() {
        var translator = contactTranslator()
        _ = translate(&translator, XI_TouchBegin, detail: 1, x: 100, y: 200, valuators: [0: 200, 1: 400, 2: 450, 3: 24])
        XCTAssertEqual(translator.cancelTouches(ofDevice: 6, timestamp: 5001),
                       [contactSample(.cancelled, 100, 200, force: 3, radius: 6, at: 5001)])
    }

    /// Xlib packs an event's valuator values: one per bit set in the mask, in axis
    /// order, so axis 4 of a mask {0, 1, 4} is the third value.
    func testValuatorValuesArePackedInMaskOrder() {
        var mask: [UInt8] = [0b1_0011, 0b1]  // axes 0, 1, 4 and 8
        var values: [Double] = [10, 20, 30, 40]
        mask.withUnsafeMutableBufferPointer { maskBuffer in
            values.withUnsafeMutableBufferPointer { valueBuffer in
                let state = XIValuatorState(mask_len: 2, mask: maskBuffer.baseAddress, values: valueBuffer.baseAddress)
                XCTAssertEqual([0, 1, 2, 4, 8, 9, 16].map { XI2InputTranslator.value(ofAxis: $0, in: state) },
                               [10, 20, nil, 30, 40, nil, nil])
            }
        }
    }
}
