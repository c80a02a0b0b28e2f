@testable import SandboxDebugging
import UIKit
import XCTest

/// The toolbar keeps every button at least 44 points and never shrinks one below its
/// title: what does not fit moves into the overflow panel, which "More" opens.
@MainActor
final class DebugToolbarTests: XCTestCase {
    @MainActor
    private func toolbar(width: CGFloat, count: Int) -> DebugToolbar {
        let bar = DebugToolbar(frame: CGRect(x: 0, y: 420, width: width, height: DebugStyle.toolbarHeight))
        let host = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 480))
        host.addSubview(bar)
        host.addSubview(bar.overflowPanel)
        bar.items = (0..<count).map { DebugToolbar.Item(title: "Tool \($0)", key: "\($0)", action: {}) }
        bar.layoutIfNeeded()
        return bar
    }

    func testEverythingFitsInOneRowWhenThereIsRoom() async {
        let bar = toolbar(width: 1920, count: 10)
        XCTAssertEqual(bar.rowIndices, 0..<10)
        XCTAssertTrue(bar.moreButton.isHidden)
        for button in bar.buttons {
            XCTAssertTrue(button.superview === bar)
            XCTAssertEqual(button.frame.height, 44)
            XCTAssertGreaterThanOrEqual(button.frame.width, 44)
            XCTAssertEqual(button.frame.minY, 8)
        }
        // Left to right, 8 points apart, none overlapping.
        for (a, b) in zip(bar.buttons, bar.buttons.dropFirst()) {
            XCTAssertEqual(b.frame.minX, a.frame.maxX + 8)
        }
    }

    func testWhatDoesNotFitOverflowsFullSizeIntoThePanelAboveTheBar() async {
        let bar = toolbar(width: 640, count: 12)
        XCTAssertLessThan(bar.rowIndices.count, 12)
        XCTAssertGreaterThan(bar.rowIndices.count, 0)
        XCTAssertFalse(bar.moreButton.isHidden)
        let widest = bar.buttons[bar.rowIndices].map { $0.frame.maxX }.max()!
        XCTAssertLessThanOrEqual(widest + 8, bar.moreButton.frame.minX, "the row stops before More")
        XCTAssertEqual(bar.moreButton.frame.maxX, 640 - 8)
        let overflow = bar.buttons[bar.rowIndices.upperBound...]
        for button in overflow {
            XCTAssertTrue(button.superview === bar.overflowPanel)
            XCTAssertEqual(button.frame.height, 44)
            XCTAssertLessThanOrEqual(button.frame.maxX, 640 - 8)
            XCTAssertEqual(DebugStyle.width(of: button), button.frame.width, "not shrunk")
        }
        XCTAssertEqual(bar.overflowPanel.frame.maxY, bar.frame.minY, "the panel sits on the bar")
        XCTAssertTrue(bar.overflowPanel.isHidden)
        bar.moreButton.sendActions(for: .touchUpInside)
        XCTAssertFalse(bar.overflowPanel.isHidden, "More opens it")
    }
}
