import CairoRenderer
import UIKit
import XCTest

/// Labels: their text layer, sizes from the engine's measurement, and what they draw.
final class UILabelTests: RenderingTestCase {
    func testOneLineLabelSizesToItsTextWithTheFontsLineHeight() async {
        let label = UILabel()
        label.text = "Hello"
        label.font = .systemFont(ofSize: 20)
        let measured = TextFont(name: "DejaVuSans", size: 20).advance(of: "Hello")
        label.sizeToFit()
        XCTAssertEqual(label.bounds.width, measured.rounded(.up))
        XCTAssertEqual(label.bounds.height, label.font.lineHeight.rounded(.up))
        XCTAssertFalse(label.isUserInteractionEnabled)
        XCTAssertTrue(label.layer is CATextLayer)
    }

    func testWrappingLabelsGrowDownAndStopAtNumberOfLines() async {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
        label.text = "one two three four five six seven eight nine ten"
        label.numberOfLines = 0
        let unlimited = label.sizeThatFits(CGSize(width: 100, height: 1000))
        XCTAssertLessThanOrEqual(unlimited.width, 100)
        XCTAssertGreaterThan(unlimited.height, 3 * label.font.lineHeight)
        label.numberOfLines = 2
        XCTAssertEqual(label.sizeThatFits(CGSize(width: 100, height: 1000)).height,
                       (2 * label.font.lineHeight).rounded(.up))
        let layout = (label.layer as! CATextLayer).layout(width: 100)
        XCTAssertTrue(layout.lines.last?.text.hasSuffix("…") == true, "the last line shows that text was cut")
    }

    /// With `.byWordWrapping` (no truncation) and a line limit, the lines that fit show,
    /// each within the width, and the rest is not drawn, as in UIKit.
    func testWordWrappingStopsAtNumberOfLinesWithinTheWidth() async {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
        label.text = "one two three four five six seven eight nine ten"
        label.numberOfLines = 2
        label.lineBreakMode = .byWordWrapping
        let layout = (label.layer as! CATextLayer).layout(width: 100)
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertTrue(layout.lines.allSatisfy { $0.width <= 100 }, "\(layout.lines.map(\.text))")
        XCTAssertEqual(layout.lines.map(\.text), ["one two", "three four"], "word by word, at 17 points in 100")
        XCTAssertFalse(layout.lines.last?.text.hasSuffix("ten") ?? true, "the rest is not drawn")
    }

    func testTruncationModesCutWhereAsked() async {
        let font = TextFont(size: 14)
        let text = "abcdefghijklmnopqrstuvwxyz"
        let width = font.advance(of: "abcdefghij")
        func line(_ mode: CATextLayerTruncationMode) -> String {
            TextLayout(text: text, font: font, width: width, wraps: false, maximumLines: 1, truncation: mode).lines[0].text
        }
        XCTAssertTrue(line(.end).hasPrefix("abc") && line(.end).hasSuffix("…"))
        XCTAssertTrue(line(.start).hasPrefix("…") && line(.start).hasSuffix("xyz"))
        XCTAssertTrue(line(.middle).hasPrefix("ab") && line(.middle).contains("…") && line(.middle).hasSuffix("z"))
        XCTAssertEqual(line(.none), text)
    }

    func testLabelTextIsDrawnCentredVerticallyInItsColour() async {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        label.text = "█████"
        label.textColor = .blue
        label.textAlignment = .center
        let image = LayerSnapshot.frameBuffer(of: label.layer, background: .white).makeImage()
        XCTAssertEqual(image.pixel(x: 60, y: 30).blue, 255)
        XCTAssertEqual(image.pixel(x: 60, y: 30).red, 0, "text at the middle")
        XCTAssertEqual(image.pixel(x: 60, y: 5).red, 255, "nothing at the top")
        XCTAssertEqual(image.pixel(x: 3, y: 30).red, 255, "nothing at the left edge")
    }
}
