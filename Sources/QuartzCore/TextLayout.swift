/// Lines of text broken and truncated to fit a width, measured with the installed
/// drawing engine (`TextFont.advance(of:)`). Shared by `CATextLayer`, which draws it, and
/// `UILabel`, which sizes itself by it.
package struct TextLayout {
    package struct Line {
        package var text: String
        package var width: CGFloat
    }

    package let lines: [Line]
    package let font: TextFont
    package let metrics: TextFontMetrics

    /// Lays out `text`: one line per paragraph (`\n`), each broken at spaces (or, for a
    /// word wider than the line, between characters) when `wraps`; at most
    /// `maximumLines` lines (0: any number), the last one truncated by `truncation` if
    /// text was left over or it is too wide (without truncation, left-over lines are
    /// dropped).
    package init(
        text: String, font: TextFont, width: CGFloat, wraps: Bool, maximumLines: Int,
        truncation: CATextLayerTruncationMode
    ) {
        self.font = font
        metrics = font.metrics
        let available = width > 0 ? width : .greatestFiniteMagnitude
        var broken: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            broken += wraps ? Self.wrap(paragraph, font: font, width: available) : [paragraph]
        }
        var truncatesLast = false
        if maximumLines > 0, broken.count > maximumLines {
            if truncation == .none {
                // Wrapping without truncation (`UILabel`'s `.byWordWrapping`): the lines
                // that fit show and the rest is not drawn, as in UIKit, rather than
                // running on past the width on the last line.
                broken = Array(broken[..<maximumLines])
            } else {
                let kept = broken[maximumLines - 1] + " " + broken[maximumLines...].joined(separator: " ")
                broken = Array(broken[..<(maximumLines - 1)]) + [kept]
                truncatesLast = true
            }
        }
        var lines = broken.map { Line(text: $0, width: font.advance(of: $0)) }
        if truncation != .none, var last = lines.last, truncatesLast || last.width > available {
            last.text = Self.truncate(last.text, font: font, width: available, mode: truncation)
            last.width = font.advance(of: last.text)
            lines[lines.count - 1] = last
        }
        if truncation != .none {
            for index in lines.indices.dropLast() where lines[index].width > available {
                lines[index].text = Self.truncate(lines[index].text, font: font, width: available, mode: truncation)
                lines[index].width = font.advance(of: lines[index].text)
            }
        }
        self.lines = lines
    }

    /// The size the lines take: the widest line by the lines' height.
    package var size: CGSize {
        CGSize(width: lines.map(\.width).max() ?? 0, height: CGFloat(lines.count) * metrics.lineHeight)
    }

    /// Draws the lines in the context's fill colour, top down from the top of `bounds`
    /// (or centred in it), each aligned by `alignment`.
    package func draw(in ctx: CGContext, bounds: CGRect, alignment: CATextLayerAlignmentMode, centeredVertically: Bool) {
        let top = centeredVertically ? bounds.midY - size.height / 2 : bounds.minY
        // Half the leading above the ascent, so centred text looks centred.
        let leading = (metrics.lineHeight - metrics.ascent - metrics.descent) / 2
        for (index, line) in lines.enumerated() where !line.text.isEmpty {
            let x: CGFloat
            switch alignment {
            case .center: x = bounds.midX - line.width / 2
            case .right: x = bounds.maxX - line.width
            default: x = bounds.minX
            }
            let baseline = top + CGFloat(index) * metrics.lineHeight + leading + metrics.ascent
            ctx.showText(line.text, at: CGPoint(x: x, y: baseline), font: font)
        }
    }

    // MARK: - Breaking and truncating

    private static func wrap(_ paragraph: String, font: TextFont, width: CGFloat) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if font.advance(of: candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = word
            // A word wider than the line is cut between characters.
            while font.advance(of: current) > width, current.count > 1 {
                let fitting = longestPrefix(of: current, font: font, width: width)
                lines.append(String(current.prefix(fitting)))
                current = String(current.dropFirst(fitting))
            }
        }
        lines.append(current)
        return lines
    }

    /// How many leading characters of `text` fit in `width` (at least 1).
    private static func longestPrefix(of text: String, font: TextFont, width: CGFloat) -> Int {
        var low = 0, high = text.count
        while low < high {
            let middle = (low + high + 1) / 2
            if font.advance(of: String(text.prefix(middle))) <= width { low = middle } else { high = middle - 1 }
        }
        return max(low, 1)
    }

    private static func truncate(_ text: String, font: TextFont, width: CGFloat, mode: CATextLayerTruncationMode) -> String {
        let ellipsis = "…"
        let characters = Array(text)
        // The most characters kept around the ellipsis for which the line fits.
        func fits(_ kept: Int) -> Bool { font.advance(of: shortened(kept)) <= width }
        func shortened(_ kept: Int) -> String {
            switch mode {
            case .start: return ellipsis + String(characters.suffix(kept))
            case .middle:
                let head = (kept + 1) / 2
                return String(characters.prefix(head)) + ellipsis + String(characters.suffix(kept - head))
            default: return String(characters.prefix(kept)).trimmingCharacters(in: .whitespaces) + ellipsis
            }
        }
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return shortened(low)
    }
}
