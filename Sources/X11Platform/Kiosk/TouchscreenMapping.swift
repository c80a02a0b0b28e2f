import CX11
import Foundation

/// Which monitor a touchscreen covers, and making it cover the kiosk's.
///
/// X maps a touchscreen's whole range onto the X screen through the device's
/// "Coordinate Transformation Matrix" (an XI property of 9 floats, row-major, from the
/// device's normalized [0, 1] range to the screen's [0, 1] range), and delivers a touch
/// to the window under the point it maps to. A touchscreen left at the identity matrix
/// on a desktop of two monitors therefore sends a finger on the kiosk's monitor to a
/// point of the other half of the desktop: the app cannot correct this, the server must
/// map the device. A kiosk host sets each such touchscreen's matrix to its monitor
/// while it runs, keeps it there for a touchscreen that comes back (enabled again, or
/// plugged in again with the server's default matrix), and puts the original back when
/// it closes (`Applied`).
///
/// The original is saved to a state file (`stateFile(display:device:)`) before the
/// matrix changes and removed once it is back, so a kiosk that crashed leaves the file;
/// the next kiosk start, or `restoreLeftovers(display:)` (`--restore-touch-mapping`),
/// puts that matrix back.
@MainActor
public enum TouchscreenMapping {
    /// The XI property every pointer device has (the server creates it).
    nonisolated public static let propertyName = "Coordinate Transformation Matrix"

    /// The identity matrix: the device covers the whole screen (the server's default).
    nonisolated public static let identity: [Float] = [1, 0, 0, 0, 1, 0, 0, 0, 1]

    // MARK: - Geometry

    /// Why `matrix` cannot be a touchscreen's mapping, as a phrase, or nil when it can:
    /// nine finite numbers, a last row of 0 0 1 (X's matrices for touchscreens are
    /// affine), no scale factor beyond ±16, a linear part that does not flatten the device
    /// (its determinant at least a millionth), and the device's centre mapped onto the
    /// screen. A matrix read from a state file or found on a device is checked before
    /// it is applied or kept as an original: one that fails would send every touch to a
    /// corner or off the screen.
    nonisolated public static func problem(with matrix: [Float]) -> String? {
        guard matrix.count == 9 else { return "it has \(matrix.count) numbers, not 9" }
        guard matrix.allSatisfy(\.isFinite) else { return "it holds a number that is not finite" }
        let m = matrix.map(Double.init)
        guard abs(m[6]) < 1e-6, abs(m[7]) < 1e-6, abs(m[8] - 1) < 1e-6 else { return "its last row is not 0 0 1" }
        guard [m[0], m[1], m[3], m[4]].allSatisfy({ abs($0) <= 16 }) else {
            return "it scales the touchscreen by more than 16 screens"
        }
        // A millionth of the screen's area: a small panel on a wall of monitors has more.
        guard abs(m[0] * m[4] - m[1] * m[3]) >= 1e-6 else { return "it flattens the touchscreen to a line or a point" }
        let centre = (m[0] * 0.5 + m[1] * 0.5 + m[2], m[3] * 0.5 + m[4] * 0.5 + m[5])
        guard (-1e-3...1.001).contains(centre.0), (-1e-3...1.001).contains(centre.1) else {
            return "it maps the touchscreen's centre off the screen"
        }
        return nil
    }

    /// The matrix as `[a,b,c,d,e,f,g,h,i]`, for messages (past nine numbers, "…").
    nonisolated static func shown(_ matrix: [Float]) -> String {
        "[" + matrix.prefix(9).map { $0 == $0.rounded() && abs($0) < 1e9 ? String(Int($0)) : "\($0)" }.joined(separator: ",")
            + (matrix.count > 9 ? ",…" : "") + "]"
    }

    /// The matrix that maps a device's whole range onto `monitor` of a screen of
    /// `screen` pixels: [w/W, 0, x/W, 0, h/H, y/H, 0, 0, 1].
    nonisolated public static func matrix(for monitor: KioskScreenMonitor, screen: (width: Int, height: Int)) -> [Float] {
        let width = Double(screen.width), height = Double(screen.height)
        return [Double(monitor.width) / width, 0, Double(monitor.x) / width,
                0, Double(monitor.height) / height, Double(monitor.y) / height,
                0, 0, 1].map { Float($0) }
    }

    /// The screen rectangle (pixels) `matrix` maps the device's unit square to: the
    /// bounding box of the four mapped corners, so rotated or mirrored matrices cover
    /// the rectangle they really do. Nil for a matrix that is not 9 finite values or
    /// sends a corner to infinity.
    nonisolated public static func coveredRectangle(of matrix: [Float], screen: (width: Int, height: Int))
        -> (x: Double, y: Double, width: Double, height: Double)?
    {
        guard matrix.count == 9, matrix.allSatisfy(\.isFinite) else { return nil }
        let m = matrix.map(Double.init)
        var xs: [Double] = [], ys: [Double] = []
        for (u, v) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1)] {
            let w = m[6] * u + m[7] * v + m[8]
            guard abs(w) > 1e-9 else { return nil }
            xs.append((m[0] * u + m[1] * v + m[2]) / w * Double(screen.width))
            ys.append((m[3] * u + m[4] * v + m[5]) / w * Double(screen.height))
        }
        let minX = xs.min()!, minY = ys.min()!
        return (minX, minY, xs.max()! - minX, ys.max()! - minY)
    }

    /// The monitor whose rectangle `matrix` covers, every edge within a pixel (a float
    /// matrix rarely lands on whole pixels); the first such in `monitors`' order.
    nonisolated public static func monitor(coveredBy matrix: [Float], among monitors: [KioskScreenMonitor],
                               screen: (width: Int, height: Int)) -> KioskScreenMonitor?
    {
        guard let rect = coveredRectangle(of: matrix, screen: screen) else { return nil }
        return monitors.first { matches(rect, $0) }
    }

    /// The monitors `matrix` reaches into (a positive area in common), in `monitors`'
    /// order.
    nonisolated static func monitors(spannedBy matrix: [Float], among monitors: [KioskScreenMonitor],
                         screen: (width: Int, height: Int)) -> [KioskScreenMonitor]
    {
        guard let rect = coveredRectangle(of: matrix, screen: screen) else { return [] }
        return monitors.filter { monitor in
            let overlapX = min(rect.x + rect.width, Double(monitor.x + monitor.width)) - max(rect.x, Double(monitor.x))
            let overlapY = min(rect.y + rect.height, Double(monitor.y + monitor.height)) - max(rect.y, Double(monitor.y))
            // More than a pixel each way: an edge shared within rounding is not overlap.
            return overlapX > 1 && overlapY > 1
        }
    }

    nonisolated private static func matches(_ rect: (x: Double, y: Double, width: Double, height: Double),
                                _ monitor: KioskScreenMonitor) -> Bool
    {
        abs(rect.x - Double(monitor.x)) <= 1 && abs(rect.y - Double(monitor.y)) <= 1
            && abs(rect.x + rect.width - Double(monitor.x + monitor.width)) <= 1
            && abs(rect.y + rect.height - Double(monitor.y + monitor.height)) <= 1
    }

    /// The matrix that moves what `matrix` does onto `monitor`: the rectangle it covers
    /// is replaced by the monitor's, and any rotation or mirroring it has is kept (a
    /// panel mounted upside down stays corrected). For the identity, `matrix(for:)`.
    nonisolated static func matrix(moving matrix: [Float], onto monitor: KioskScreenMonitor,
                       screen: (width: Int, height: Int)) -> [Float]
    {
        guard let rect = coveredRectangle(of: matrix, screen: screen), rect.width > 0, rect.height > 0 else {
            return Self.matrix(for: monitor, screen: screen)
        }
        let width = Double(screen.width), height = Double(screen.height)
        // target × (covered rectangle's own matrix)⁻¹ × matrix.
        let target = Self.matrix(for: monitor, screen: screen).map(Double.init)
        let inverse: [Double] = [width / rect.width, 0, -rect.x / rect.width,
                                 0, height / rect.height, -rect.y / rect.height,
                                 0, 0, 1]
        let result = multiply(multiply(target, inverse), matrix.map(Double.init))
        return result.map { Float($0) }
    }

    nonisolated private static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                for k in 0..<3 { product[row * 3 + column] += a[row * 3 + k] * b[k * 3 + column] }
            }
        }
        return product
    }

    // MARK: - The device property

    /// `device`'s matrix, or nil when it has none the server reports as 9 floats.
    static func readMatrix(device: Int, on connection: X11Connection) -> [Float]? {
        let display = connection.display
        let property = XInternAtom(display, propertyName, 0)
        let float = XInternAtom(display, "FLOAT", 0)
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XIGetProperty(display, Int32(device), property, 0, 9, 0, float, &type, &format, &count, &remaining,
                            &data) == Success, let data else { return nil }
        defer { XFree(data) }
        // XI2 properties of format 32 are 32-bit items (unlike XGetWindowProperty's longs).
        guard type == float, format == 32, count == 9 else { return nil }
        return UnsafeRawPointer(data).withMemoryRebound(to: Float.self, capacity: 9) { Array(UnsafeBufferPointer(start: $0, count: 9)) }
    }

    /// Sets `device`'s matrix and waits for the server to have it.
    static func writeMatrix(_ matrix: [Float], device: Int, on connection: X11Connection) {
        let display = connection.display
        var values = matrix
        values.withUnsafeMutableBytes { bytes in
            XIChangeProperty(display, Int32(device), XInternAtom(display, propertyName, 0),
                             XInternAtom(display, "FLOAT", 0), 32, PropModeReplace,
                             bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 9)
        }
        XSync(display, 0)
    }

    /// The touchscreens (direct touch devices) whose matrices matter: touchpads move a
    /// pointer and are not mapped to a monitor.
    static func touchscreens(on connection: X11Connection) -> [TouchDeviceInfo] {
        TouchDeviceInfo.query(connection).filter { $0.mode == .direct }
    }

    static func screenSize(of connection: X11Connection) -> (width: Int, height: Int) {
        let screen = XDefaultScreen(connection.display)
        return (Int(XDisplayWidth(connection.display, screen)), Int(XDisplayHeight(connection.display, screen)))
    }

    // MARK: - The default monitor

    /// The monitor a touchscreen is already mapped to, for a kiosk with no monitor
    /// configured: the first touchscreen (in the server's order) whose matrix is not the
    /// identity and covers exactly one of `monitors`. An identity matrix is the server's
    /// default, which says nothing about where the touchscreen is; nil then.
    static func mappedMonitor(on connection: X11Connection, among monitors: [KioskScreenMonitor]) -> KioskScreenMonitor? {
        let screen = screenSize(of: connection)
        for device in touchscreens(on: connection) {
            guard let matrix = readMatrix(device: device.id, on: connection), !isIdentity(matrix) else { continue }
            if let monitor = monitor(coveredBy: matrix, among: monitors, screen: screen) { return monitor }
        }
        return nil
    }

    /// The monitors the touchscreens reach into, in `monitors`' order: every monitor
    /// when a touchscreen has the server's default matrix; none without a touchscreen.
    static func spannedMonitors(on connection: X11Connection, among monitors: [KioskScreenMonitor]) -> [KioskScreenMonitor] {
        let screen = screenSize(of: connection)
        let matrices = touchscreens(on: connection).compactMap { readMatrix(device: $0.id, on: connection) }
        return monitors.filter { monitor in
            matrices.contains { self.monitors(spannedBy: $0, among: [monitor], screen: screen) == [monitor] }
        }
    }

    nonisolated static func isIdentity(_ matrix: [Float]) -> Bool {
        isClose(matrix, identity)
    }

    /// Whether two matrices are the same, but for the rounding of a float property.
    nonisolated static func isClose(_ matrix: [Float], _ other: [Float]) -> Bool {
        zip(matrix, other).allSatisfy { abs($0 - $1) < 1e-6 }
    }
}
