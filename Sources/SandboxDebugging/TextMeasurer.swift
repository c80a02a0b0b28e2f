import CairoRenderer
import Foundation

/// Measures text outside drawing, with the canvas's own font, so an overlay can lay out
/// its labels (and report the rectangles they will cover) when its state changes rather
/// than in every frame.
@MainActor
final class TextMeasurer {
    /// A one-pixel surface: measuring needs a Cairo context, not pixels.
    private let scratch = FrameBuffer(pointSize: CGSize(width: 1, height: 1), scale: 1)

    /// What was measured, so that a label measured in every frame (and, as a frame's
    /// damage rectangles are drawn one by one, several times a frame) costs a lookup:
    /// measuring sets up a Cairo context and selects a font each time.
    private var widths: [Key: CGFloat] = [:]

    private struct Key: Hashable {
        var text: String
        var size: CGFloat
        var weight: Canvas.FontWeight
    }

    /// The most widths kept; past it the cache starts over (labels change with the
    /// touches and views they name, so old ones are not worth keeping).
    static let cacheLimit = 512

    /// The advance width of `text`, as `Canvas.measureText` gives it.
    func width(of text: String, size: CGFloat, weight: Canvas.FontWeight = .regular) -> CGFloat {
        let key = Key(text: text, size: size, weight: weight)
        if let known = widths[key] { return known }
        var width: CGFloat = 0
        scratch.draw { canvas in width = canvas.measureText(text, size: size, weight: weight) }
        if widths.count >= Self.cacheLimit { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
        return width
    }

    /// `text`, or its longest prefix that fits `maximumWidth` with an ellipsis after it.
    func truncated(_ text: String, toWidth maximumWidth: CGFloat, size: CGFloat,
                   weight: Canvas.FontWeight = .regular) -> String {
        guard width(of: text, size: size, weight: weight) > maximumWidth else { return text }
        let characters = Array(text)
        // The widest prefix that fits, by bisection on its length.
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if width(of: String(characters[..<middle]) + "…", size: size, weight: weight) <= maximumWidth {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return String(characters[..<low]).trimmingCharacters(in: .whitespaces) + "…"
    }
}
