import CairoRenderer
import CX11
import Foundation
import HeadlessXorg
import SandboxDebugging
@testable import ShowTouches
import UIKit
@testable import X11Platform
import X11TestSupport
import XCTest

/// The desktop's spots on the shared headless server (no compositing manager: the
/// shaped window), with real touches from its virtual touchscreen, over another
/// program's window: a spot under each finger, gone with the lift; the other program
/// gets exactly the touches it gets without the spots; a finger on a touchscreen that
/// goes away loses its spot; and a second show on the display is refused.
final class DesktopTouchShowTests: XCTestCase {
    /// The other program's background, which the server paints.
    private static let background: UInt = 0x20_40_60

    /// The root window's pixel at `point`, read by yet another client.
    @MainActor
    private static func rootPixel(_ server: HeadlessXorg, _ point: CGPoint) throws -> UInt32? {
        let reader = try WindowPixelReader(displayName: server.display)
        return try withDisplay(server.display) { display in
            reader.pixel(of: UInt(XDefaultRootWindow(display)), x: Int(point.x), y: Int(point.y))
        }
    }

    func testASpotShowsUnderEachFingerOverAnotherProgramAndGoesWithTheLift() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let show = try DesktopTouchShow(options: .init(display: server.display))
            defer { show.close() }
            show.start()
            XCTAssertEqual(show.mode, "shaped", "no compositing manager on the test server")
            XCTAssertTrue(show.report.hasPrefix("showing touches on \(server.display): 2 touchscreens (touchscreen, touchscreen-2); "),
                          show.report)
            XCTAssertTrue(show.report.hasSuffix("; no compositing manager: opaque spots in a shaped window"), show.report)
            let other = try TouchLoggingClient(displayName: server.display, frame: CGRect(x: 100, y: 100, width: 500, height: 400),
                                               background: Self.background)
            defer { other.close() }
            let point = CGPoint(x: 300, y: 250)
            // A point of the disc above its number.
            let probe = CGPoint(x: point.x, y: point.y - 14)
            XCTAssertTrue(runLoop { (try? Self.rootPixel(server, probe)).flatMap { $0 }.map { $0 & 0xFF_FFFF } == UInt32(Self.background) },
                          "the program's window shows, the spots' window over it")

            try server.touchscreen.touches([(1, .begin, point)])
            XCTAssertTrue(runLoop { other.readEvents(); return show.spots.count == 1 && other.log.count == 1 })
            let spot = try XCTUnwrap(show.spots.first)
            XCTAssertEqual(spot.location.x, point.x, accuracy: 1)
            XCTAssertEqual(spot.location.y, point.y, accuracy: 1)
            let color = TouchSpotsOverlay.color(for: spot.id)
            let shown = try XCTUnwrap(try Self.rootPixel(server, probe))
            for (shift, channel) in [(16, color.red), (8, color.green), (0, color.blue)] {
                XCTAssertEqual(Double((shown >> UInt32(shift)) & 0xFF), channel * 255, accuracy: 3, "the spot's colour, opaque")
            }
            XCTAssertEqual(other.log, [.init(type: "begin", x: 200, y: 150)], "the program under the spot got the touch")
            // The room's spot, 60 pixels across: its colour 27 pixels above the finger too.
            let edge = try XCTUnwrap(try Self.rootPixel(server, CGPoint(x: point.x, y: point.y - 27)))
            XCTAssertEqual(Double((edge >> 8) & 0xFF), color.green * 255, accuracy: 3, "a spot of the room's size")

            try server.touchscreen.touches([(1, .end, point)])
            XCTAssertTrue(runLoop { other.readEvents(); return show.spots.isEmpty && other.log.count == 2 })
            XCTAssertTrue(runLoop { (try? Self.rootPixel(server, probe)).flatMap { $0 }.map { $0 & 0xFF_FFFF } == UInt32(Self.background) },
                          "the spot is gone and the program's window shows again")
        }
    }

    /// The same touches, sent to a window mapped before the spots and to one mapped after
    /// them, are delivered alike: the spots take nothing.
    func testAnotherProgramGetsTheSameTouchesWithAndWithoutTheSpots() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            @MainActor func play(_ client: TouchLoggingClient, first id: UInt32) throws -> [TouchLoggingClient.Entry] {
                let moves = [CGPoint(x: 250, y: 200), CGPoint(x: 260, y: 210), CGPoint(x: 290, y: 240)]
                try server.touchscreen.touches([(id, .begin, moves[0]), (id + 1, .begin, CGPoint(x: 400, y: 300))])
                try server.touchscreen.touches([(id, .update, moves[1])])
                try server.touchscreen.touches([(id, .update, moves[2]), (id + 1, .end, CGPoint(x: 400, y: 300))])
                try server.touchscreen.touches([(id, .end, moves[2])])
                XCTAssertTrue(runLoop { client.readEvents(); return client.log.filter { $0.type == "end" }.count == 2 })
                return client.log
            }
            let frame = CGRect(x: 100, y: 100, width: 500, height: 400)
            let without = try TouchLoggingClient(displayName: server.display, frame: frame, background: Self.background)
            let before = try play(without, first: 10)
            without.close()

            let show = try DesktopTouchShow(options: .init(display: server.display))
            defer { show.close() }
            show.start()
            let with = try TouchLoggingClient(displayName: server.display, frame: frame, background: Self.background)
            defer { with.close() }
            let after = try play(with, first: 20)
            XCTAssertEqual(after, before)
            XCTAssertEqual(before.map(\.description), ["begin (150, 100)", "begin (300, 200)", "update (160, 110)",
                                                      "update (190, 140)", "end (300, 200)", "end (190, 140)"])
            XCTAssertTrue(runLoop { show.spots.isEmpty }, "every spot gone with its finger")
        }
    }

    /// A compositing manager (Debian's `xcompmgr`) started while the spots show: the
    /// window becomes a translucent ARGB one, the spot blends over the program below; the
    /// compositor stopped, the shaped window comes back.
    func testACompositorStartingAndStoppingSwitchesTheSpotsWindow() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let path = "/usr/bin/xcompmgr"
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: path), "xcompmgr is installed by the README's and CI's commands")
            let show = try DesktopTouchShow(options: .init(display: server.display))
            defer { show.close() }
            show.start()
            let other = try TouchLoggingClient(displayName: server.display, frame: CGRect(x: 100, y: 100, width: 500, height: 400),
                                               background: Self.background)
            defer { other.close() }
            XCTAssertEqual(show.mode, "shaped")
            let compositor = Process()
            compositor.executableURL = URL(fileURLWithPath: path)
            compositor.arguments = ["-d", server.display]
            try compositor.run()
            defer {
                if compositor.isRunning { compositor.terminate() }
                compositor.waitUntilExit()
            }
            XCTAssertTrue(runLoop(timeout: 10) { show.mode == "composited" }, "the compositor's arrival switches the window")

            let point = CGPoint(x: 320, y: 260)
            let probe = CGPoint(x: point.x, y: point.y - 14)
            try server.touchscreen.touches([(40, .begin, point)])
            XCTAssertTrue(runLoop { show.spots.count == 1 })
            let color = TouchSpotsOverlay.color(for: try XCTUnwrap(show.spots.first).id)
            let background = [Double((Self.background >> 16) & 0xFF), Double((Self.background >> 8) & 0xFF), Double(Self.background & 0xFF)]
            let expected = zip([color.red, color.green, color.blue], background).map { top, bottom in
                top * 255 * DesktopTouchShow.Options.room.fillAlpha + bottom * (1 - DesktopTouchShow.Options.room.fillAlpha)
            }
            @MainActor func blended() -> Bool {
                guard let pixel = (try? Self.rootPixel(server, probe)).flatMap({ $0 }) else { return false }
                let channels = [Double((pixel >> 16) & 0xFF), Double((pixel >> 8) & 0xFF), Double(pixel & 0xFF)]
                return zip(channels, expected).allSatisfy { abs($0 - $1) <= 4 }
            }
            XCTAssertTrue(runLoop(timeout: 5) { blended() }, "the spot translucent over the program's window")
            try server.touchscreen.touches([(40, .end, point)])
            XCTAssertTrue(runLoop { show.spots.isEmpty })

            compositor.terminate()
            compositor.waitUntilExit()
            XCTAssertTrue(runLoop(timeout: 10) { show.mode == "shaped" }, "the compositor gone, the shaped window again")
            XCTAssertTrue(runLoop { (try? Self.rootPixel(server, probe)).flatMap { $0 }.map { $0 & 0xFF_FFFF } == UInt32(Self.background) },
                          "and the program's window shows through it, not black")
        }
    }

    /// With mouse presses shown: a ring where the pointer was pressed, until the
    /// release; a touch's emulated press is not a mouse press.
    func testAMousePressShowsARingUntilTheRelease() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let show = try DesktopTouchShow(options: .init(display: server.display, showsMouse: true))
            defer { show.close() }
            show.start()
            XCTAssertTrue(show.report.hasPrefix("showing touches and mouse presses on \(server.display): "), show.report)
            let point = CGPoint(x: 420, y: 330)
            try server.pointer.move(to: point)
            try server.pointer.button(1, isPress: true, at: point)
            XCTAssertTrue(runLoop { show.mouseRingLocations == [point] })
            // The ring's top, white.
            XCTAssertTrue(runLoop { (try? Self.rootPixel(server, CGPoint(x: point.x, y: point.y - MouseRings.radius))).flatMap { $0 }.map { $0 & 0xFF_FFFF } == 0xFF_FFFF })
            try server.pointer.button(1, isPress: false, at: point)
            XCTAssertTrue(runLoop { show.mouseRingLocations.isEmpty })

            try server.touchscreen.touches([(50, .begin, CGPoint(x: 200, y: 200))])
            XCTAssertTrue(runLoop { show.spots.count == 1 })
            _ = runLoop(timeout: 0.2) { false }
            XCTAssertTrue(show.mouseRingLocations.isEmpty, "a finger down is no mouse press (its emulated press shows no ring)")
            try server.touchscreen.touches([(50, .end, CGPoint(x: 200, y: 200))])
            XCTAssertTrue(runLoop { show.spots.isEmpty })
        }
    }

    /// Two RandR monitors, the touchscreen mapped to the right one by its matrix, then to
    /// the left one while the spots show (as `xinput map-to-output` does): each spot is
    /// where the server delivers the touch to the program under it.
    func testASpotIsUnderTheFingerWithTheTouchscreenMappedToOneOfTwoMonitors() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            try addTwoMonitorDesk(server)
            defer { removeHalves(server) }
            let connection = try X11Connection(name: server.display)
            let device = try XCTUnwrap(TouchscreenMapping.touchscreens(on: connection).first { $0.name == "touchscreen-2" }).id
            let screen = (width: server.screenSize.width, height: server.screenSize.height)
            defer {
                TouchscreenMapping.writeMatrix(TouchscreenMapping.identity, device: device, on: connection)
                connection.close()
            }
            let (left, right) = (halves(of: server)[0], halves(of: server)[1])
            TouchscreenMapping.writeMatrix(TouchscreenMapping.matrix(for: right, screen: screen), device: device, on: connection)
            XSync(connection.display, 0)

            let show = try DesktopTouchShow(options: .init(display: server.display))
            defer { show.close() }
            show.start()
            XCTAssertTrue(show.report.contains("2 monitors LEFT (\(left.width)x\(left.height)+0+0), RIGHT (\(right.width)x\(right.height)+\(right.x)+0)"),
                          show.report)
            let other = try TouchLoggingClient(displayName: server.display,
                                               frame: CGRect(x: 0, y: 0, width: screen.width, height: screen.height),
                                               background: Self.background)
            defer { other.close() }
            @MainActor func touch(_ id: UInt32, at point: CGPoint) throws -> (spot: CGPoint, delivered: CGPoint) {
                let logged = other.log.count
                try server.secondTouchscreen.touches([(id, .begin, point)])
                XCTAssertTrue(runLoop { other.readEvents(); return show.spots.count == 1 && other.log.count > logged })
                let spot = show.spots.first?.location ?? .zero
                let entry = other.log[logged]
                try server.secondTouchscreen.touches([(id, .end, point)])
                XCTAssertTrue(runLoop { other.readEvents(); return show.spots.isEmpty })
                return (spot, CGPoint(x: entry.x, y: entry.y))
            }
            var (spot, delivered) = try touch(60, at: CGPoint(x: 400, y: 300))
            XCTAssertEqual(delivered.x, CGFloat(right.x + 200), accuracy: 1, "the right monitor, half the width")
            XCTAssertEqual(spot.x, delivered.x, accuracy: 1)
            XCTAssertEqual(spot.y, delivered.y, accuracy: 1)

            TouchscreenMapping.writeMatrix(TouchscreenMapping.matrix(for: left, screen: screen), device: device, on: connection)
            XSync(connection.display, 0)
            (spot, delivered) = try touch(61, at: CGPoint(x: 400, y: 300))
            XCTAssertEqual(delivered.x, 200, accuracy: 1, "mapped again while the spots show: the left monitor")
            XCTAssertEqual(spot.x, delivered.x, accuracy: 1)
            XCTAssertEqual(spot.y, delivered.y, accuracy: 1)
        }
    }

    /// Another always-on-top program that raises itself whenever a window is restacked
    /// would make the two raise each other for ever: the spots give way past
    /// `raiseLimit` raises a second instead of looping.
    func testAnotherAlwaysOnTopWindowNeverMakesItRaiseInALoop() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let show = try DesktopTouchShow(options: .init(display: server.display))
            defer { show.close() }
            show.start()
            let rival = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(rival) }
            let root = XDefaultRootWindow(rival)
            var attributes = XSetWindowAttributes()
            attributes.override_redirect = 1
            let window = XCreateWindow(rival, root, 50, 50, 200, 200, 0, Int32(CopyFromParent), UInt32(InputOutput), nil,
                                       UInt(CWOverrideRedirect), &attributes)
            XSelectInput(rival, root, SubstructureNotifyMask)
            XMapRaised(rival, window)
            XSync(rival, 0)
            var rivalRaises = 0
            let deadline = Date().addingTimeInterval(1.5)
            _ = runLoop(timeout: 2) {
                // The rival: back on top at every restacking of another window.
                while XPending(rival) > 0 {
                    var event = XEvent()
                    XNextEvent(rival, &event)
                    if event.type == ConfigureNotify, event.xconfigure.window != window {
                        XRaiseWindow(rival, window)
                        rivalRaises += 1
                    }
                }
                XFlush(rival)
                return Date() >= deadline
            }
            XCTAssertGreaterThan(show.raisesSkipped, 0, "it gave way")
            XCTAssertLessThanOrEqual(show.raiseCount, 2 * DesktopTouchShow.raiseLimit + 2, "at most the limit a second: \(show.raiseCount)")
            XCTAssertLessThanOrEqual(rivalRaises, show.raiseCount + 1)
        }
    }

    /// Over real X programs (xcalc, xclock, xlogo from x11-apps): three fingers, two of
    /// them moving, show three spots with trails over the programs' windows, each in its
    /// finger's colour. With `SHOW_TOUCHES_PICTURE=file.png` the screen is written there
    /// (the README's picture).
    func testSpotsShowOverRealProgramsWindows() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            var programs: [Process] = []
            defer {
                for program in programs where program.isRunning { program.terminate() }
            }
            for (name, geometry) in [("xcalc", "260x340+120+120"), ("xclock", "300x300+430+140"), ("xlogo", "260x260+780+200")] {
                let program = Process()
                program.executableURL = URL(fileURLWithPath: "/usr/bin/\(name)")
                program.arguments = ["-display", server.display, "-geometry", geometry]
                program.standardError = FileHandle.nullDevice
                try program.run()
                programs.append(program)
            }
            // The three windows mapped (x11-apps draws them as soon as they are).
            XCTAssertTrue(runLoop(timeout: 10) {
                (try? withDisplay(server.display) { display in
                    var root: Window = 0, parent: Window = 0
                    var children: UnsafeMutablePointer<Window>?
                    var count: UInt32 = 0
                    XQueryTree(display, XDefaultRootWindow(display), &root, &parent, &children, &count)
                    if let children { XFree(children) }
                    return count >= 3
                }) ?? false
            }, "x11-apps' programs are installed by the README's and CI's commands")
            _ = runLoop(timeout: 0.5) { false }
            let show = try DesktopTouchShow(options: .init(display: server.display))
            defer { show.close() }
            show.start()
            let fingers: [(UInt32, [CGPoint])] = [
                (70, [CGPoint(x: 200, y: 300), CGPoint(x: 230, y: 280), CGPoint(x: 270, y: 270), CGPoint(x: 300, y: 268)]),
                (71, [CGPoint(x: 580, y: 290), CGPoint(x: 590, y: 320), CGPoint(x: 605, y: 350), CGPoint(x: 615, y: 380)]),
                (72, [CGPoint(x: 900, y: 330)]),
            ]
            try server.touchscreen.touches(fingers.map { ($0.0, .begin, $0.1[0]) })
            for step in 1..<4 {
                try server.touchscreen.touches(fingers.filter { $0.1.count > step }.map { ($0.0, .update, $0.1[step]) })
                _ = runLoop(timeout: 0.03) { false }
            }
            XCTAssertTrue(runLoop { show.spots.count == 3 })
            for spot in show.spots {
                let color = TouchSpotsOverlay.color(for: spot.id)
                let probe = try XCTUnwrap(try Self.rootPixel(server, CGPoint(x: spot.location.x, y: spot.location.y - 14)))
                XCTAssertEqual(Double((probe >> 8) & 0xFF), color.green * 255, accuracy: 3, "finger \(spot.id.number)'s spot")
            }
            if let path = ProcessInfo.processInfo.environment["SHOW_TOUCHES_PICTURE"] {
                let reader = try WindowPixelReader(displayName: server.display)
                let (width, height) = (server.screenSize.width, server.screenSize.height)
                let frame = try FrameBuffer(validatingPointSize: CGSize(width: width, height: height), scale: 1)
                try withDisplay(server.display) { display in
                    let root = UInt(XDefaultRootWindow(display))
                    for y in 0..<height {
                        let row = try XCTUnwrap(reader.row(of: root, x: 0, y: y, width: width))
                        let pixels = frame.pixels.advanced(by: y * frame.stride).assumingMemoryBound(to: UInt32.self)
                        for x in 0..<width { pixels[x] = 0xFF00_0000 | row[x] }
                    }
                }
                try frame.writePNG(to: URL(fileURLWithPath: path))
            }
            try server.touchscreen.touches(fingers.map { ($0.0, .end, $0.1.last!) })
            XCTAssertTrue(runLoop { show.spots.isEmpty })
        }
    }

    /// The screen grown while the spots show (`xrandr --fb`, as a monitor plugged in
    /// grows it): the window covers it again, and a spot is still where the server
    /// delivers the touch.
    func testTheScreenGrowingKeepsTheSpotsUnderTheFingers() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let show = try DesktopTouchShow(options: .init(display: server.display))
            defer { show.close() }
            show.start()
            let (width, height) = (server.screenSize.width, server.screenSize.height)
            try xrandr(server, "--fb", "\(width + 320)x\(height)")
            defer { try? xrandr(server, "--fb", "\(width)x\(height)", check: false) }
            XCTAssertTrue(runLoop { show.screenSize == CGSize(width: width + 320, height: height) }, "\(show.screenSize)")
            let other = try TouchLoggingClient(displayName: server.display, frame: CGRect(x: 0, y: 0, width: width + 320, height: height),
                                               background: Self.background)
            defer { other.close() }
            try server.touchscreen.touches([(80, .begin, CGPoint(x: 1000, y: 500))])
            XCTAssertTrue(runLoop { other.readEvents(); return show.spots.count == 1 && other.log.count == 1 })
            let spot = try XCTUnwrap(show.spots.first).location
            XCTAssertEqual(spot.x, CGFloat(other.log[0].x), accuracy: 1, "where the server delivers it on the wider screen")
            XCTAssertEqual(spot.y, CGFloat(other.log[0].y), accuracy: 1)
            XCTAssertGreaterThan(spot.x, 1100, "the touchscreen spans the wider screen")
            try server.touchscreen.touches([(80, .end, CGPoint(x: 1000, y: 500))])
            XCTAssertTrue(runLoop { show.spots.isEmpty })
        }
    }

    func testASecondShowOnTheDisplayIsRefusedNamingTheFirst() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let show = try DesktopTouchShow(options: .init(display: server.display))
            defer { show.close() }
            XCTAssertThrowsError(try DesktopTouchShow(options: .init(display: server.display))) { error in
                XCTAssertEqual(error as? ShowTouchesError, .alreadyRunning(display: server.display, pid: Int(getpid())))
                XCTAssertEqual("\(error)", "--show-touches already runs on \(server.display) (pid \(getpid())); stop it with: touch-sandbox --show-touches stop")
            }
        }
    }

    /// A touchscreen switched off mid-touch takes its finger's spot with it.
    func testAFingerOnATouchscreenThatGoesAwayLosesItsSpot() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let show = try DesktopTouchShow(options: .init(display: server.display))
            defer { show.close() }
            show.start()
            // The second touchscreen, so the first keeps its connection for the others.
            let touchscreen = server.secondTouchscreen
            try touchscreen.touches([(30, .begin, CGPoint(x: 200, y: 200))])
            XCTAssertTrue(runLoop { show.spots.count == 1 })
            let device = try XCTUnwrap(show.spots.first?.id.device)
            setDeviceEnabled(false, device: device, display: server.display)
            XCTAssertTrue(runLoop { show.spots.isEmpty }, "cancelled with its device")
            setDeviceEnabled(true, device: device, display: server.display)
            // Disabling closed the driver's connection: a new one, as a replugged screen.
            try touchscreen.reconnect()
            try touchscreen.touches([(31, .begin, CGPoint(x: 220, y: 220))])
            XCTAssertTrue(runLoop { show.spots.count == 1 }, "the device back, its fingers show again")
            try touchscreen.touches([(31, .end, CGPoint(x: 220, y: 220))])
            XCTAssertTrue(runLoop { show.spots.isEmpty })
        }
    }
}
