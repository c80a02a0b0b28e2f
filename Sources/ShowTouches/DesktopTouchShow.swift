import CairoRenderer
import CX11
import Dispatch
import FileSafety
import Foundation
import SandboxDebugging
import UIKit
import X11Platform

/// `touch-sandbox --show-touches`: the sandbox's spots (a translucent disc with the
/// touch's number and a fading trail) under every finger of every touchscreen, drawn
/// above every window of the X screen, over any program, for demos of any Linux app.
///
/// **It takes nothing from any program.** It reads touches as XI2 raw events on the
/// root window (`RawTouchEvent`), which the server sends to every client that asks, at
/// all times, grabs or not; it grabs nothing and owns no touch. Its window is
/// override-redirect and has an empty input shape (`DesktopSpotsWindow`), so every
/// touch and click reaches the window under it as if the spots were not there.
///
/// **Where the spots go.** Each raw event's transformed valuators, scaled from the
/// device's axis ranges to the root window (`DesktopTouchscreens`): the server applied
/// the touchscreen's Coordinate Transformation Matrix already.
///
/// **Staying on top.** It raises its window when another window is mapped or restacked,
/// once per change; an always-on-top program that raises itself in answer would make the
/// two raise each other for ever, so past `raiseLimit` raises in a second it stops
/// raising for that second and says so once.
///
/// **One per display.** It owns the selection `_TOUCH_SANDBOX_SHOW_TOUCHES_S<screen>`
/// (as a window manager owns `WM_S<screen>`); a second start is refused with a line
/// naming the first's pid, and `stop(display:)` asks the owner to end.
///
/// **Idle, it costs nothing**: it waits on the X connection, with a timer only while a
/// trail fades, and redraws only the spots' rectangles that changed.
@MainActor
public final class DesktopTouchShow {
    /// What it was asked to show.
    public struct Options: Equatable, Sendable {
        /// The display (nil: `$DISPLAY`).
        public var display: String?
        /// Whether mouse presses show too, as rings (`MouseRings`).
        public var showsMouse: Bool
        /// How the spots look: `room` unless asked otherwise.
        public var appearance: TouchSpotsOverlay.Appearance

        public init(display: String? = nil, showsMouse: Bool = false, appearance: TouchSpotsOverlay.Appearance = Options.room) {
            self.display = display
            self.showsMouse = showsMouse
            self.appearance = appearance
        }

        /// Spots for a room and a projector: larger than the sandbox's (60 pixels across,
        /// against 44), a little bolder (half opaque, against 45 %), and a trail a little
        /// longer (0.6 s, against 0.5 s), so the back row sees them.
        public static let room = TouchSpotsOverlay.Appearance(radius: 30, fillAlpha: 0.5, trailDuration: 0.6)
    }

    /// The one line it prints on starting: the touchscreens, the monitors, and whether
    /// a compositing manager draws the spots translucent.
    public private(set) var report = ""
    /// Called when another process asks it to stop (`stop(display:)`) or takes its
    /// selection: the command line exits.
    public var onStopRequest: (@MainActor () -> Void)?
    /// The spots now, for tests.
    public var spots: [TouchSpotsOverlay.Spot] { overlay.spots }
    /// The window the spots are drawn in, and how.
    public var windowID: UInt { UInt(window.id) }
    /// The root window's size in pixels, which the spots' window covers.
    public var screenSize: CGSize { rootSize }
    public var mode: String { window.mode.rawValue }

    /// Past this many raises in a second, it stops raising until the second is over.
    public static let raiseLimit = 10
    /// How often it raised its window, and how often it let a stacking change be
    /// (past `raiseLimit`), for tests.
    public private(set) var raiseCount = 0
    public private(set) var raisesSkipped = 0

    private let connection: X11Connection
    private var window: DesktopSpotsWindow
    private var touchscreens = DesktopTouchscreens()
    private let overlay = TouchSpotsOverlay()
    private var mouseRings = MouseRings()
    private let showsMouse: Bool
    /// The mouse rings now, for tests.
    public var mouseRingLocations: [CGPoint] { mouseRings.rings.map(\.location) }
    private var rootSize: CGSize
    private let root: Window
    private let stopMessage: Atom
    private var isClosed = false
    /// Each finger down: its last axis values (for raw updates that leave one out) and
    /// where that put it on the root window.
    private var fingers: [TouchSample.ID: (x: Double, y: Double, location: CGPoint)] = [:]
    /// The small unmapped window that owns the selection and hears `stop`.
    private let owner: Window
    private let selection: Atom
    private var readSource: DispatchSourceRead?
    private var trailTimer: DispatchWorkItem?
    /// When `trailTimer` fires (media time), while one is armed.
    private var trailTimerDeadline: TimeInterval?
    private var raises: [TimeInterval] = []
    private var saidRaiseLimit = false
    /// The compositing manager's selection (`_NET_WM_CM_S<screen>`), whose owner decides
    /// the window's mode, and the XFixes event that says its owner changed.
    private let compositorSelection: Atom
    private let selectionNotifyEvent: Int32

    /// Opens the display, claims it (refusing a second instance), makes the window and
    /// selects raw touches; `start()` begins reading.
    public init(options: Options = Options()) throws(ShowTouchesError) {
        showsMouse = options.showsMouse
        overlay.appearance = options.appearance
        do {
            connection = try X11Connection(name: options.display)
        } catch {
            throw .display(error)
        }
        let display = connection.display
        let screen = XDefaultScreen(display)
        let root = XRootWindow(display, screen)
        self.root = root
        stopMessage = XInternAtom(display, "_TOUCH_SANDBOX_STOP", 0)
        rootSize = CGSize(width: Int(XDisplayWidth(display, screen)), height: Int(XDisplayHeight(display, screen)))
        selection = XInternAtom(display, Self.selectionName(screen: screen), 0)
        let current = XGetSelectionOwner(display, selection)
        if current != 0 {
            let pid = Self.pid(of: current, on: display)
            connection.close()
            throw .alreadyRunning(display: options.display ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? "", pid: pid)
        }
        let owner = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        self.owner = owner
        // Format 32 properties travel as C longs in Xlib.
        var pid = UInt(getpid())
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(display, owner, XInternAtom(display, "_NET_WM_PID", 0), XA_CARDINAL, 32, PropModeReplace,
                            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        XSetSelectionOwner(display, selection, owner, UInt(CurrentTime))
        // Two started at once: the one the server made owner runs, the other is refused.
        let granted = XGetSelectionOwner(display, selection)
        guard granted == owner else {
            let pid = Self.pid(of: granted, on: display)
            XDestroyWindow(display, owner)
            connection.close()
            throw .alreadyRunning(display: options.display ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? "", pid: pid)
        }
        compositorSelection = XInternAtom(display, "_NET_WM_CM_S\(screen)", 0)
        var fixesEvent: Int32 = 0, fixesError: Int32 = 0
        _ = XFixesQueryExtension(display, &fixesEvent, &fixesError)
        var fixesMajor: Int32 = 5, fixesMinor: Int32 = 0
        _ = XFixesQueryVersion(display, &fixesMajor, &fixesMinor)
        selectionNotifyEvent = fixesEvent + XFixesSelectionNotify
        // A compositor that starts or stops switches the window's mode.
        XFixesSelectSelectionInput(display, root, compositorSelection,
                                   UInt(XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
                                        | XFixesSelectionClientCloseNotifyMask))
        let composited = XGetSelectionOwner(display, compositorSelection) != 0
        do {
            window = try DesktopSpotsWindow(connection: connection, mode: composited ? .composited : .shaped, size: rootSize,
                                            fillAlpha: options.appearance.fillAlpha)
        } catch {
            XDestroyWindow(display, owner)
            connection.close()
            throw .display(error)
        }
        selectInput(root: root)
        touchscreens.refresh(connection)
        report = makeReport(composited: window.mode == .composited)
    }

    /// Begins reading the display on the main queue.
    public func start() {
        let source = connection.makeReadSource { [weak self] in self?.handlePendingEvents() }
        source.resume()
        readSource = source
        handlePendingEvents()
    }

    /// Stops reading, removes the window and gives up the display (the connection closes
    /// once dispatch stopped watching it: `X11Connection.close()`).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        trailTimer?.cancel()
        window.close()
        XDestroyWindow(connection.display, owner)
        connection.flush()
        readSource?.cancel()
        readSource = nil
        connection.close()
    }

    // MARK: - Events

    private func selectInput(root: Window) {
        let display = connection.display
        var bits = [UInt8](repeating: 0, count: 4)
        let mouse = showsMouse ? [XI_RawButtonPress, XI_RawButtonRelease] : []
        for event in [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd, XI_HierarchyChanged, XI_DeviceChanged] + mouse {
            bits[Int(event) / 8] |= UInt8(1 << (Int(event) % 8))
        }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            XISelectEvents(display, root, &mask, 1)
        }
        // Windows mapped or restacked above it, to rise over them again; and the root's
        // own size (a monitor plugged in or a mode changed by RandR).
        XSelectInput(display, root, SubstructureNotifyMask | StructureNotifyMask)
        connection.flush()
    }

    /// Reads every event the connection holds and draws what they changed, until none is
    /// left in Xlib's queue either (a round trip made while drawing may have read more
    /// from the socket, which the read source would then never announce).
    public func handlePendingEvents() {
        guard !isClosed else { return }
        let display = connection.display
        repeat {
            handleQueuedEvents()
            guard !isClosed else { return }
        } while XEventsQueued(display, QueuedAlready) > 0
        scheduleTrailTimer()
    }

    private func handleQueuedEvents() {
        let display = connection.display
        var batch: [TouchSample] = []
        var restacked = false
        var compositorMayHaveChanged = false
        var resized: CGSize?
        var exposed: [CGRect] = []
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            switch event.type {
            case GenericEvent:
                guard event.xcookie.extension == connection.xiOpcode, XGetEventData(display, &event.xcookie) != 0 else { continue }
                defer { XFreeEventData(display, &event.xcookie) }
                let type = event.xcookie.evtype
                guard let data = event.xcookie.data else { continue }
                if type == XI_HierarchyChanged
                    || (type == XI_DeviceChanged && data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee.reason == XIDeviceChange) {
                    // At once, in order: the touches after it may be a new device's. (A
                    // master switching slaves is no change of devices.)
                    refreshDevices(into: &batch)
                } else if type == XI_RawButtonPress || type == XI_RawButtonRelease {
                    mouseButton(data.assumingMemoryBound(to: XIRawEvent.self).pointee, pressed: type == XI_RawButtonPress)
                } else if let raw = RawTouchEvent(data.assumingMemoryBound(to: XIRawEvent.self), type: type),
                          let sample = sample(from: raw) {
                    batch.append(sample)
                }
            case MapNotify:
                // A window mapped lands on top.
                restacked = restacked || event.xmap.window != window.id
            case ConfigureNotify:
                let configure = event.xconfigure
                if configure.window == root {
                    resized = CGSize(width: Int(configure.width), height: Int(configure.height))
                } else if configure.window != window.id, configure.above == window.id {
                    // Restacked right above the spots (a window moved or resized where
                    // it is changes nothing).
                    restacked = true
                }
            case CirculateNotify:
                restacked = restacked || (event.xcirculate.window != window.id && event.xcirculate.place == PlaceOnTop)
            case Expose:
                if event.xexpose.window == window.id {
                    exposed.append(CGRect(x: Int(event.xexpose.x), y: Int(event.xexpose.y), width: Int(event.xexpose.width),
                                          height: Int(event.xexpose.height)))
                }
            case ClientMessage:
                if event.xclient.window == owner, event.xclient.message_type == stopMessage { return requestStop() }
            case SelectionClear:
                if event.xselectionclear.selection == selection { return requestStop() }
            case selectionNotifyEvent:
                compositorMayHaveChanged = true
            default:
                break
            }
        }
        if let resized, resized != rootSize {
            rootSize = resized
            remakeWindow(composited: window.mode == .composited, because: "the screen is now \(Int(resized.width))x\(Int(resized.height))")
        }
        if compositorMayHaveChanged { switchModeIfNeeded() }
        // On top first, so what is drawn next is drawn over the window that came up.
        if restacked { raiseOnce() }
        if !exposed.isEmpty { window.repaint(exposed) }
        if !batch.isEmpty { draw(overlay.apply(batch)) }
    }

    /// Another process asked it to stop, or took its selection.
    private func requestStop() {
        onStopRequest?()
        // A caller that does not exit gets a closed show.
        close()
    }

    /// A raw button event of a slave pointer (not one the server emulates from a touch,
    /// not the master's copy): a ring where the pointer is, until the release. Wheel
    /// "buttons" (4 to 7) show nothing.
    private func mouseButton(_ raw: XIRawEvent, pressed: Bool) {
        guard raw.deviceid == raw.sourceid, raw.flags & XIPointerEmulated == 0, !(4...7).contains(raw.detail) else { return }
        let device = Int(raw.sourceid), button = Int(raw.detail)
        guard pressed else {
            if let rect = mouseRings.release(device: device, button: button) { draw([rect]) }
            return
        }
        let display = connection.display
        var root: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, windowX: Int32 = 0, windowY: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(display, XDefaultRootWindow(display), &root, &child, &rootX, &rootY, &windowX, &windowY, &mask) != 0
        else { return }
        draw([mouseRings.press(device: device, button: button, at: CGPoint(x: Int(rootX), y: Int(rootY)))])
    }

    /// A raw event as a sample in root pixels, on the media clock.
    private func sample(from raw: RawTouchEvent) -> TouchSample? {
        let id = TouchSample.ID(device: raw.device, number: raw.touch)
        // An axis the event leaves out keeps its last value.
        let last = fingers[id]
        guard touchscreens.devices[raw.device] != nil, let x = raw.x ?? last?.x, let y = raw.y ?? last?.y,
              let location = touchscreens.rootPoint(device: raw.device, x: x, y: y, rootSize: rootSize) else { return nil }
        let phase: TouchSample.Phase
        switch raw.phase {
        case .began: phase = .began
        case .moved: phase = .moved
        case .ended: phase = .ended
        }
        fingers[id] = phase == .ended ? nil : (x, y, location)
        return TouchSample(id: id, phase: phase, location: location, timestamp: CACurrentMediaTime())
    }

    /// Devices came, went or changed: their ranges read again, and the spots of fingers
    /// on a device that is gone cancelled.
    private func refreshDevices(into batch: inout [TouchSample]) {
        let before = touchscreens.devices
        touchscreens.refresh(connection)
        // Said once each, as the sandbox logs its devices: a presenter waiting for a
        // touchscreen sees it arrive.
        for device in touchscreens.devices.values.sorted(by: { $0.id < $1.id }) where before[device.id] == nil {
            StandardError.writeLine("touch-sandbox: touchscreen \(device.name) added: its touches show")
        }
        for device in before.values.sorted(by: { $0.id < $1.id }) where touchscreens.devices[device.id] == nil {
            StandardError.writeLine("touch-sandbox: touchscreen \(device.name) removed")
        }
        for (id, finger) in fingers where touchscreens.devices[id.device] == nil {
            batch.append(TouchSample(id: id, phase: .cancelled, location: finger.location, timestamp: CACurrentMediaTime()))
            fingers[id] = nil
        }
    }

    private func draw(_ rects: [CGRect]) {
        guard !rects.isEmpty else { return }
        window.redraw(rects) { canvas in
            mouseRings.draw(in: canvas)
            overlay.draw(in: canvas)
        }
    }

    /// A compositing manager started or stopped: the window is made again in the mode
    /// that now applies, with the spots there are.
    private func switchModeIfNeeded() {
        let composited = XGetSelectionOwner(connection.display, compositorSelection) != 0
        guard (composited ? DesktopSpotsWindow.Mode.composited : .shaped) != window.mode else { return }
        remakeWindow(composited: composited, because: composited ? "a compositing manager started: translucent spots"
                                                                 : "the compositing manager stopped: opaque spots in a shaped window")
    }

    /// Makes the window again (a compositor came or went, the screen changed size),
    /// and draws the spots and rings there are in it; says why in one line.
    private func remakeWindow(composited: Bool, because reason: String) {
        do {
            let replacement = try DesktopSpotsWindow(connection: connection, mode: composited ? .composited : .shaped, size: rootSize,
                                                     fillAlpha: overlay.appearance.fillAlpha)
            window.close()
            window = replacement
            draw(overlay.spots.map(overlay.reach(of:)) + mouseRings.rings.map { MouseRings.bounds(of: $0.location) })
            StandardError.writeLine("touch-sandbox: \(reason)")
        } catch {
            StandardError.writeLine("touch-sandbox: cannot make the spots' window again (\(reason)): \(error)")
        }
    }

    /// Raises the window once for a stacking change, unless it has raised it
    /// `raiseLimit` times in the last second.
    private func raiseOnce() {
        let now = CACurrentMediaTime()
        raises.removeAll { now - $0 > 1 }
        guard raises.count < Self.raiseLimit else {
            raisesSkipped += 1
            if !saidRaiseLimit {
                saidRaiseLimit = true
                StandardError.writeLine("touch-sandbox: another always-on-top window keeps raising itself over the spots; raising at most \(Self.raiseLimit) times a second")
            }
            return
        }
        raises.append(now)
        raiseCount += 1
        window.raise()
    }

    /// A timer for the next trail to fade, only while one is fading. One armed for that
    /// moment or earlier is kept: moving a dispatch timer on every batch of moves would
    /// wake libdispatch's timer thread each time.
    private func scheduleTrailTimer() {
        guard let next = overlay.nextUpdateTime else {
            trailTimer?.cancel()
            trailTimer = nil
            trailTimerDeadline = nil
            return
        }
        if trailTimer != nil, let armed = trailTimerDeadline, armed <= next { return }
        trailTimer?.cancel()
        let item = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.trailTimer = nil
                self.trailTimerDeadline = nil
                guard !self.isClosed else { return }
                self.draw(self.overlay.expireTrails(at: CACurrentMediaTime()))
                // Drawing may have read events into Xlib's queue: handle them (which
                // schedules the next fading too).
                self.handlePendingEvents()
                self.scheduleTrailTimer()
            }
        }
        trailTimer = item
        trailTimerDeadline = next
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, next - CACurrentMediaTime()) + 0.001, execute: item)
    }

    // MARK: - Report

    private func makeReport(composited: Bool) -> String {
        let devices = touchscreens.devices.values.sorted { $0.id < $1.id }
        let screens = devices.isEmpty ? "no touchscreen yet: waiting for one"
            : (devices.count == 1 ? "1 touchscreen (" : "\(devices.count) touchscreens (")
                + devices.map { "\($0.name)" }.joined(separator: ", ") + ")"
        let monitors = KioskScreenMonitor.list(on: connection)
        let monitorText = monitors.isEmpty ? "the whole screen \(Int(rootSize.width))x\(Int(rootSize.height))"
            : (monitors.count == 1 ? "1 monitor " : "\(monitors.count) monitors ") + monitors.map(\.description).joined(separator: ", ")
        let drawing = composited ? "a compositing manager: translucent spots" : "no compositing manager: opaque spots in a shaped window"
        return "showing touches\(showsMouse ? " and mouse presses" : "") on \(connection.name): \(screens); \(monitorText); \(drawing)"
    }

    // MARK: - One per display

    static func selectionName(screen: Int32) -> String {
        "_TOUCH_SANDBOX_SHOW_TOUCHES_S\(screen)"
    }

    private static func pid(of window: Window, on display: OpaquePointer) -> Int? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, XInternAtom(display, "_NET_WM_PID", 0), 0, 1, 0, XA_CARDINAL, &type, &format,
                                 &count, &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard count == 1, format == 32 else { return nil }
        // Xlib hands 32-bit properties over as longs.
        return data.withMemoryRebound(to: Int.self, capacity: 1) { Int($0.pointee) }
    }

    /// Asks the `--show-touches` of `display` to stop, and waits up to 3 s for it to
    /// give up the display; returns its pid when it said one.
    public static func stop(display name: String?) throws(ShowTouchesError) -> Int? {
        let connection: X11Connection
        do {
            connection = try X11Connection(name: name)
        } catch {
            throw .display(error)
        }
        defer { connection.close() }
        let display = connection.display
        let selection = XInternAtom(display, selectionName(screen: XDefaultScreen(display)), 0)
        let owner = XGetSelectionOwner(display, selection)
        guard owner != 0 else { throw .notRunning(display: connection.name) }
        let pid = pid(of: owner, on: display)
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = owner
        message.xclient.message_type = XInternAtom(display, "_TOUCH_SANDBOX_STOP", 0)
        message.xclient.format = 32
        XSendEvent(display, owner, 0, 0, &message)
        connection.flush()
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            if XGetSelectionOwner(display, selection) == 0 { return pid }
            usleep(20_000)
        }
        throw .didNotStop(display: connection.name, pid: pid)
    }
}
