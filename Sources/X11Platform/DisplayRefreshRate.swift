import CX11
import Foundation

/// How often the monitor showing a window refreshes, from RandR: the current mode of
/// the CRTC that holds the point, at its dot clock ÷ (horizontal total × vertical
/// total), doubled for an interlaced mode and halved for a double-scanned one, as
/// `xrandr` reports it. The run loop's frame grid (`FramePacer`) steps at this interval.
enum DisplayRefreshRate {
    /// The refresh interval of the monitor at `point` (root window pixels), or nil when
    /// RandR names no active CRTC there or its mode gives no timings (the caller then
    /// assumes 60 Hz). Rates outside 20–500 Hz are taken for a mode's bad timings.
    @MainActor
    static func interval(at point: (x: Int, y: Int), on connection: X11Connection) -> TimeInterval? {
        let display = connection.display
        guard let resources = XRRGetScreenResourcesCurrent(display, XDefaultRootWindow(display)) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        let screen = resources.pointee
        for index in 0..<Int(screen.ncrtc) {
            guard let crtc = XRRGetCrtcInfo(display, resources, screen.crtcs[index]) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            let info = crtc.pointee
            guard info.mode != 0, point.x >= Int(info.x), point.x < Int(info.x) + Int(info.width),
                  point.y >= Int(info.y), point.y < Int(info.y) + Int(info.height) else { continue }
            for modeIndex in 0..<Int(screen.nmode) where screen.modes[modeIndex].id == info.mode {
                let mode = screen.modes[modeIndex]
                guard let hertz = rate(dotClock: UInt(mode.dotClock), horizontalTotal: UInt(mode.hTotal),
                                       verticalTotal: UInt(mode.vTotal), flags: UInt(mode.modeFlags)) else { return nil }
                return 1 / hertz
            }
        }
        return nil
    }

    /// A mode's refresh rate in hertz from its timings, or nil when they give none in
    /// 20–500 Hz.
    static func rate(dotClock: UInt, horizontalTotal: UInt, verticalTotal: UInt, flags: UInt) -> Double? {
        guard dotClock > 0, horizontalTotal > 0, verticalTotal > 0 else { return nil }
        var lines = Double(verticalTotal)
        if flags & UInt(RR_DoubleScan) != 0 { lines *= 2 }
        if flags & UInt(RR_Interlace) != 0 { lines /= 2 }
        let hertz = Double(dotClock) / (Double(horizontalTotal) * lines)
        return (20...500).contains(hertz) ? hertz : nil
    }
}
