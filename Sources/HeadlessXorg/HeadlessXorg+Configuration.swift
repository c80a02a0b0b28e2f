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

    /// An xorg.conf for the `dummy` video driver with one screen of `width`×`height`
    /// and the devices of `deviceLayout`. Automatic device hot-plugging is off, so the
    /// server has exactly these devices.
    static func configuration(width: Int, height: Int, directory: URL) -> String {
        let modeName = "\(width)x\(height)"
        // A CVT-like modeline; the dummy driver only needs one that fits its limits.
        let modeline = "Modeline \"\(modeName)\" 100.00 \(width) \(width + 48) \(width + 160) \(width + 400) \(height) \(height + 3) \(height + 7) \(height + 40)"
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
