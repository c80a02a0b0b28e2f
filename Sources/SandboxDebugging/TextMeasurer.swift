import CairoRenderer
import Foundation

/// Measures text outside drawing, with the canvas's own font, so an overlay can lay out
/// its labels (and report the rectangles they will cover) when its state changes rather
/// than in every frame.
@MainActor
final class TextMeasurer {
    /// A one-pixel surface: measuring needs a Cairo context, not pixels.
    private let scratch = FrameBuffer(pointSize: CGSize(width: 1, height: 1), scale: 1)

    /// The advance width of `text`, as `Canvas.measureText` gives it.
    func width(of text: String, size: CGFloat, weight: Canvas.FontWeight = .regular) -> CGFloat {
        var width: CGFloat = 0
        scratch.draw { canvas in width = canvas.measureText(text, size: size, weight: weight) }
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
