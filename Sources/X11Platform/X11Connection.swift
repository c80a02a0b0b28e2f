import CX11
import Dispatch
import FileSafety
import Foundation

/// An open connection to an X server that speaks XInput 2.2 or later.
///
/// Losing the connection (the server was killed) is fatal for an Xlib client: Xlib calls
/// the I/O error handler, which must not return. The handler installed here prints one
/// line and exits with status 1, so the program neither hangs nor dumps core. Protocol
/// errors (for example a window that vanished under a request) are logged as one line
/// and otherwise ignored.
@MainActor
public final class X11Connection {
    public let display: OpaquePointer
    /// The display's name, for messages (":0").
    public let name: String
    /// The XInput extension's major opcode, which marks its generic events.
    public let xiOpcode: Int32
    /// The XInput version the server agreed to speak.
    public let xiVersion: (major: Int32, minor: Int32)

    /// Opens `name`, or `$DISPLAY` when `name` is nil, and checks for XInput 2.2.
    public init(name requested: String?) throws(X11HostError) {
        let environment = ProcessInfo.processInfo.environment["DISPLAY"]
        guard let name = requested ?? environment, !name.isEmpty else { throw .noDisplay }
        guard let display = XOpenDisplay(name) else { throw .cannotOpenDisplay(name) }
        var opcode: Int32 = 0
        var firstEvent: Int32 = 0
        var firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else {
            XCloseDisplay(display)
            throw .noXInput(name)
        }
        var major: Int32 = 2
        var minor: Int32 = 2
        let status = XIQueryVersion(display, &major, &minor)
        guard status == Success, major > 2 || (major == 2 && minor >= 2) else {
            XCloseDisplay(display)
            throw .oldXInput(name, major: major, minor: minor)
        }
        self.display = display
        self.name = name
        self.xiOpcode = opcode
        self.xiVersion = (major, minor)
        Self.installErrorHandlers(displayName: name)
    }

    /// The file descriptor of the connection, for the run loop.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// Sends buffered requests to the server.
    public func flush() { XFlush(display) }

    /// The keycode that types `keysym` in the server's current keymap (nil if no key
    /// does). Keymaps differ between servers (evdev or xfree86 keycodes), so input
    /// injected as keycodes, as the headless server's virtual keyboard takes it, is
    /// looked up here rather than hard-coded.
    public func keycode(forKeysym keysym: UInt) -> Int32? {
        let code = XKeysymToKeycode(display, KeySym(keysym))
        return code == 0 ? nil : Int32(code)
    }

    /// A dispatch source reading the connection on the main queue, calling `handler`
    /// when it has data. Cancel it to stop; `close()` waits for that.
    public func makeReadSource(_ handler: @escaping @MainActor () -> Void) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: .main)
        watchingSources += 1
        source.setEventHandler {
            MainActor.assumeIsolated { handler() }
        }
        source.setCancelHandler { [self] in
            MainActor.assumeIsolated {
                watchingSources -= 1
                if watchingSources == 0, closeRequested { closeNow() }
            }
        }
        return source
    }

    /// Read sources not yet cancelled (`makeReadSource(_:)`).
    private var watchingSources = 0
    private var closeRequested = false
    private var isClosed = false

    /// Closes the connection. The object must not be used afterwards. While a read
    /// source still watches the descriptor, the close waits for its cancellation
    /// (dispatch's cancel handler): a descriptor closed under dispatch may be reused at
    /// once by the next connection, whose events dispatch would then never report.
    public func close() {
        guard !isClosed, !closeRequested else { return }
        guard watchingSources == 0 else {
            closeRequested = true
            return
        }
        closeNow()
    }

    private func closeNow() {
        guard !isClosed else { return }
        isClosed = true
        XCloseDisplay(display)
    }

    // MARK: - Error handlers

    /// The name shown by the I/O error handler, which cannot capture context.
    nonisolated(unsafe) static var displayNameForErrors = ""

    private static func installErrorHandlers(displayName: String) {
        displayNameForErrors = displayName
        XSetIOErrorHandler { _ in
            let line = "\(ProgramName.current): lost the connection to the X server \(X11Connection.displayNameForErrors); exiting\n"
            StandardError.writeLine(line)
            exit(1)
        }
        XSetErrorHandler { display, event in
            guard let event else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let description = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let line = "\(ProgramName.current): X protocol error: \(description) (request \(event.pointee.request_code).\(event.pointee.minor_code)); continuing\n"
            StandardError.writeLine(line)
            return 0
        }
    }
}
