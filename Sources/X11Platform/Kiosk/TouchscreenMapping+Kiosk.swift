import CX11
import FileSafety
import Foundation

extension TouchscreenMapping {
    /// What a state file holds: the matrix a touchscreen had before a kiosk changed it.
    public struct SavedMatrix: Codable, Equatable, Sendable {
        public var display: String
        public var device: String
        public var matrix: [Float]
    }

    // MARK: - State files

    /// The folder of the state files: `$XDG_RUNTIME_DIR/touch-sandbox`, else
    /// `touch-sandbox-<uid>` in the temporary directory. The runtime directory is the
    /// session's (cleared at logout and reboot, as the server's device state is); the
    /// fallback carries the user id because the temporary directory is shared.
    ///
    /// Either is used only as a `PrivateFolder` (a real folder of the user's, mode 0700),
    /// and a state file is read only if it is a regular file of the user's: without
    /// that, another local user could make `/tmp/touch-sandbox-0` first and choose the
    /// mapping root's kiosk puts back.
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

    /// The state files left for `display`; throws when the folder is not the user's own.
    nonisolated private static func leftoverFiles(display: String) throws(FileError) -> [URL] {
        guard try PrivateFolder.check(stateDirectory.path) else { return [] }
        let prefix = "touch-mapping-\(fileNamePart(display))-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: stateDirectory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
            .map { stateDirectory.appendingPathComponent($0) }
    }

    /// The most a state file may hold.
    nonisolated static let stateFileLimit = 64 << 10

    /// What a state file says, or why it cannot be used (a phrase).
    nonisolated static func readState(_ file: URL, display: String) -> Result<SavedMatrix, StateFileProblem> {
        let data: Data
        do throws(FileError) {
            data = try InputFile.read(file.path, limit: stateFileLimit, trust: .ownerOnly, what: "a state file")
        } catch {
            return .failure(StateFileProblem(reason: error.reason, removable: false))
        }
        return parseState(data, display: display)
    }

    /// What a state file's bytes say for `display` (the parser the fuzzer drives): a matrix a touchscreen can have
    /// (`problem(with:)`), written for that display; or why not, in one phrase.
    nonisolated public static func parseState(_ data: Data, display: String) -> Result<SavedMatrix, StateFileProblem> {
        // A state file nests two levels; Foundation's decoder traps on some deep text.
        guard JSONNesting.depth(of: data) <= 8, let saved = try? JSONDecoder().decode(SavedMatrix.self, from: data) else {
            return .failure(StateFileProblem(reason: "unreadable", removable: true))
        }
        guard saved.display == display else {
            return .failure(StateFileProblem(reason: "written for display \(saved.display.shownInOneLine()), not \(display)", removable: true))
        }
        if let problem = problem(with: saved.matrix) {
            return .failure(StateFileProblem(reason: "its matrix \(shown(saved.matrix)) cannot be a touchscreen's: \(problem)", removable: true))
        }
        return .success(saved)
    }

    /// Why a state file is not applied; a file that is the user's own but wrong is
    /// removed (keeping it would repeat this at every start), another's is left alone.
    public struct StateFileProblem: Error, Sendable {
        /// Why, in one phrase.
        public var reason: String
        /// Whether the file may be removed: it is the user's own, only wrong.
        public var removable: Bool
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
        let files: [URL]
        do throws(FileError) {
            files = try leftoverFiles(display: connection.name)
        } catch {
            return "touch mapping: nothing restored: \(error)"
        }
        guard !files.isEmpty else { return nil }
        let devices = touchscreens(on: connection)
        var restored: [String] = [], kept: [String] = []
        for file in files {
            let saved: SavedMatrix
            switch readState(file, display: connection.name) {
            case .success(let read): saved = read
            case .failure(let problem):
                if problem.removable { try? FileManager.default.removeItem(at: file) }
                kept.append("\(file.lastPathComponent) (\(problem.reason); \(problem.removable ? "removed" : "left alone"))")
                continue
            }
            guard let device = devices.first(where: { $0.name == saved.device }) else {
                kept.append("\"\(saved.device.shownInOneLine())\" (not connected; kept for the next start)")
                continue
            }
            writeMatrix(saved.matrix, device: device.id, on: connection)
            try? FileManager.default.removeItem(at: file)
            restored.append("\"\(saved.device.shownInOneLine())\"")
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
        let name = "touchscreen \"\(device.name.shownInOneLine())\""
        guard var matrix = readMatrix(device: device.id, on: connection) else {
            return ("\(name) has no coordinate transformation matrix; left as it is", nil)
        }
        // A nonsense matrix found on the device (left by a broken tool) is neither
        // decided from nor saved as the original to put back: the server's default is.
        var note = ""
        if let problem = problem(with: matrix) {
            note = "\(name) had the matrix \(shown(matrix)), which cannot be a touchscreen's (\(problem)), so its original is taken as the identity; "
            matrix = identity
        }
        let covered = Self.monitor(coveredBy: matrix, among: monitors, screen: screen)
        let spanned = Self.monitors(spannedBy: matrix, among: monitors, screen: screen)
        if let covered, covered.name == monitor.name {
            return (note + "\(name) is mapped to \(monitor.name) already", nil)
        } else if spanned.count > 1, spanned.contains(where: { $0.name == monitor.name }) {
            do {
                try save(SavedMatrix(display: connection.name, device: device.name, matrix: matrix))
            } catch {
                // Without the file a crash would leave the touchscreen on this monitor
                // for good: better not to change it.
                return (note + "\(name) spans \(list(spanned.map(\.name))); NOT mapped to \(monitor.name): cannot save its matrix (\(error))", nil)
            }
            let mapped = Self.matrix(moving: matrix, onto: monitor, screen: screen)
            writeMatrix(mapped, device: device.id, on: connection)
            return (note + "\(name) spans \(list(spanned.map(\.name))); mapped to \(monitor.name) for the kiosk (restored at exit)",
                    (matrix, mapped))
        } else if let covered {
            return (note + "\(name) is mapped to \(covered.name), not the kiosk's \(monitor.name); left as it is", nil)
        } else {
            return (note + "\(name) does not cover \(monitor.name); left as it is", nil)
        }
    }

    /// Writes the state file whole (`OutputFile`) in the user's own `PrivateFolder`.
    private static func save(_ saved: SavedMatrix) throws(FileError) {
        try PrivateFolder.prepare(stateDirectory.path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(saved) else { throw FileError(.write, stateDirectory.path, "the state could not be encoded") }
        try OutputFile.write(data, to: stateFile(display: saved.display, device: saved.device).path)
    }

    /// `A`, `A and B`, `A, B and C`.
    private static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
