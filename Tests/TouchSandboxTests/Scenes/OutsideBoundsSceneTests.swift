@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The outside-bounds scene: the half of each tab outside its box is touchable only in
/// the munged box (right); on the left the tap falls through to the panel behind.
final class OutsideBoundsSceneTests: ListingTestCase {
    func testTheSceneFitsTheClearAreaAtBothSizes() async {
        for size in Self.sceneSizes {
            let scene = show(OutsideBoundsScene.self, size: size)
            assertStageFitsClearArea(scene)
            XCTAssertFalse(scene.columns[0].panel.frame.intersects(scene.columns[1].panel.frame))
        }
    }

    func testATapOnTheOutsidePartReachesTheTabOnlyInTheMungedBox() async {
        let scene = show(OutsideBoundsScene.self, size: CGSize(width: 800, height: 500))
        let (plain, munged) = (scene.columns[0], scene.columns[1])
        XCTAssertTrue(type(of: plain.box) == UIView.self)
        XCTAssertTrue(munged.box is OutsideBoundsHitTestingView)
        XCTAssertFalse(plain.box.clipsToBounds)

        // The tab's bottom-right corner region lies outside its box.
        let outsideInTab = CGPoint(x: OutsideBoundsScene.tabFrame.width - 20, y: OutsideBoundsScene.tabFrame.height - 20)
        for column in [plain, munged] {
            XCTAssertFalse(column.box.bounds.contains(column.tab.convert(outsideInTab, to: column.box)))
            injector.tap(at: column.tab.convert(outsideInTab, to: window))
            injector.wait(1)
        }
        XCTAssertEqual(plain.result.text, "fell through to the panel behind")
        XCTAssertEqual(munged.result.text, "reached the tab (the subview)")
        XCTAssertEqual(munged.result.textColor, OutsideBoundsScene.tabColor)
        XCTAssertEqual(plain.marker.layer.borderColor, UIColor.systemRed.cgColor)
        XCTAssertEqual(munged.marker.layer.borderColor, UIColor.systemGreen.cgColor)
        XCTAssertEqualPoints(plain.marker.center, plain.tab.convert(outsideInTab, to: plain.panel), accuracy: 1e-9)

        // The part inside the box is the tab's in both; the rest of the box is the box's.
        for column in [plain, munged] {
            injector.tap(at: column.tab.convert(CGPoint(x: 10, y: 10), to: window))
            injector.wait(1)
            XCTAssertEqual(column.result.text, "reached the tab (the subview)")
            injector.tap(at: column.box.convert(CGPoint(x: 10, y: 10), to: window))
            injector.wait(1)
            XCTAssertEqual(column.result.text, "reached the box (the superview)")
        }
    }
}
