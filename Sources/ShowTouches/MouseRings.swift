import CairoRenderer
import Foundation
import SandboxDebugging

/// `--show-touches mouse`: a ring where each mouse button is held, so an audience sees
/// clicks as it sees touches. Raw button events carry no position, so the show asks the
/// server where the pointer is on each press (`XQueryPointer`); the ring stays there
/// until the button is released. Presses the server emulates from a touch
/// (`XIPointerEmulated`) are not mouse presses and show no ring.
struct MouseRings {
    /// A button held down: which device and button, and where it was pressed.
    struct Ring: Equatable {
        var device: Int
        var button: Int
        var location: CGPoint
    }

    private(set) var rings: [Ring] = []

    static let radius: CGFloat = 20
    static let lineWidth: CGFloat = 5
    static let color = Canvas.Color(hex: 0xFFFFFF)
    static let outline = Canvas.Color(hex: 0x1C1C1E, alpha: 0.8)

    /// A press at `location`; returns the rectangle to redraw.
    mutating func press(device: Int, button: Int, at location: CGPoint) -> CGRect {
        rings.removeAll { $0.device == device && $0.button == button }
        rings.append(Ring(device: device, button: button, location: location))
        return Self.bounds(of: location)
    }

    /// A release; returns the rectangle to redraw, if a ring was there.
    mutating func release(device: Int, button: Int) -> CGRect? {
        guard let index = rings.firstIndex(where: { $0.device == device && $0.button == button }) else { return nil }
        let ring = rings.remove(at: index)
        return Self.bounds(of: ring.location)
    }

    static func bounds(of location: CGPoint) -> CGRect {
        let reach = radius + lineWidth + 2
        return CGRect(x: location.x - reach, y: location.y - reach, width: 2 * reach, height: 2 * reach)
    }

    /// Each ring: a white circle with a dark edge either side, readable over any window.
    func draw(in canvas: Canvas) {
        for ring in rings {
            canvas.strokeCircle(center: ring.location, radius: Self.radius, with: Self.outline, lineWidth: Self.lineWidth + 3)
            canvas.strokeCircle(center: ring.location, radius: Self.radius, with: Self.color, lineWidth: Self.lineWidth)
        }
    }
}
