import CoreGraphics
import Foundation

/// Why the renderer could not do what it was asked. Each description is one line.
public enum RendererError: Error, CustomStringConvertible, Equatable {
    case pngWriteFailed(String, String)
    /// No frame buffer of this size (in points, at this scale) could be made, and why.
    case cannotCreateFrameBuffer(pointSize: CGSize, scale: CGFloat, reason: String)

    public var description: String {
        switch self {
        case let .pngWriteFailed(path, reason):
            return "could not write the PNG file \(path): \(reason); check that its folder exists and is writable"
        case let .cannotCreateFrameBuffer(size, scale, reason):
            return "cannot make a frame buffer of \(Self.number(size.width))x\(Self.number(size.height)) points at scale \(Self.number(scale)): \(reason)"
        }
    }

    /// A number as a person writes it: `16384`, not `16384.0`.
    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
