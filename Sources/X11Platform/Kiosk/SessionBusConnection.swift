import Foundation

/// A connection to the D-Bus session bus that can make method calls with string and
/// 32-bit unsigned arguments, and answer them: all a kiosk needs to ask the desktop's
/// screensaver not to start (`ScreenSaverInhibition`).
///
/// Hand-written over the bus's Unix socket (SASL `EXTERNAL` authentication, `Hello`,
/// little-endian messages as the D-Bus specification lays them out) rather than linking
/// libdbus: the kiosk makes two calls in its life, and a library dependency for them
/// would be one more package to install on every kiosk. Blocking calls with a time
/// limit; anything unexpected is a `Failure` with a one-line description.
final class SessionBusConnection {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// The service answered with an error (an unknown object or method, say), as
        /// opposed to the bus failing to carry the call.
        var isErrorReply = false
    }

    /// A message read from the bus.
    struct Message {
        var type: UInt8
        var serial: UInt32
        var replySerial: UInt32?
        var member: String?
        var errorName: String?
        var sender: String?
        /// The body's string and uint32 arguments, in order, as text.
        var arguments: [String]
    }

    /// The bus's name for this connection (`:1.42`).
    private(set) var uniqueName = ""
    private let socket: Int32
    private var nextSerial: UInt32 = 1
    private var received = Data()

    /// Connects to `address` (`DBUS_SESSION_BUS_ADDRESS`: `unix:path=…` or
    /// `unix:abstract=…`), authenticates as this user and says hello.
    init(address: String, timeout: TimeInterval = 2) throws(Failure) {
        guard let target = Self.socketAddress(address) else {
            throw Failure(description: "the session bus address \(address) names no Unix socket this client can use")
        }
        socket = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket for the session bus (errno \(errno))") }
        var seconds = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        var unixAddress = sockaddr_un()
        unixAddress.sun_family = sa_family_t(AF_UNIX)
        let pathCapacity = MemoryLayout.size(ofValue: unixAddress.sun_path)
        let pathBytes = target.isAbstract ? [0] + Array(target.path.utf8) : Array(target.path.utf8)
        guard pathBytes.count < pathCapacity else {
            close()
            throw Failure(description: "the session bus socket path is too long")
        }
        withUnsafeMutableBytes(of: &unixAddress.sun_path) { raw in
            for (index, byte) in pathBytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count + (target.isAbstract ? 0 : 1))
        let connected = withUnsafePointer(to: &unixAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, length) }
        }
        guard connected == 0 else {
            close()
            throw Failure(description: "cannot connect to the session bus at \(address) (errno \(errno))")
        }
        do {
            try authenticate()
            let reply = try call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                 interface: "org.freedesktop.DBus", member: "Hello")
            uniqueName = reply.first ?? ""
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Closes the connection; what the bus holds for it (names, inhibitions) goes.
    func close() {
        Foundation.close(socket)
    }

    // MARK: - Calls

    /// Calls a method with string arguments (and uint32 ones given as `UInt32`);
    /// returns the reply's arguments as text, or throws the error the bus or the
    /// service answered.
    @discardableResult
    func call(destination: String, path: String, interface: String, member: String,
              arguments: [any Sendable] = []) throws(Failure) -> [String] {
        let serial = try send(type: 1, destination: destination, path: path, interface: interface, member: member,
                              arguments: arguments)
        while true {
            let message = try receive()
            guard message.replySerial == serial else { continue }
            if message.type == 3 {
                throw Failure(description: "\(message.errorName ?? "an error")\(message.arguments.first.map { ": \($0)" } ?? "")",
                              isErrorReply: true)
            }
            return message.arguments
        }
    }

    /// Sends a method return for `call` with the given arguments.
    func reply(to call: Message, arguments: [any Sendable]) throws(Failure) {
        try send(type: 2, destination: call.sender, replySerial: call.serial, arguments: arguments)
    }

    /// The next message from the bus, waiting for it within the time limit.
    func receive() throws(Failure) -> Message {
        while true {
            if let message = try parseMessage() { return message }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = readSome(into: &buffer)
            guard count > 0 else { throw Failure(description: "the session bus closed or did not answer in time") }
            received.append(contentsOf: buffer.prefix(count))
        }
    }

    // MARK: - Authentication

    private func authenticate() throws(Failure) {
        let uid = String(getuid())
        let hexUID = uid.utf8.map { String(format: "%02x", $0) }.joined()
        try write([0] + Array("AUTH EXTERNAL \(hexUID)\r\n".utf8))
        let answer = try readLine()
        guard answer.hasPrefix("OK ") else {
            throw Failure(description: "the session bus refused this user (\(answer))")
        }
        try write(Array("BEGIN\r\n".utf8))
    }

    private func readLine() throws(Failure) -> String {
        while true {
            if let end = received.range(of: Data("\r\n".utf8)) {
                let line = String(decoding: received[received.startIndex..<end.lowerBound], as: UTF8.self)
                received.removeSubrange(received.startIndex..<end.upperBound)
                return line
            }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = readSome(into: &buffer)
            guard count > 0 else { throw Failure(description: "the session bus closed during authentication") }
            received.append(contentsOf: buffer.prefix(count))
        }
    }

    /// Reads what has arrived, up to `buffer`'s size, waiting at most the time limit.
    /// A signal arriving meanwhile (the kiosk handles SIGTERM from before it inhibits,
    /// and a SIGTERM that came during the `Inhibit` call once made the call fail and be
    /// sent again) restarts the wait instead of failing the call.
    private func readSome(into buffer: inout [UInt8]) -> Int {
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    private func write(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(socket, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure(description: "cannot write to the session bus (errno \(errno))") }
            offset += written
        }
    }

    // MARK: - Messages

    @discardableResult
    private func send(type: UInt8, destination: String?, path: String? = nil, interface: String? = nil,
                      member: String? = nil, replySerial: UInt32? = nil,
                      arguments: [any Sendable]) throws(Failure) -> UInt32 {
        var body = MessageWriter()
        var signature = ""
        for argument in arguments {
            switch argument {
            case let value as String:
                body.string(value)
                signature += "s"
            case let value as UInt32:
                body.uint32(value)
                signature += "u"
            default:
                throw Failure(description: "unsupported argument \(argument)")
            }
        }
        let serial = nextSerial
        nextSerial += 1
        var fields = MessageWriter()
        func field(_ code: UInt8, _ type: String, _ write: (inout MessageWriter) -> Void) {
            fields.align(8)
            fields.byte(code)
            fields.signature(type)
            write(&fields)
        }
        if let path { field(1, "o") { $0.string(path) } }
        if let interface { field(2, "s") { $0.string(interface) } }
        if let member { field(3, "s") { $0.string(member) } }
        if let replySerial { field(5, "u") { $0.uint32(replySerial) } }
        if let destination { field(6, "s") { $0.string(destination) } }
        if !signature.isEmpty { field(8, "g") { $0.signature(signature) } }
        var message = MessageWriter()
        message.byte(UInt8(ascii: "l"))
        message.byte(type)
        message.byte(0)
        message.byte(1)
        message.uint32(UInt32(body.bytes.count))
        message.uint32(serial)
        message.uint32(UInt32(fields.bytes.count))
        message.bytes += fields.bytes
        message.align(8)
        message.bytes += body.bytes
        try write(message.bytes)
        return serial
    }

    /// One whole message from what was read, if it is all there.
    private func parseMessage() throws(Failure) -> Message? {
        let bytes = [UInt8](received)
        guard bytes.count >= 16 else { return nil }
        guard bytes[0] == UInt8(ascii: "l") else {
            throw Failure(description: "the session bus sent a big-endian message, which this client does not read")
        }
        var reader = MessageReader(bytes: bytes, offset: 4)
        let bodyLength = Int(reader.uint32())
        let serial = reader.uint32()
        let fieldsLength = Int(reader.uint32())
        let headerEnd = (16 + fieldsLength + 7) / 8 * 8
        guard bytes.count >= headerEnd + bodyLength else { return nil }
        var message = Message(type: bytes[1], serial: serial, arguments: [])
        var signature = ""
        while reader.offset < 16 + fieldsLength {
            reader.align(8)
            let code = reader.byte()
            let type = reader.signature()
            switch type {
            case "s", "o":
                let value = reader.string()
                if code == 3 { message.member = value }
                if code == 4 { message.errorName = value }
                if code == 7 { message.sender = value }
            case "u":
                let value = reader.uint32()
                if code == 5 { message.replySerial = value }
            case "g":
                let value = reader.signature()
                if code == 8 { signature = value }
            default:
                throw Failure(description: "the session bus sent a header field of type \(type), which this client does not read")
            }
        }
        reader.offset = headerEnd
        for type in signature {
            switch type {
            case "s", "o": message.arguments.append(reader.string())
            case "u": message.arguments.append(String(reader.uint32()))
            default: break  // Arguments of other types (a signal's) are not needed.
            }
        }
        received.removeFirst(headerEnd + bodyLength)
        return message
    }

    // MARK: - Addresses

    /// The socket a `unix:` address names: the first of its `;`-separated entries with
    /// a `path` or an `abstract` key.
    static func socketAddress(_ address: String) -> (path: String, isAbstract: Bool)? {
        for entry in address.split(separator: ";") where entry.hasPrefix("unix:") {
            let keys = entry.dropFirst(5).split(separator: ",").map { $0.split(separator: "=", maxSplits: 1) }
            for pair in keys where pair.count == 2 {
                let value = String(pair[1]).removingPercentEncoding ?? String(pair[1])
                if pair[0] == "path" { return (value, false) }
                if pair[0] == "abstract" { return (value, true) }
            }
        }
        return nil
    }
}

/// Little-endian D-Bus marshalling of the few types used here.
private struct MessageWriter {
    var bytes: [UInt8] = []

    mutating func align(_ boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func uint32(_ value: UInt32) {
        align(4)
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func string(_ value: String) {
        uint32(UInt32(value.utf8.count))
        bytes += value.utf8
        bytes.append(0)
    }

    mutating func signature(_ value: String) {
        bytes.append(UInt8(value.utf8.count))
        bytes += value.utf8
        bytes.append(0)
    }
}

private struct MessageReader {
    let bytes: [UInt8]
    var offset: Int

    mutating func align(_ boundary: Int) {
        offset = (offset + boundary - 1) / boundary * boundary
    }

    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    mutating func uint32() -> UInt32 {
        align(4)
        guard offset + 4 <= bytes.count else { return 0 }
        defer { offset += 4 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    mutating func string() -> String {
        let length = Int(uint32())
        guard offset + length <= bytes.count else { return "" }
        defer { offset += length + 1 }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    mutating func signature() -> String {
        let length = Int(byte())
        guard offset + length <= bytes.count else { return "" }
        defer { offset += length + 1 }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }
}
