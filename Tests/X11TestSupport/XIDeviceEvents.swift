import CX11

/// Reads every event `display` holds and hands each XI2 device event (the extension's
/// `opcode`) to `body`: what the test suite's other X clients (a touch grab, a logging
/// window) read.
package func readXIDeviceEvents(on display: OpaquePointer, opcode: Int32, _ body: (XIDeviceEvent) -> Void) {
    while XPending(display) > 0 {
        var event = XEvent()
        XNextEvent(display, &event)
        guard event.type == GenericEvent, event.xcookie.extension == opcode,
              XGetEventData(display, &event.xcookie) != 0 else { continue }
        defer { XFreeEventData(display, &event.xcookie) }
        guard let data = event.xcookie.data else { continue }
        body(data.load(as: XIDeviceEvent.self))
    }
}
