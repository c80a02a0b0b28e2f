import CairoRenderer
import CX11
import Dispatch
import FileSafety
import Foundation
import UIKit

/// Input: the connection read in each turn (`RunLoopInputSource`), XI2 events translated
/// into batches, keys, scrolls and hot-plugged devices, input injected from elsewhere,
/// and each batch handed through the filters to the client.
extension X11Host {
    // MARK: - RunLoopInputSource

    /// Xlib reads the connection while it sends requests and waits for replies (a
    /// frame's images, a round trip): what it read then sits in its queue and raises no
    /// readiness on the connection, so the run loop runs another turn before sleeping.
    public var hasInputAlreadyRead: Bool {
        !isClosed && XEventsQueued(connection.display, QueuedAlready) > 0
    }

    /// Whether events wait, in Xlib's queue or on the connection (read without
    /// blocking: `XEventsQueued` after a flush).
    public var hasInputWaiting: Bool {
        !isClosed && XEventsQueued(connection.display, QueuedAfterReading) > 0
    }

    // MARK: - Input

    /// Runs a turn of the run loop now: it reads every event the connection has
    /// (`deliverPendingInput()`) and draws what changed. Tests may call it.
    public func processPendingEvents() {
        runLoop.turn()
    }

    /// The input step of a turn: handles every event the connection has now (reading on
    /// until nothing more is pending) and hands the touches read through the filters to
    /// the client as one coalesced batch, then the scrolls, each key as it comes.
    /// Returns whether touches, scrolls or keys were handed on: the turn's frame shows
    /// new input. The run loop calls it; a frame is drawn at the end of the turn.
    public func deliverPendingInput() -> Bool {
        guard !isClosed else { return false }
        var handedOn = false
        var batch = InputBatchAssembler()
        let display = connection.display
        // One clock reading serves the whole read: it only picks the 32-bit wrap epoch.
        let now = ServerTimestampConverter.monotonicMilliseconds()
        var closeRequested = false
        let pendingBefore = translator.touchesPendingOwnership
        var hasCollectedTheFrame = false
        while true {
            if XPending(display) == 0 {
                // Touches came in this read: the server may have written them before it
                // handled the rest of the same input frame (the other fingers that
                // landed, moved or lifted with them; a touch's ownership, which without
                // a grab follows its begin at once), as it writes each input event out
                // as it goes. One round trip takes those into this batch, since the
                // server handles pending input before it answers: fingers that land or
                // lift together reach the app in one event, as on iOS, and no spot
                // flashes as pending.
                guard !hasCollectedTheFrame, !batch.isEmpty else { break }
                hasCollectedTheFrame = true
                XSync(display, 0)
                continue
            }
            var event = XEvent()
            XNextEvent(display, &event)
            switch event.type {
            case GenericEvent:
                handleGenericEvent(&event, now: now, into: &batch)
            case Expose:
                damage.addAll()
            case ConfigureNotify:
                handleConfigure(event.xconfigure)
            case KeyPress:
                handedOn = true
                handleKey(&event.xkey)
            case ClientMessage:
                if Atom(event.xclient.data.l.0) == window.deleteWindowAtom {
                    closeRequested = true
                }
            default:
                break
            }
        }
        if !batch.isEmpty {
            handedOn = true
            deliver(MoveCoalescer.coalesce(batch.take()))
        }
        if !pendingScrolls.isEmpty {
            handedOn = true
            let scrolls = pendingScrolls
            pendingScrolls = []
            for scroll in scrolls { deliver(scroll) }
        }
        if translator.touchesPendingOwnership != pendingBefore {
            let pending = translator.touchesPendingOwnership
            for filter in inputFilters { filter.host(self, didChangeTouchesPendingOwnership: pending) }
        }
        if closeRequested, let onCloseRequest {
            onCloseRequest()
        } else if closeRequested {
            close()
            if let client { client.hostDidClose(self) } else { exit(0) }
        }
        return handedOn
    }

    private func handleGenericEvent(_ event: inout XEvent, now: UInt64, into batch: inout InputBatchAssembler) {
        let display = connection.display
        guard event.xcookie.extension == connection.xiOpcode, XGetEventData(display, &event.xcookie) != 0 else {
            return
        }
        defer { XFreeEventData(display, &event.xcookie) }
        guard let data = event.xcookie.data else { return }
        switch event.xcookie.evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            let deviceEvent = data.load(as: XIDeviceEvent.self)
            if window.kiosk?.showsCursorOnMouseUse == true {
                // A kiosk prototype worked with a mouse too: its cursor shows while the
                // mouse is used, and goes at the next touch.
                if event.xcookie.evtype == XI_TouchBegin {
                    window.concealCursor()
                } else if event.xcookie.evtype != XI_TouchUpdate, event.xcookie.evtype != XI_TouchEnd,
                          deviceEvent.flags & Int32(XIPointerEmulated) == 0 {
                    window.revealCursor()
                }
            }
            batch.append(translator.translate(deviceEvent, now: now))
            if let scroll = scrollTranslator.translate(deviceEvent, now: now) {
                pendingScrolls.append(scroll)
            }
        case XI_Enter:
            // The pointer comes from elsewhere, where its scroll valuators may have moved
            // unseen: measure from their values now.
            let enter = data.load(as: XIEnterEvent.self)
            scrollTranslator.learnDevices(on: connection, device: enter.sourceid)
        case XI_DeviceChanged:
            scrollTranslator.noteDeviceChanged(data.load(as: XIDeviceChangedEvent.self))
        case XI_TouchOwnership:
            translator.noteOwnership(data.load(as: XITouchOwnershipEvent.self))
        case XI_HierarchyChanged:
            handleHierarchy(data.load(as: XIHierarchyEvent.self), into: &batch)
        default:
            break
        }
    }

    private func handleHierarchy(_ event: XIHierarchyEvent, into batch: inout InputBatchAssembler) {
        let now = MonotonicClock().now
        let gone = Int32(XIDeviceDisabled | XISlaveRemoved)
        let arrived = Int32(XIDeviceEnabled | XISlaveAdded)
        for index in 0..<Int(event.num_info) {
            let info = event.info[index]
            let device = Int(info.deviceid)
            if info.flags & gone != 0 {
                scrollTranslator.setAxes([], values: [:], ofDevice: device)
                batch.deviceWentAway(device, remaining: translator.cancelTouches(ofDevice: device, timestamp: now))
                if let known = touchDevices.firstIndex(where: { $0.id == device }) {
                    log("touch device \(device) \"\(touchDevices[known].name)\" went away; its touches were cancelled")
                    touchDevices.remove(at: known)
                }
            } else if info.flags & arrived != 0 {
                scrollTranslator.learnDevices(on: connection, device: info.deviceid)
                for found in TouchDeviceInfo.query(connection, device: info.deviceid) where found.isEnabled {
                    touchDevices.removeAll { $0.id == found.id }
                    touchDevices.append(found)
                    log("\(found.description) (new)")
                    // A kiosk's touchscreen plugged back comes with the server's default
                    // matrix, which would send its touches across every monitor.
                    if let line = touchscreenMapping?.touchscreenArrived(found) { log(line) }
                }
            }
        }
        translator.contactAxes = TouchContactAxes.of(touchDevices, on: connection, scale: configuration.scale)
    }

    /// Under a window manager, a kiosk window is checked half a second after it asked
    /// to be shown, once the manager has placed it, and again after each request
    /// (`X11Window.correctKioskPlacement`). Real time on the main queue, not the media
    /// clock: it waits for another process, which a manual clock does not drive and an
    /// app's frozen time must not hold back. It is the one thing the host defers itself,
    /// and it draws nothing: a correction it makes reaches the app as a resize, in a
    /// turn.
    func scheduleKioskPlacementCheck() {
        guard window.kiosk?.windowManager != nil else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, !self.isClosed else { return }
                let line = self.window.correctKioskPlacement()
                // The check's round trips may have read events (a touch) that then
                // raise no readiness on the connection: handle them now.
                if self.hasInputAlreadyRead { self.runLoop.turn() }
                guard let line else { return }
                self.log(line)
                self.scheduleKioskPlacementCheck()
            }
        }
    }

    private func handleConfigure(_ event: XConfigureEvent) {
        guard window.noteSize(width: Int(event.width), height: Int(event.height)) else { return }
        let pointSize = CGSize(width: CGFloat(event.width) / configuration.scale, height: CGFloat(event.height) / configuration.scale)
        do {
            frameBuffer = try FrameBuffer(validatingPointSize: pointSize, scale: configuration.scale)
        } catch {
            // A window manager may make the window larger than Cairo can draw: the part
            // beyond the old frame stays undrawn rather than the program stopping.
            log("\(error); drawing the window at its previous size")
            return
        }
        translator.windowSize = pointSize
        damage = DamageRegion(bounds: CGRect(origin: .zero, size: pointSize), scale: configuration.scale)
        damage.addAll()
        client?.host(self, didResizeTo: pointSize)
    }

    private func handleKey(_ event: inout XKeyEvent) {
        var keysym: KeySym = 0
        var buffer = [CChar](repeating: 0, count: 16)
        let count = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
        let text = String(decoding: buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let key = KeyInput(keysym: UInt(keysym), text: text, isControlDown: event.state & UInt32(ControlMask) != 0,
                           isShiftDown: event.state & UInt32(ShiftMask) != 0)
        handleKey(key)
    }

    // MARK: - Input from elsewhere

    /// Input that did not come from the server (a replay on stage, a tool): it goes
    /// through every input filter to the client exactly as a batch read from the server
    /// does, so the overlays show its fingers and a recorder keeps it, in a turn of the
    /// run loop (the one under way, when a timer of its turn injects it) whose frame
    /// shows it. Locations are in the window's points; a finger must begin before it
    /// moves, as with real input (`UIWindow.inject(_:)`'s rules apply). While it is
    /// delivered, `inputOrigin` is `origin`.
    public func injectInput(_ batch: [TouchSample], origin: InputOrigin = .program) {
        guard !isClosed, !batch.isEmpty else { return }
        runLoop.turn { [self] in delivering(from: origin) { deliver(batch) } }
    }

    /// A key press that did not come from the server: through the input filters, then to
    /// the client unless a filter consumed it, in a turn of the run loop. While it is
    /// delivered, `inputOrigin` is `origin`.
    public func injectKey(_ key: KeyInput, origin: InputOrigin = .program) {
        guard !isClosed else { return }
        runLoop.turn { [self] in delivering(from: origin) { handleKey(key) } }
    }

    /// Runs `body` with `inputOrigin` set to `origin`, restoring it after (an injection
    /// made while another is delivered nests).
    private func delivering(from origin: InputOrigin, _ body: () -> Void) {
        let outer = inputOrigin
        inputOrigin = origin
        defer { inputOrigin = outer }
        body()
    }

    private func handleKey(_ key: KeyInput) {
        for filter in inputFilters where !filter.filter(key, in: self) { return }
        client?.host(self, didReceive: key)
    }


    /// Runs a scroll through the input filters, in order, and gives it to the client
    /// unless one consumed it.
    func deliver(_ scroll: ScrollSample) {
        for filter in inputFilters where !filter.filter(scroll, in: self) { return }
        client?.host(self, didReceive: scroll)
    }

    /// Runs a batch through the input filters, in order, and gives what is left to the
    /// client.
    func deliver(_ batch: [TouchSample]) {
        undrawnInputLocations = batch.map(\.location)
        var samples = batch
        var given: [[TouchSample]] = []
        given.reserveCapacity(inputFilters.count)
        for filter in inputFilters {
            given.append(samples)
            guard !samples.isEmpty else { continue }
            samples = filter.filter(samples, in: self)
        }
        if !samples.isEmpty { client?.host(self, didReceive: samples) }
        for (filter, batch) in zip(inputFilters, given).reversed() where !batch.isEmpty {
            filter.host(self, didHandle: batch)
        }
    }
}
