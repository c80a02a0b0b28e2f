import CairoRenderer
import Foundation

extension Canvas {
    /// `text` cut to fit `width` at `size`, ending in an ellipsis when cut; the whole
    /// text when it fits. Used where a long caption must not run off a panel.
    func truncated(_ text: String, toWidth width: CGFloat, size: CGFloat, weight: FontWeight = .regular) -> String {
        guard measureText(text, size: size, weight: weight) > width else { return text }
        let characters = Array(text)
        // The longest prefix that fits with its ellipsis: widths grow with length.
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = String(characters[..<middle]) + "\u{2026}"
            if measureText(candidate, size: size, weight: weight) <= width { low = middle } else { high = middle - 1 }
        }
        return String(characters[..<low]).trimmingCharacters(in: .whitespaces) + "\u{2026}"
    }
}
