import CX11
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// The window as the X server and a window manager see it: its title, its size, resizing,
/// the keys, and WM_DELETE_WINDOW.
final class EndToEndWindowTests: XCTestCase {
    func testTitleInUTF8AndLatin1AndTheDefaultSize() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let window = Window(harness.host.window.id)
            try withDisplay(harness.server.display) { display in
                let utf8 = property(display, window: window, name: "_NET_WM_NAME", type: "UTF8_STRING")
                XCTAssertEqual(String(decoding: utf8, as: UTF8.self), "Touch Sandbox \u{2014} touch-spots")
                let latin1 = property(display, window: window, name: "WM_NAME", type: "STRING")
                XCTAssertEqual(String(decoding: latin1, as: UTF8.self), "Touch Sandbox - touch-spots")
                var attributes = XWindowAttributes()
                XGetWindowAttributes(display, window, &attributes)
                XCTAssertEqual(attributes.width, 1024)
                XCTAssertEqual(attributes.height, 768)
            }
        }
    }

    /// A resized window gets a frame buffer of the new size and is redrawn whole: the
    /// toolbar moves to the new bottom edge.
    func testResizeRedrawsAtTheNewSize() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let observer = ObservingClient(forwardingTo: harness.host.client)
            harness.host.client = observer
            var sizes: [CGSize] { observer.sizes }
            try withDisplay(harness.server.display) { display in
                XResizeWindow(display, Window(harness.host.window.id), 800, 600)
                XSync(display, 0)
            }
            XCTAssertTrue(harness.runLoop { sizes == [CGSize(width: 800, height: 600)] })
            XCTAssertEqual(harness.host.currentFrame.pixelWidth, 800)
            XCTAssertEqual(harness.app.debugLayer.view.toolbar.frame, CGRect(x: 0, y: 540, width: 800, height: 60))
            // Below the buttons, the bar's own colour at both ends: not the stage's.
            XCTAssertTrue(harness.waitForPixel(at: CGPoint(x: 790, y: 598)) { $0 != SandboxHarness.background },
                          "the toolbar is at the new bottom")
            XCTAssertEqual(harness.pixel(at: CGPoint(x: 790, y: 598)), harness.pixel(at: CGPoint(x: 10, y: 598)))
            XCTAssertTrue(harness.waitForPixel(at: CGPoint(x: 790, y: 500)) { $0 == SandboxHarness.background })
        }
    }

    /// S hides and shows the spots, with the finger still down.
    func testTheSKeyTogglesTheSpots() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let server = harness.server
            let point = CGPoint(x: 500, y: 250)
            // Keys go to the window under the pointer (no window manager gives focus).
            try server.pointer.move(to: CGPoint(x: 20, y: 300))
            try server.touchscreen.touches([(3, .begin, point)])
            harness.waitForBatches(1)
            let spot = SandboxHarness.spotFill(for: harness.batches[0][0].id)
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(point)) { colorsMatch($0, spot) })
            let keyS: Int32 = 39
            try server.keyboard.send([.key(code: keyS, isPress: true), .key(code: keyS, isPress: false)])
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(point)) { $0 == SandboxHarness.background },
                          "S hides the spots")
            try server.keyboard.send([.key(code: keyS, isPress: true), .key(code: keyS, isPress: false)])
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(point)) { colorsMatch($0, spot) },
                          "S shows them again")
            try server.touchscreen.touches([(3, .end, point)])
            harness.waitForBatches(2)
        }
    }

    /// The window manager's close button (WM_DELETE_WINDOW) cancels live touches and
    /// tells the host's client (which ends the program; here an observer records it).
    func testDeleteWindowCancelsTouchesAndCloses() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let observer = ObservingClient(forwardingTo: harness.host.client)
            harness.host.client = observer
            var closed: Bool { observer.closed }
            let point = CGPoint(x: 260, y: 640)
            try harness.server.touchscreen.touches([(4, .begin, point)])
            harness.waitForBatches(1)
            try withDisplay(harness.server.display) { display in
                var event = XEvent()
                event.xclient.type = ClientMessage
                event.xclient.window = Window(harness.host.window.id)
                event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
                event.xclient.format = 32
                event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
                XSendEvent(display, Window(harness.host.window.id), 0, 0, &event)
                XSync(display, 0)
            }
            XCTAssertTrue(harness.runLoop { closed })
            XCTAssertEqual(harness.batches.count, 2)
            XCTAssertEqual(harness.batches[1].map(\.phase), [.cancelled])
            try harness.server.touchscreen.touches([(4, .end, point)])
        }
    }
}

/// The bytes of a window's property `name` of `type`, empty when it has none.
private func property(_ display: OpaquePointer, window: Window, name: String, type: String) -> [UInt8] {
    var actualType: Atom = 0, format: Int32 = 0
    var count: UInt = 0, remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    XGetWindowProperty(display, window, XInternAtom(display, name, 0), 0, 1024, 0, XInternAtom(display, type, 0),
                       &actualType, &format, &count, &remaining, &data)
    defer { if let data { XFree(data) } }
    return data.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
}
