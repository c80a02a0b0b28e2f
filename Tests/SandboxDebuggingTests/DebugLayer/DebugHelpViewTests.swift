@testable import SandboxDebugging
import UIKit
import XCTest

/// The help panel shows every line at every window size: in two columns where the screen
/// is wide enough to show them all at once, and scrolling under its title where it is
/// not (640 × 480); a long key takes a row of its own instead of a wide key column.
final class DebugHelpViewTests: OverlayTestCase {
    private var layer: DebugLayer!

    override func tearDown() async throws {
        layer?.detach()
        layer = nil
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
        try await super.tearDown()
    }

    /// Eighteen lines, as the sandbox's help has, two of them with long keys.
    private static let lines: [(key: String?, text: String)] = (0..<16).map {
        ("K\($0)", "Tool \($0): what the tool does, said in about as many words as a real line of help says it")
    } + [("Ctrl + mouse", "a second finger, mirrored about the window's centre"),
         ("Ctrl+Shift + mouse", "a second finger moving with the first")]

    private func open(_ width: CGFloat, _ height: CGFloat) -> DebugHelpView {
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        window.frame = UIScreen.main.bounds
        layer?.detach()
        layer = DebugLayer(configuration: DebugLayerConfiguration(showsToolbar: true))
        layer.helpLines = Self.lines
        layer.topInset = 44
        layer.bottomInset = 36
        layer.attach(to: window)
        layer.setHelpVisible(true)
        layer.view.layoutIfNeeded()
        layer.view.help.layoutIfNeeded()
        return layer.view.help
    }

    /// The frame of a line's label in the panel's coordinates, as scrolled now.
    private func shown(_ label: UILabel, in help: DebugHelpView) -> CGRect {
        label.convert(label.bounds, to: help)
    }

    func testWideScreensShowEveryLineInTwoColumnsWithoutScrolling() async {
        for (width, height) in [(1024, 768), (1920, 1080)] as [(CGFloat, CGFloat)] {
            let help = open(width, height)
            let visible = help.scrollView.frame
            XCTAssertLessThanOrEqual(help.scrollView.contentSize.height, visible.height, "\(width): nothing to scroll")
            for label in help.lineLabels {
                XCTAssertTrue(visible.contains(shown(label, in: help)), "\(width): \(label.text ?? "") shows whole")
            }
            let keys = stride(from: 0, to: help.lineLabels.count, by: 2).map { help.lineLabels[$0] }
            XCTAssertEqual(keys.first?.frame.minX, 16)
            XCTAssertGreaterThan(keys.last!.frame.minX, help.bounds.width / 2 - 1, "\(width): the last lines in the right column")
        }
    }

    func testASmallScreenScrollsTheLinesUnderTheTitle() async {
        let help = open(640, 480)
        let visible = help.scrollView.frame
        XCTAssertLessThanOrEqual(help.frame.maxY, 480 - 60 - 36, "the panel stays above the toolbar and the app's bar")
        XCTAssertGreaterThan(help.scrollView.contentSize.height, visible.height, "more lines than room: they scroll")
        XCTAssertEqual(help.closeButton.frame.minY, 16, "Close stays at the top")
        let last = help.lineLabels[help.lineLabels.count - 1]
        XCTAssertFalse(visible.contains(shown(last, in: help)), "the last line is below the fold at first")
        help.scrollView.contentOffset = CGPoint(x: 0, y: help.scrollView.contentSize.height - visible.height)
        XCTAssertTrue(visible.contains(shown(last, in: help)), "and scrolled to, it shows whole")
    }

    /// The scroll view is made when the help first shows: until then the layer holds no
    /// recognizer, so the app's own are the first in the gesture trace's numbering.
    func testTheLayerHoldsNoRecognizerUntilTheHelpShows() async {
        func recognizers(in view: UIView) -> Int {
            (view.gestureRecognizers?.count ?? 0) + view.subviews.reduce(0) { $0 + recognizers(in: $1) }
        }
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        layer = DebugLayer(configuration: DebugLayerConfiguration(showsToolbar: true))
        layer.helpLines = Self.lines
        layer.attach(to: window)
        layer.view.layoutIfNeeded()
        XCTAssertEqual(recognizers(in: layer.window), 0)
        layer.setHelpVisible(true)
        layer.view.layoutIfNeeded()
        XCTAssertGreaterThan(recognizers(in: layer.window), 0, "the help's lines scroll by finger")
    }

    func testALongKeyTakesARowOfItsOwnAndTheKeyColumnStaysNarrow() async {
        let help = open(640, 480)
        let count = help.lineLabels.count
        let shortKey = help.lineLabels[0], shortText = help.lineLabels[1]
        XCTAssertEqual(shortKey.frame.minY, shortText.frame.minY, "a short key beside its text")
        XCTAssertLessThanOrEqual(shortText.frame.minX - 16, 72 + 12, "the column fits the short keys, not the long ones")
        let longKey = help.lineLabels[count - 2], longText = help.lineLabels[count - 1]
        XCTAssertEqual(longText.frame.minY, longKey.frame.maxY, "a long key on its own row above its text")
        XCTAssertGreaterThanOrEqual(longKey.frame.width, longKey.sizeThatFits(CGSize(width: 1000, height: 22)).width)
    }
}
