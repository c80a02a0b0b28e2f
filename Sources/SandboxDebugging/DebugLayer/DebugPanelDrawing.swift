import CairoRenderer
import UIKit

/// What the debug layer's drawn panels (`RecognizerHUDView`, `PerformanceMeterView`) draw
/// with in their `draw(_:)`: rectangles, lines and one-line text in the overlays' palette,
/// into UIKit's current context, in the view's points. The text is the canvas's DejaVu
/// Sans, so `TextMeasurer` measures exactly what is drawn.
extension CGContext {
    func fill(_ rect: CGRect, with color: Canvas.Color) {
        setFillColor(color.cgColor)
        fill(rect)
    }

    func strokeLine(from start: CGPoint, to end: CGPoint, with color: Canvas.Color, lineWidth: CGFloat) {
        setStrokeColor(color.cgColor)
        setLineWidth(lineWidth)
        strokeLineSegments(between: [start, end])
    }

    /// One line of text with its baseline's left end at `origin`.
    func drawText(_ text: String, at origin: CGPoint, size: CGFloat, color: Canvas.Color,
                  weight: Canvas.FontWeight = .regular) {
        setFillColor(color.cgColor)
        showText(text, at: origin, font: TextFont(size: size, weight: weight == .bold ? .bold : .regular))
    }
}

extension Canvas.Color {
    var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }
    var uiColor: UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }
}
