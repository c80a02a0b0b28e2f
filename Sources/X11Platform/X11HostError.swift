import CairoRenderer
import Foundation

/// Why the host cannot run. Each description is one line that says what was wrong and
/// what to do; the program prints it and exits with `exitStatus`.
public enum X11HostError: Error, CustomStringConvertible, Equatable {
    case noDisplay
    case cannotOpenDisplay(String)
    case noXInput(String)
    case oldXInput(String, major: Int32, minor: Int32)
    case unsupportedVisual(String, depth: Int32, bitsPerPixel: Int32)
    /// A window of this size in points at this scale has no size X11 and Cairo accept.
    case invalidWindowSize(CGSize, scale: CGFloat)
    /// The window's frame buffer could not be made (Cairo's reason: no memory).
    case cannotCreateFrameBuffer(RendererError)
    /// Kiosk mode named a RandR monitor the display does not have (`KioskScreenMonitor`).
    case unknownMonitor(String, display: String, monitors: [String])
    /// Kiosk mode's attract tour could not be read (`KioskAttractLoop.load`); the
    /// reader's one-line reason.
    case attractTour(String)

    public var description: String {
        switch self {
        case .noDisplay:
            return "no X display: DISPLAY is not set; run inside an X session, or pass --display :0 (or export DISPLAY=:0)"
        case let .cannotOpenDisplay(name):
            return "cannot open the X display \(name): check that an X server runs there and that you may connect (xhost, XAUTHORITY)"
        case let .noXInput(name):
            return "the X server on \(name) has no XInput extension; touch input needs XInput 2.2 or later"
        case let .oldXInput(name, major, minor):
            return "the X server on \(name) speaks XInput \(major).\(minor); touch input needs XInput 2.2 or later (Xorg 1.12+)"
        case let .unsupportedVisual(name, depth, bpp):
            return "the X screen on \(name) has depth \(depth) at \(bpp) bits per pixel; the sandbox needs a 24- or 32-bit TrueColor screen"
        case let .invalidWindowSize(size, scale):
            let points = "\(Self.number(size.width))x\(Self.number(size.height)) points at scale \(Self.number(scale))"
            let width = size.width * scale, height = size.height * scale
            guard width.isFinite, height.isFinite, scale.isFinite, scale > 0 else {
                return "a window of \(points) has no size in device pixels; the size must be finite and the scale positive"
            }
            return "a window of \(points) is \(Self.number(width.rounded()))x\(Self.number(height.rounded())) device pixels; X11 and Cairo allow at most \(FrameBuffer.maximumPixelSide) per side"
        case let .cannotCreateFrameBuffer(error):
            return "\(error)"
        case let .unknownMonitor(name, display, monitors):
            guard !monitors.isEmpty else {
                return "kiosk: the X server on \(display) has no monitor named \(name) (it reports no RandR 1.5 monitors); leave the monitor unset to cover the whole screen"
            }
            return "kiosk: the X server on \(display) has no monitor named \(name); its monitors are \(monitors.joined(separator: ", ")) (or say primary)"
        case let .attractTour(reason):
            return "kiosk: the attract tour cannot be played: \(reason); name a recording made in the kiosk with --record (or TOUCH_RECORD=FILE)"
        }
    }

    /// Environment and usage problems exit with 2, like a usage error.
    public var exitStatus: Int32 { 2 }

    /// A number as a person writes it: `16384`, not `16384.0`.
    private static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
