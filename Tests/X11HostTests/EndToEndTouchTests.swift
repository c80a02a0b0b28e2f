import CX11
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// The sandbox on a real Xorg with a virtual touchscreen: injected touches arrive as
/// batches with the right ids, phases and sub-pixel positions, one batch per injected
/// frame, and the window shows a spot under each finger until it lifts.
final class EndToEndTouchTests: XCTestCase {
    func testTwoTouchesBeginMoveAndEndAndAreDrawn() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let touchscreen = harness.server.touchscreen
            let device = try XCTUnwrap(harness.deviceID("touchscreen"))
            let a0 = CGPoint(x: 200.25, y: 200.5), b0 = CGPoint(x: 700.75, y: 560.25)
            let a1 = CGPoint(x: 210.5, y: 205.75), b1 = CGPoint(x: 690.125, y: 570.5)
            let b2 = CGPoint(x: 640, y: 600.375)
            let before = MonotonicClock().now

            // Frame 1: both fingers land.
            try touchscreen.touches([(1, .begin, a0), (2, .begin, b0)])
            harness.waitForBatches(1)
            let first = harness.batches[0]
            XCTAssertEqual(first.count, 2)
            assertSample(first.first, .began, at: a0)
            assertSample(first.last, .began, at: b0)
            XCTAssertEqual(Set(first.map(\.id.device)), [device])
            let a = first[0].id, b = first[1].id
            XCTAssertNotEqual(a, b)
            let stamp = first[0].timestamp
            XCTAssertGreaterThanOrEqual(stamp, before - 0.002)
            XCTAssertLessThanOrEqual(stamp, MonotonicClock().now + 0.002)
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(a0)) {
                colorsMatch($0, SandboxHarness.spotFill(for: a))
            }, "a spot under finger A")
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(b0)) {
                colorsMatch($0, SandboxHarness.spotFill(for: b))
            }, "a spot under finger B")

            // Frame 2: both move.
            try touchscreen.touches([(1, .update, a1), (2, .update, b1)])
            harness.waitForBatches(2)
            XCTAssertEqual(harness.batches[1].map(\.id), [a, b])
            assertSample(harness.batches[1].first, .moved, at: a1)
            assertSample(harness.batches[1].last, .moved, at: b1)

            // Frame 3: A lifts while B moves on.
            try touchscreen.touches([(1, .end, a1), (2, .update, b2)])
            harness.waitForBatches(3)
            XCTAssertEqual(harness.batches[2].map(\.id), [a, b])
            assertSample(harness.batches[2].first, .ended, at: a1)
            assertSample(harness.batches[2].last, .moved, at: b2)
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(a1)) { $0 == SandboxHarness.background },
                          "A's spot is gone")
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(b2)) {
                colorsMatch($0, SandboxHarness.spotFill(for: b))
            }, "B's spot followed the finger")
            XCTAssertEqual(harness.pixel(at: SandboxHarness.fillProbe(b0)), SandboxHarness.background,
                           "nothing is left where B was")

            // Frame 4: B lifts.
            try touchscreen.touches([(2, .end, b2)])
            harness.waitForBatches(4)
            XCTAssertEqual(harness.batches[3].map(\.id), [b])
            assertSample(harness.batches[3].first, .ended, at: b2)
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(b2)) { $0 == SandboxHarness.background },
                          "B's spot is gone")
            XCTAssertEqual(harness.batches.count, 4, "exactly one batch per injected frame")
            XCTAssertEqual(harness.app.spots.spots, [])
            let stamps = harness.batches.flatMap { $0.map(\.timestamp) }
            XCTAssertEqual(stamps, stamps.sorted(), "timestamps never go backwards")
        }
    }

    func testTheMouseIsOneFinger() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let pointer = harness.server.pointer
            let start = CGPoint(x: 300, y: 300), end = CGPoint(x: 320, y: 310)
            try pointer.send([.absoluteMotion(x: pointer.valuatorX(start.x), y: pointer.valuatorY(start.y)),
                              .button(number: 1, isPress: true, x: pointer.valuatorX(start.x), y: pointer.valuatorY(start.y))])
            harness.waitForBatches(1)
            XCTAssertEqual(harness.batches[0].map(\.id.number), [0])
            assertSample(harness.batches[0].first, .began, at: start)
            try pointer.move(to: end)
            harness.waitForBatches(2)
            assertSample(harness.batches[1].first, .moved, at: end)
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(end)) {
                colorsMatch($0, SandboxHarness.spotFill(for: harness.batches[0][0].id))
            }, "the mouse finger has a spot")
            try pointer.button(1, isPress: false, at: end)
            harness.waitForBatches(3)
            XCTAssertEqual(harness.batches[2].count, 1)
            assertSample(harness.batches[2].first, .ended, at: end)
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(end)) { $0 == SandboxHarness.background })
        }
    }

    func testControlAddsASecondFingerMirroredAboutTheCentre() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let pointer = harness.server.pointer, keyboard = harness.server.keyboard
            let controlL: Int32 = 37
            let press = CGPoint(x: 300, y: 200)
            try keyboard.key(controlL, isPress: true)
            defer { try? keyboard.key(controlL, isPress: false) }
            try pointer.move(to: press)
            try pointer.button(1, isPress: true, at: press)
            harness.waitForBatches(1)
            let fingers = harness.batches[0]
            XCTAssertEqual(fingers.map(\.id.number), [0, 1])
            assertSample(fingers.first, .began, at: press)
            let mirrored = CGPoint(x: 1024 - 300, y: 768 - 200)
            assertSample(fingers.last, .began, at: mirrored)
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(mirrored)) {
                colorsMatch($0, SandboxHarness.spotFill(for: fingers[1].id))
            }, "the mirrored finger has a spot")
            try pointer.button(1, isPress: false, at: press)
            harness.waitForBatches(2)
            XCTAssertEqual(harness.batches[1].map(\.phase), [.ended, .ended])
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(mirrored)) { $0 == SandboxHarness.background })
        }
    }

    /// Disabling a device mid-touch (what `xinput disable` does) cancels its touches;
    /// enabled again, it works without a restart.
    func testDisablingADeviceMidTouchCancelsItsTouches() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let server = harness.server
            let device = try XCTUnwrap(harness.deviceID("touchscreen-2"))
            let point = CGPoint(x: 400, y: 420)
            try server.secondTouchscreen.touches([(5, .begin, point)])
            harness.waitForBatches(1)
            assertSample(harness.batches[0].first, .began, at: point)
            let touch = harness.batches[0][0].id

            setDeviceEnabled(false, device: device, display: server.display)
            harness.waitForBatches(2)
            XCTAssertEqual(harness.batches[1].map(\.id), [touch])
            XCTAssertEqual(harness.batches[1].map(\.phase), [.cancelled], "the finger did not lift: cancelled, not ended")
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(point)) { $0 == SandboxHarness.background })
            XCTAssertNil(harness.deviceID("touchscreen-2"))

            setDeviceEnabled(true, device: device, display: server.display)
            XCTAssertTrue(harness.runLoop { harness.deviceID("touchscreen-2") != nil }, "the device is back")
            try server.secondTouchscreen.reconnect()
            try server.secondTouchscreen.touches([(6, .begin, point)])
            harness.waitForBatches(3)
            XCTAssertEqual(harness.batches[2].map(\.phase), [.began])
            try server.secondTouchscreen.touches([(6, .end, point)])
            harness.waitForBatches(4)
            XCTAssertEqual(harness.batches[3].map(\.phase), [.ended])
        }
    }

    /// Closing the window with fingers down cancels them: no touch is left open.
    func testClosingTheWindowCancelsLiveTouches() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            let touchscreen = harness.server.touchscreen
            let point = CGPoint(x: 150, y: 450)
            try touchscreen.touches([(7, .begin, point)])
            harness.waitForBatches(1)
            harness.close()
            XCTAssertEqual(harness.batches.count, 2)
            XCTAssertEqual(harness.batches[1].map(\.phase), [.cancelled])
            XCTAssertEqual(harness.batches[1].map(\.id), harness.batches[0].map(\.id))
            XCTAssertEqual(harness.app.spots.spots, [])
            // The server still has the touch: end it so the next test starts clean.
            try touchscreen.touches([(7, .end, point)])
        }
    }
}
