import Foundation

extension TouchscreenMapping {
    /// What a kiosk did to the touchscreens, for the kiosk's lifetime: `logLine` says
    /// what was found and done at the start, `touchscreenArrived` keeps the mapping for
    /// a touchscreen that comes (back) while the kiosk runs, and `restore()` undoes it
    /// all. Made by `apply(for:on:leftovers:)`.
    ///
    /// Devices are known by name, not id: `xinput disable/enable` keeps a device's id and
    /// its matrix (the server keeps the device and its properties), but a touchscreen
    /// unplugged and plugged back is a new device to the server, with a new id and the
    /// server's default matrix.
    @MainActor
    public final class Applied {
        /// The kiosk's start line: what was found and done (nil: there was nothing to
        /// say, no touchscreen and no leftover of a crash).
        var logLine: String?
        /// The kiosk's monitor.
        let monitor: KioskScreenMonitor
        /// The touchscreens changed, by name, with their original and their kiosk matrices.
        private var changed: [(name: String, original: [Float], mapped: [Float])] = []
        private let connection: X11Connection

        init(monitor: KioskScreenMonitor, connection: X11Connection) {
            self.monitor = monitor
            self.connection = connection
        }

        /// Maps `device` if the kiosk's rule says so (`decide(for:monitor:on:)`) and
        /// keeps its original for `restore()`; the clause saying what was done.
        func map(_ device: TouchDeviceInfo) -> String {
            let decision = decide(for: device, monitor: monitor, on: connection)
            if let mapped = decision.mapped {
                if changed.isEmpty { Self.restoreAtExit(self) }
                changed.append((device.name, mapped.original, mapped.matrix))
            }
            return decision.clause
        }

        /// A touchscreen enabled or plugged in while the kiosk runs. One the kiosk mapped
        /// that came back with another matrix (plugged in again: the server's default)
        /// is mapped to the kiosk's monitor again, its original still saved; one it did
        /// not map goes through the kiosk's rule as at the start (a touchscreen plugged
        /// in late). The log line of what was done; nil when the device kept the
        /// kiosk's matrix (enabled again) or is not a touchscreen.
        func touchscreenArrived(_ device: TouchDeviceInfo) -> String? {
            guard device.mode == .direct else { return nil }
            guard let known = changed.first(where: { $0.name == device.name }) else {
                return "kiosk: " + map(device)
            }
            guard let matrix = readMatrix(device: device.id, on: connection),
                  !TouchscreenMapping.isClose(matrix, known.mapped) else { return nil }
            writeMatrix(known.mapped, device: device.id, on: connection)
            return "kiosk: touchscreen \"\(device.name)\" came back with another matrix; mapped to \(monitor.name) again"
        }

        /// Puts the original matrices back, on the devices connected under those names
        /// now, and removes their state files; once (later calls do nothing). A device
        /// not connected now keeps its state file, so the next kiosk start or
        /// `--restore-touch-mapping` puts its matrix back once it is. The connection must
        /// still be open: `X11Host.close()` calls it before the connection can be closed.
        public func restore() {
            guard !changed.isEmpty else { return }
            let devices = touchscreens(on: connection)
            for device in changed {
                guard let current = devices.first(where: { $0.name == device.name }) else { continue }
                writeMatrix(device.original, device: current.id, on: connection)
                try? FileManager.default.removeItem(at: stateFile(display: connection.name, device: device.name))
            }
            changed = []
        }

        // MARK: - Restoring at exit

        private final class Weak {
            weak var mapping: Applied?
            init(_ mapping: Applied) { self.mapping = mapping }
        }

        /// The mappings in force, for the exit hook.
        private static var live: [Weak] = []
        private static var isHookInstalled = false

        /// Restores `mapping` when the process calls `exit` without closing its host
        /// (the kiosk's exit gesture and a closed window end the program that way): an
        /// `atexit` hook, installed once, run on the main thread only, since the X
        /// connection belongs to the main actor.
        private static func restoreAtExit(_ mapping: Applied) {
            live.removeAll { $0.mapping == nil }
            if !isHookInstalled {
                isHookInstalled = true
                atexit {
                    guard Thread.isMainThread else { return }
                    MainActor.assumeIsolated {
                        for entry in Applied.live { entry.mapping?.restore() }
                    }
                }
            }
            live.append(Weak(mapping))
        }
    }
}
