import CX11
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// Every kind of input that changes what shows is on screen in the first frame the host
/// presents after it, on the real server: a wheel, an expose, a resize, a property set
/// from a Foundation timer, a delayed perform, a main-queue block. (Keys are in
/// `EndToEndSceneTests`.) "Within one frame" is counted in frames, not in milliseconds:
/// the window's pixels are read as each frame is presented.
final class EndToEndOneFrameTests: XCTestCase {
    private static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A program showing one blue 80-point square at (100, 100): its middle is (140, 140).
    @MainActor
    private static func blueSquareProgram() throws -> OneViewProgram<UIView> {
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 80, height: 80))
        view.backgroundColor = blue
        return try OneViewProgram(showing: view)
    }

    func testAMainQueueBlockATimerAndADelayedPerformShowInTheFirstFrame() throws {
        try onMainActor {
            let program = try Self.blueSquareProgram()
            defer { program.runner.shutdown() }
            let view = program.view
            let probe = CGPoint(x: 140, y: 140)
            XCTAssertEqual(try framesUntilShown(in: program.host, at: probe, { $0 == 0xFF0000 }) {
                DispatchQueue.main.async { MainActor.assumeIsolated { view.backgroundColor = Self.red } }
            }, 1, "a main-queue block")
            XCTAssertEqual(try framesUntilShown(in: program.host, at: probe, { $0 == 0x0000FF }) {
                _ = Timer.scheduledTimer(withTimeInterval: 0.03, repeats: false) { _ in
                    MainActor.assumeIsolated { view.backgroundColor = Self.blue }
                }
            }, 1, "a Foundation timer")
            XCTAssertEqual(try framesUntilShown(in: program.host, at: probe, { $0 == 0xFF0000 }) {
                view.perform("turnRed", afterDelay: 0.03) { view.backgroundColor = Self.red }
            }, 1, "a delayed perform")
        }
    }

    /// The wheel scrolls a scroll view whose content is striped: the stripe under the
    /// probe changes colour in the first frame after the scroll.
    func testAWheelScrollShowsInTheFirstFrame() throws {
        try onMainActor {
            let scrollView = UIScrollView(frame: CGRect(x: 100, y: 50, width: 300, height: 300))
            scrollView.contentSize = CGSize(width: 300, height: 3000)
            let stripe = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
            stripe.backgroundColor = Self.red
            scrollView.addSubview(stripe)
            let program = try OneViewProgram(showing: scrollView)
            defer { program.runner.shutdown() }
            let pointer = program.server.pointer
            let over = CGPoint(x: 250, y: 200)
            try pointer.move(to: over, horizontalScroll: 0, verticalScroll: 0)
            let probe = CGPoint(x: 250, y: 60)
            XCTAssertTrue(runLoop { program.host.currentFrame.pixelWidth > 0 })
            XCTAssertEqual(try framesUntilShown(in: program.host, at: probe, { $0 != 0xFF0000 }) {
                try pointer.move(to: over, horizontalScroll: 0, verticalScroll: InputTestMessage.pointerScrollIncrement)
            }, 1, "the stripe scrolled off the probe")
            XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 53))
        }
    }

    /// A window of another client covers part of ours and goes: the server asks for the
    /// uncovered part (an expose), drawn in the first frame.
    func testAnExposeIsRedrawnInTheFirstFrame() throws {
        try onMainActor {
            let program = try Self.blueSquareProgram()
            defer { program.runner.shutdown() }
            let probe = CGPoint(x: 140, y: 140)
            let pixels = try WindowPixelReader(displayName: program.server.display)
            XCTAssertTrue(runLoop { pixels.pixel(of: program.host.window.id, x: 140, y: 140) == 0x0000FF })
            try withDisplay(program.server.display) { display in
                let root = XDefaultRootWindow(display)
                let cover = XCreateSimpleWindow(display, root, 0, 0, 400, 400, 0, 0, 0x00FF00)
                var attributes = XSetWindowAttributes()
                attributes.override_redirect = 1
                XChangeWindowAttributes(display, cover, UInt(CWOverrideRedirect), &attributes)
                XMapRaised(display, cover)
                XSync(display, 0)
                XCTAssertEqual(pixels.pixel(of: UInt(root), x: 140, y: 140), 0x00FF00, "covered")
                XCTAssertEqual(try framesUntilShown(in: program.host, at: probe, { $0 == 0x0000FF }) {
                    XUnmapWindow(display, cover)
                    XSync(display, 0)
                    // No backing store: the cover's pixels stay until the app redraws.
                    XCTAssertEqual(pixels.pixel(of: UInt(root), x: 140, y: 140), 0x00FF00, "not yet redrawn")
                }, 1, "the uncovered part, redrawn")
                XDestroyWindow(display, cover)
                XSync(display, 0)
            }
        }
    }

    /// A larger window shows its new part in the first frame at the new size.
    func testAResizeShowsTheNewSizeInTheFirstFrame() throws {
        try onMainActor {
            let program = try Self.blueSquareProgram()
            defer { program.runner.shutdown() }
            program.delegate.window?.backgroundColor = Self.red
            let probe = CGPoint(x: 700, y: 500)
            XCTAssertEqual(try framesUntilShown(in: program.host, at: probe, { $0 == 0xFF0000 }) {
                try withDisplay(program.server.display) { display in
                    XResizeWindow(display, Window(program.host.window.id), 800, 600)
                    XSync(display, 0)
                }
            }, 1, "the window's new part, in its colour")
            XCTAssertEqual(program.host.size, CGSize(width: 800, height: 600))
        }
    }
}
