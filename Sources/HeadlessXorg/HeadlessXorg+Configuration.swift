import Foundation

extension HeadlessXorg {
    /// The devices every headless server has, each an `inputtest` device with its own
    /// socket. The second touchscreen exists so a test can disable one device mid-touch
    /// without losing the touchscreen the other tests use.
    static let deviceLayout: [(name: String, kind: InputTestDevice.Kind)] = [
        ("touchscreen", .touchscreen),
        ("touchscreen-2", .touchscreen),
        ("pointer", .absolutePointer),
        ("keyboard", .keyboard),
    ]

    /// How often every headless screen refreshes, in hertz: the rate of most displays.
    public static let refreshRate = 60

    /// The totals and dot clock (MHz, as a modeline writes it) of a `width`×`height`
    /// mode that refreshes at `refreshRate`, and the dummy driver's highest dot clock
    /// (`DacSpeed`, MHz) that admits it: its default, 300 MHz, is below a 4K mode's.
    static func refreshMode(width: Int, height: Int) -> (horizontalTotal: Int, verticalTotal: Int, clock: String,
                                                         maximumClock: Int) {
        let horizontalTotal = width + 400
        let verticalTotal = height + 40
        let hertz = Double(horizontalTotal * verticalTotal * refreshRate)
        return (horizontalTotal, verticalTotal, String(format: "%.6f", hertz / 1_000_000),
                max(300, Int((hertz / 1_000_000).rounded(.up)) + 1))
    }

    /// An xorg.conf for the `dummy` video driver with one screen of `width`×`height`
    /// and the devices of `deviceLayout`. Automatic device hot-plugging is off, so the
    /// server has exactly these devices.
    static func configuration(width: Int, height: Int, directory: URL) -> String {
        let modeName = "\(width)x\(height)"
        let mode = refreshMode(width: width, height: height)
        // A CVT-like modeline whose dot clock makes it refresh at `refreshRate`, as a
        // real monitor does: apps pace their frames by the rate RandR reports.
        let modeline = "Modeline \"\(modeName)\" \(mode.clock) \(width) \(width + 48) \(width + 160) \(mode.horizontalTotal) "
            + "\(height) \(height + 3) \(height + 7) \(mode.verticalTotal)"
        var text = """
        Section "ServerFlags"
            Option "AutoAddDevices" "off"
            Option "AutoEnableDevices" "off"
            Option "DontVTSwitch" "on"
            Option "BlankTime" "0"
            Option "StandbyTime" "0"
            Option "SuspendTime" "0"
            Option "OffTime" "0"
        EndSection
        Section "Device"
            Identifier "dummy-video"
            Driver "dummy"
            VideoRam 256000
            DacSpeed \(mode.maximumClock)
        EndSection
        Section "Monitor"
            Identifier "dummy-monitor"
            HorizSync 5.0-1000.0
            VertRefresh 5.0-200.0
            \(modeline)
        EndSection
        Section "Screen"
            Identifier "dummy-screen"
            Device "dummy-video"
            Monitor "dummy-monitor"
            DefaultDepth 24
            SubSection "Display"
                Depth 24
                Modes "\(modeName)"
                Virtual \(width) \(height)
            EndSubSection
        EndSection

        """
        for device in deviceLayout {
            text += """
            Section "InputDevice"
                Identifier "\(device.name)"
                Driver "inputtest"
                Option "DeviceType" "\(device.kind.rawValue)"
                Option "SocketPath" "\(socketPath(for: device.name, in: directory))"
                Option "TouchCount" "10"
            EndSection

            """
        }
        text += "Section \"ServerLayout\"\n    Identifier \"layout\"\n    Screen \"dummy-screen\"\n"
        for device in deviceLayout {
            text += "    InputDevice \"\(device.name)\"\n"
        }
        text += "EndSection\n"
        return text
    }

    static func socketPath(for device: String, in directory: URL) -> String {
        directory.appendingPathComponent("\(device).sock").path
    }
}
