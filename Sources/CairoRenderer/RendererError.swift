import CoreGraphics
import Foundation

/// Why the renderer could not do what it was asked. Each description is one line.
public enum RendererError: Error, CustomStringConvertible, Equatable {
    /// Cairo could not encode a PNG (it ran out of memory).
    case pngEncodingFailed
    /// No frame buffer of this size (in points, at this scale) could be made, and why.
    case cannotCreateFrameBuffer(pointSize: CGSize, scale: CGFloat, reason: String)

    public var description: String {
        switch self {
        case .pngEncodingFailed:
            return "could not encode the PNG (out of memory)"
        case let .cannotCreateFrameBuffer(size, scale, reason):
            return "cannot make a frame buffer of \(Self.number(size.width))x\(Self.number(size.height)) points at scale \(Self.number(scale)): \(reason)"
        }
    }

    /// A number as a person writes it: `16384`, not `16384.0`.
    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
