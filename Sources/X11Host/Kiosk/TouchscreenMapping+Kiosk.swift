import CX11
import Foundation

extension TouchscreenMapping {
    /// What a state file holds: the matrix a touchscreen had before a kiosk changed it.
    struct SavedMatrix: Codable, Equatable {
        var display: String
        var device: String
        var matrix: [Float]
    }

    // MARK: - State files

    /// The folder of the state files: `$XDG_RUNTIME_DIR/touch-sandbox`, else
    /// `touch-sandbox-<uid>` in the temporary directory. The runtime directory is the
    /// session's (cleared at logout and reboot, as the server's device state is); the
    /// fallback carries the user id because the temporary directory is shared, and a
    /// folder another user made first could not be written.
    nonisolated public static var stateDirectory: URL {
        let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        guard let runtime else {
            return FileManager.default.temporaryDirectory.appendingPathComponent("touch-sandbox-\(getuid())", isDirectory: true)
        }
        return URL(fileURLWithPath: runtime, isDirectory: true).appendingPathComponent("touch-sandbox", isDirectory: true)
    }

    /// The file that keeps `device`'s original matrix on `display` while a kiosk has
    /// changed it: `touch-mapping-<display>-<device>.json` in `stateDirectory`, the
    /// names with anything but letters, digits, `.` and `-` made `_`.
    nonisolated public static func stateFile(display: String, device: String) -> URL {
        stateDirectory.appendingPathComponent("touch-mapping-\(fileNamePart(display))-\(fileNamePart(device)).json")
    }

    nonisolated private static func fileNamePart(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "_" })
    }

    nonisolated private static func leftoverFiles(display: String) -> [URL] {
        let prefix = "touch-mapping-\(fileNamePart(display))-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: stateDirectory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
            .map { stateDirectory.appendingPathComponent($0) }
    }

    // MARK: - Leftovers of a crash

    /// Puts back every matrix a kiosk on `display` (nil: `$DISPLAY`) changed and did
    /// not restore, because it crashed or was killed: each state file of the display is
    /// written back to its device (found by name) and removed. A file whose device is
    /// not connected now is kept for the next time. What `--restore-touch-mapping`
    /// calls; a kiosk start does the same first.
    ///
    /// - Returns: one line saying what was restored (or that nothing was left).
    /// - Throws: the display cannot be opened (`X11Connection`'s errors).
    public static func restoreLeftovers(display: String?) throws(X11HostError) -> String {
        let connection = try X11Connection(name: display)
        defer { connection.close() }
        return restoreLeftovers(on: connection) ?? "touch mapping: nothing to restore on \(connection.name)"
    }

    /// `restoreLeftovers(display:)` on an open connection; nil when there were no files.
    static func restoreLeftovers(on connection: X11Connection) -> String? {
        let files = leftoverFiles(display: connection.name)
        guard !files.isEmpty else { return nil }
        let devices = touchscreens(on: connection)
        var restored: [String] = [], kept: [String] = []
        for file in files {
            guard let data = try? Data(contentsOf: file),
                  let saved = try? JSONDecoder().decode(SavedMatrix.self, from: data), saved.matrix.count == 9 else {
                // Unreadable: nothing can be restored from it, and keeping it would
                // repeat this at every start.
                try? FileManager.default.removeItem(at: file)
                kept.append("\(file.lastPathComponent) (unreadable, removed)")
                continue
            }
            guard let device = devices.first(where: { $0.name == saved.device }) else {
                kept.append("\"\(saved.device)\" (not connected; kept for the next start)")
                continue
            }
            writeMatrix(saved.matrix, device: device.id, on: connection)
            try? FileManager.default.removeItem(at: file)
            restored.append("\"\(saved.device)\"")
        }
        var parts: [String] = []
        if !restored.isEmpty {
            parts.append("restored the matrix a previous kiosk left on touchscreen \(restored.joined(separator: ", "))")
        }
        if !kept.isEmpty { parts.append("not restored: \(kept.joined(separator: ", "))") }
        return "touch mapping: " + parts.joined(separator: "; ")
    }

    // MARK: - A kiosk's mapping

    /// Maps every touchscreen that spans several monitors, the kiosk's among them, to
    /// the kiosk's `monitor` (saving its matrix to its state file first); leaves alone
    /// one already mapped to it, one mapped to another single monitor (another screen's
    /// touchscreen), and one that does not reach the kiosk's monitor. The result keeps
    /// doing so for touchscreens that come (back) while the kiosk runs
    /// (`Applied.touchscreenArrived`). `leftovers` (a line of `restoreLeftovers(on:)`)
    /// goes first in the log line.
    static func apply(for monitor: KioskScreenMonitor, on connection: X11Connection,
                      leftovers: String? = nil) -> Applied
    {
        let applied = Applied(monitor: monitor, connection: connection)
        let clauses = touchscreens(on: connection).map { applied.map($0) }
        let parts = [leftovers].compactMap { $0 } + clauses
        applied.logLine = parts.isEmpty ? nil : "kiosk: " + parts.joined(separator: "; ")
        return applied
    }

    /// What the kiosk does with one touchscreen, as a clause of its log line; a
    /// `changed` device is mapped to `monitor` after its matrix was saved.
    static func decide(for device: TouchDeviceInfo, monitor: KioskScreenMonitor, on connection: X11Connection)
        -> (clause: String, mapped: (original: [Float], matrix: [Float])?)
    {
        let screen = screenSize(of: connection)
        var monitors = KioskScreenMonitor.list(on: connection)
        // A whole-screen kiosk (no RandR 1.5 monitors) is a monitor too, for the names.
        if !monitors.contains(monitor) { monitors.append(monitor) }
        let name = "touchscreen \"\(device.name)\""
        guard let matrix = readMatrix(device: device.id, on: connection) else {
            return ("\(name) has no coordinate transformation matrix; left as it is", nil)
        }
        let covered = Self.monitor(coveredBy: matrix, among: monitors, screen: screen)
        let spanned = Self.monitors(spannedBy: matrix, among: monitors, screen: screen)
        if let covered, covered.name == monitor.name {
            return ("\(name) is mapped to \(monitor.name) already", nil)
        } else if spanned.count > 1, spanned.contains(where: { $0.name == monitor.name }) {
            do {
                try save(SavedMatrix(display: connection.name, device: device.name, matrix: matrix))
            } catch {
                // Without the file a crash would leave the touchscreen on this monitor
                // for good: better not to change it.
                return ("\(name) spans \(list(spanned.map(\.name))); NOT mapped to \(monitor.name): cannot save its matrix (\(error.localizedDescription))", nil)
            }
            let mapped = Self.matrix(moving: matrix, onto: monitor, screen: screen)
            writeMatrix(mapped, device: device.id, on: connection)
            return ("\(name) spans \(list(spanned.map(\.name))); mapped to \(monitor.name) for the kiosk (restored at exit)",
                    (matrix, mapped))
        } else if let covered {
            return ("\(name) is mapped to \(covered.name), not the kiosk's \(monitor.name); left as it is", nil)
        } else {
            return ("\(name) does not cover \(monitor.name); left as it is", nil)
        }
    }

    private static func save(_ saved: SavedMatrix) throws {
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(saved).write(to: stateFile(display: saved.display, device: saved.device), options: .atomic)
    }

    /// `A`, `A and B`, `A, B and C`.
    private static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
