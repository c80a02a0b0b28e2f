import CX11
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// A window X11 and Cairo cannot have is refused with one line before the display is
/// opened, for the sandbox and for applications of one's own alike (`UIApplicationMain`
/// prints the error's description and exits with its status).
final class X11HostWindowSizeTests: XCTestCase {
    func testAWindowBeyondCairosLimitIsRefusedBeforeTheDisplayIsOpened() throws {
        try onMainActor {
            // The display does not exist: reaching it would be a different error.
            let options = X11Host.Options(display: ":987", size: CGSize(width: 16384, height: 64), scale: 2)
            XCTAssertThrowsError(try X11Host(options: options)) { error in
                XCTAssertEqual(error as? X11HostError, .invalidWindowSize(CGSize(width: 16384, height: 64), scale: 2))
                XCTAssertEqual("\(error)", "a window of 16384x64 points at scale 2 is 32768x128 device pixels; X11 and Cairo allow at most 32767 per side")
                XCTAssertEqual((error as? X11HostError)?.exitStatus, 2)
            }
        }
    }

    func testASizeThatIsNotFiniteIsRefused() throws {
        try onMainActor {
            let options = X11Host.Options(display: ":987", size: CGSize(width: CGFloat.nan, height: 64), scale: 1)
            XCTAssertThrowsError(try X11Host(options: options)) { error in
                XCTAssertEqual("\(error)", "a window of nanx64 points at scale 1 has no size in device pixels; the size must be finite and the scale positive")
            }
        }
    }

    /// A window manager making the window wider than Cairo can draw gets one log line;
    /// the host keeps drawing at the size it had.
    func testAResizeBeyondCairosLimitKeepsThePreviousFrame() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            var lines: [String] = []
            harness.host.log = { lines.append($0) }
            // Another client resizes it, as a window manager would.
            let display = try XCTUnwrap(XOpenDisplay(harness.server.display))
            defer { XCloseDisplay(display) }
            XResizeWindow(display, Window(harness.host.window.id), 40000, 600)
            XSync(display, 0)
            XCTAssertTrue(harness.runLoop { !lines.isEmpty })
            XCTAssertEqual(lines, ["cannot make a frame buffer of 40000x600 points at scale 1: each side must be 1 to 32767 device pixels; drawing the window at its previous size"])
            XCTAssertEqual(harness.host.currentFrame.pixelWidth, 1024)
            XCTAssertEqual(harness.host.currentFrame.pixelHeight, 768)
        }
    }
}
