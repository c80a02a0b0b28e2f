@testable import TouchSandbox
import UIKit
import XCTest

/// The tap-double-pan scene draws the listing's action log under the square, newest
/// last, a drag's changes folded into one line.
final class TapDoubleTapPanSceneTests: ListingTestCase {
    func testRunsOfEqualEntriesFoldIntoOneLineAndTheNewestAreKept() async {
        let log = ["single", "double", "drag began"] + Array(repeating: "drag changed", count: 12) + ["drag ended", "single"]
        XCTAssertEqual(ActionLogView.displayLines(of: log, count: 5),
                       ["double", "drag began", "drag changed \u{D7}12", "drag ended", "single"])
        XCTAssertEqual(ActionLogView.displayLines(of: ["double"], count: 5), ["double"])
        XCTAssertEqual(ActionLogView.displayLines(of: [], count: 5), [])
    }

    func testTheLogBesideTheSquareShowsTheActionsNewestLast() async throws {
        let scene = TapDoubleTapPanScene()
        present(scene, size: UIScreen.main.bounds.size)
        let square = try XCTUnwrap(scene.square)
        XCTAssertTrue(scene.actionLog.lineLabels.allSatisfy { $0.text == nil })
        XCTAssertGreaterThan(scene.actionLog.frame.minX, square.frame.maxX, "the log is beside the square")
        XCTAssertLessThanOrEqual(scene.actionLog.frame.maxY,
                                 safeArea(of: scene).maxY, "the hint does not cover the log")

        injector.tap(at: square.center, duration: 0.05)
        injector.wait(0.1)
        injector.tap(at: square.center, duration: 0.05)
        injector.drag(from: square.center, to: CGPoint(x: square.center.x + 100, y: square.center.y))
        XCTAssertEqual(scene.actionLog.lineLabels.map(\.text), [nil, "double", "drag began", "drag changed \u{D7}9", "drag ended"])
        XCTAssertEqual(scene.actionLog.lineLabels.last?.textColor, SandboxStyle.label, "the newest line stands out")
        XCTAssertEqual(scene.actionLog.lineLabels[1].textColor, SandboxStyle.secondaryLabel)
    }
}
