import CairoRenderer
import Foundation
import UIKit

/// The touch-spots overlay: a translucent spot with the touch's id under every live
/// finger, drawn over every scene. A spot follows its finger and vanishes when the
/// touch ends or is cancelled.
///
/// The overlay consumes the same sample batches the UIKit core does, so it shows what
/// the input source reported, independent of where the touches were delivered.
@MainActor
public final class TouchSpotsOverlay {
    public struct Spot: Equatable, Sendable {
        public var id: TouchSample.ID
        public var location: CGPoint
    }

    /// The spot's radius in points: about a fingertip.
    public static let radius: CGFloat = 22
    /// The spots' colours, chosen by touch number so neighbouring fingers differ.
    public static let palette: [Canvas.Color] = [
        Canvas.Color(hex: 0x0A84FF), Canvas.Color(hex: 0xFF375F), Canvas.Color(hex: 0x30D158),
        Canvas.Color(hex: 0xFF9F0A), Canvas.Color(hex: 0xBF5AF2), Canvas.Color(hex: 0x64D2FF),
    ]
    /// The fill's opacity: translucent, so the scene stays visible under the finger.
    public static let fillAlpha = 0.45

    public var isVisible = true
    /// Live spots in the order their touches began.
    public private(set) var spots: [Spot] = []

    public init() {}

    /// The colour of the spot of a touch.
    public static func color(for id: TouchSample.ID) -> Canvas.Color {
        palette[Int(id.number % UInt32(palette.count))]
    }

    /// Applies a batch; returns the rectangles (in points) whose pixels changed.
    @discardableResult
    public func apply(_ batch: [TouchSample]) -> [CGRect] {
        var dirty: [CGRect] = []
        for sample in batch {
            let index = spots.firstIndex { $0.id == sample.id }
            if let index {
                dirty.append(Self.bounds(of: spots[index].location))
            }
            switch sample.phase {
            case .began, .moved:
                if let index {
                    spots[index].location = sample.location
                } else {
                    spots.append(Spot(id: sample.id, location: sample.location))
                }
                dirty.append(Self.bounds(of: sample.location))
            case .ended, .cancelled:
                if let index { spots.remove(at: index) }
            }
        }
        return isVisible ? dirty : []
    }

    /// The area a spot at `location` covers, including its outline and anti-aliasing.
    public static func bounds(of location: CGPoint) -> CGRect {
        let extent = radius + 3
        return CGRect(x: location.x - extent, y: location.y - extent, width: 2 * extent, height: 2 * extent)
    }

    public func draw(in canvas: Canvas) {
        guard isVisible else { return }
        for spot in spots {
            let color = Self.color(for: spot.id)
            canvas.fillCircle(center: spot.location, radius: Self.radius, with: color.withAlpha(Self.fillAlpha))
            canvas.strokeCircle(center: spot.location, radius: Self.radius - 1, with: color, lineWidth: 2)
            let label = String(spot.id.number)
            let size: CGFloat = 13
            let width = canvas.measureText(label, size: size, weight: .bold)
            canvas.drawText(label, at: CGPoint(x: spot.location.x - width / 2, y: spot.location.y + size * 0.36),
                            size: size, color: .white, weight: .bold)
        }
    }
}
