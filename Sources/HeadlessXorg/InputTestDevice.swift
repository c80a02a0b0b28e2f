import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One virtual input device of a headless Xorg, driven through its `inputtest` socket.
///
/// The connection is opened once and held for the server's whole life: this driver
/// version spins a CPU core after a client disconnects, so a device is only reconnected
/// after the server itself closed the connection (the device was disabled). Every call sends its events followed by a wait-for-sync and blocks until
/// the server has processed them (not until any client has read them). The driver
/// answers a wait-for-sync only when events were queued before it, so a sync is never
/// sent on its own.
public final class InputTestDevice: @unchecked Sendable {
    public enum Kind: String, Sendable {
        case touchscreen = "Touch"
        case absolutePointer = "PointerAbsolute"
        case keyboard = "Keyboard"
    }

    /// The `Identifier` of the device in the server's configuration (what `xinput list`
    /// shows).
    public let name: String
    public let kind: Kind
    /// The screen size, to turn pixel positions into valuator units.
    let screenSize: (width: Int, height: Int)
    private let socketPath: String
    private var socket: Int32
    private let lock = NSLock()

    init(name: String, kind: Kind, socketPath: String, screenSize: (width: Int, height: Int),
         deadline: Date) throws {
        self.name = name
        self.kind = kind
        self.screenSize = screenSize
        self.socketPath = socketPath
        self.socket = try Self.connect(to: socketPath, deadline: deadline)
        try handshake()
    }

    /// Connects again after the device was disabled and enabled (`xinput disable`
    /// makes the driver close the connection; enabling it makes it listen again). The
    /// server announces the enabled device before its driver listens again, so a
    /// connection the old listener dropped is retried until the deadline.
    public func reconnect(timeout: TimeInterval = 5) throws {
        let deadline = Date().addingTimeInterval(timeout)
        try lock.withLock {
            while true {
                close(socket)
                socket = try Self.connect(to: socketPath, deadline: deadline)
                do {
                    return try handshake()
                } catch {
                    guard Date() < deadline else { throw error }
                    usleep(10_000)
                }
            }
        }
    }

    private func handshake() throws {
        try write(InputTestMessage.clientVersion(major: 1, minor: 1).encoded)
        let reply = try read(count: 12)
        let type = reply.loadLittleEndian(UInt32.self, at: 4)
        guard type == 0 else {
            throw HeadlessXorgError.protocolError("\(name): expected a server-version reply, got type \(type)")
        }
    }

    deinit {
        close(socket)
    }

    // MARK: - Sending events

    /// Sends events as one burst, then waits until the server has processed them.
    public func send(_ messages: [InputTestMessage]) throws {
        guard !messages.isEmpty else { return }
        try lock.withLock {
            try write(messages.flatMap(\.encoded))
            try syncLocked()
        }
    }

    /// Touch events at screen pixel positions (sub-pixel allowed).
    public func touches(_ events: [(id: UInt32, type: InputTestMessage.TouchType, at: CGPoint)]) throws {
        try send(events.map { .touch(id: $0.id, type: $0.type, x: valuatorX($0.at.x), y: valuatorY($0.at.y)) })
    }

    /// Touch events at screen pixel positions that also report pressure, in the
    /// touchscreen's valuator units (0…`InputTestMessage.touchPressureMaximum`).
    public func touches(_ events: [(id: UInt32, type: InputTestMessage.TouchType, at: CGPoint, pressure: Double)]) throws {
        try send(events.map {
            .touch(id: $0.id, type: $0.type, x: valuatorX($0.at.x), y: valuatorY($0.at.y), pressure: $0.pressure)
        })
    }

    /// Moves the absolute pointer to a screen pixel position.
    public func move(to point: CGPoint) throws {
        try send([.absoluteMotion(x: valuatorX(point.x), y: valuatorY(point.y))])
    }

    /// Moves the absolute pointer to a screen pixel position with its scroll valuators at
    /// these readings (`InputTestMessage.scrollingMotion`): smooth scrolling.
    public func move(to point: CGPoint, horizontalScroll: Double, verticalScroll: Double) throws {
        try send([.scrollingMotion(x: valuatorX(point.x), y: valuatorY(point.y), horizontalScroll: horizontalScroll,
                                   verticalScroll: verticalScroll)])
    }

    /// Presses or releases a pointer button at a screen pixel position.
    public func button(_ number: Int32, isPress: Bool, at point: CGPoint) throws {
        try send([.button(number: number, isPress: isPress, x: valuatorX(point.x), y: valuatorY(point.y))])
    }

    /// Presses or releases a key by X keycode (for example 37 for Control_L).
    public func key(_ code: Int32, isPress: Bool) throws {
        try send([.key(code: code, isPress: isPress)])
    }

    /// The valuator value Xorg maps onto screen pixel `x`. Absolute axes span 0…65535
    /// and Xorg scales them as `value * width / 65536`.
    public func valuatorX(_ x: CGFloat) -> Double { Double(x) * 65536 / Double(screenSize.width) }
    public func valuatorY(_ y: CGFloat) -> Double { Double(y) * 65536 / Double(screenSize.height) }

    // MARK: - Socket

    private func syncLocked() throws {
        try write(InputTestMessage.waitForSync.encoded)
        let reply = try read(count: 8)
        let type = reply.loadLittleEndian(UInt32.self, at: 4)
        guard type == 1 else {
            throw HeadlessXorgError.protocolError("\(name): expected a sync reply, got type \(type)")
        }
    }

    private static func connect(to path: String, deadline: Date) throws -> Int32 {
        while true {
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw HeadlessXorgError.system("socket", errno) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let pathBytes = Array(path.utf8)
            guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
                close(fd)
                throw HeadlessXorgError.protocolError("socket path too long: \(path)")
            }
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: pathBytes)
            }
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if result == 0 { return fd }
            let error = errno
            close(fd)
            guard Date() < deadline else {
                throw HeadlessXorgError.timeout("the inputtest socket \(path) (\(String(cString: strerror(error))))")
            }
            usleep(10_000)
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw HeadlessXorgError.system("write to \(name)", errno)
            }
            offset += written
        }
    }

    private func read(count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 5_000)
            guard ready > 0 else {
                if ready < 0 && errno == EINTR { continue }
                throw HeadlessXorgError.timeout("a reply from the inputtest device \(name)")
            }
            let got = buffer[offset...].withUnsafeMutableBytes { Glibc.read(socket, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw HeadlessXorgError.protocolError("\(name): the server closed the socket") }
            offset += got
        }
        return buffer
    }
}

extension Array where Element == UInt8 {
    func loadLittleEndian<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        var value = T.zero
        for (shift, byte) in self[offset..<offset + MemoryLayout<T>.size].enumerated() {
            value |= T(byte) << (8 * shift)
        }
        return value
    }
}
