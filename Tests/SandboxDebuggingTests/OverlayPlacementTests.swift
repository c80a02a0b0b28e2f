@testable import SandboxDebugging
import UIKit
import XCTest

/// The one placement rule of the debug layer's panels and labels: inside the area, clear
/// of what is blocked, of the fingers and of the app's text and controls where there is
/// room, nearest its home among equals, and said to cover the app where there is none.
final class OverlayPlacementTests: XCTestCase {
    private let area = CGRect(x: 12, y: 56, width: 1000, height: 600)
    private let size = CGSize(width: 300, height: 100)

    func testWithNothingInTheWayAnItemGoesHome() {
        let rule = OverlayPlacement(area: area)
        XCTAssertEqual(rule.place(size, home: .bottomLeft), .init(frame: CGRect(x: 12, y: 556, width: 300, height: 100), coversApp: false))
        XCTAssertEqual(rule.place(size, home: .bottomRight)?.frame, CGRect(x: 712, y: 556, width: 300, height: 100))
        XCTAssertEqual(rule.place(size, home: .topLeft)?.frame, CGRect(x: 12, y: 56, width: 300, height: 100))
        XCTAssertEqual(rule.place(size, home: .topRight)?.frame, CGRect(x: 712, y: 56, width: 300, height: 100))
        XCTAssertEqual(rule.place(size, home: .top)?.frame, CGRect(x: 362, y: 56, width: 300, height: 100))
        XCTAssertNil(rule.place(CGSize(width: 1001, height: 10), home: .top), "wider than the area: nowhere")
    }

    /// A label at the home corner: the item goes to the nearest place clear of it, flush
    /// beside it `contentPadding` away (here up, 44 points, rather than across, 204).
    func testAnItemMovesTheLeastItMustToKeepOffTheAppsText() {
        let label = CGRect(x: 12, y: 616, width: 200, height: 28)
        let rule = OverlayPlacement(area: area, appContent: [label], margin: 12)
        XCTAssertEqual(rule.place(size, home: .bottomLeft), .init(frame: CGRect(x: 12, y: 512, width: 300, height: 100), coversApp: false))
    }

    func testWhereTheAppLeavesNoRoomTheItemCoversItsLeastAndSaysSo() {
        // Text in a grid that leaves no 300 × 100 gap anywhere.
        var rows: [CGRect] = []
        for y in stride(from: 56, to: 656, by: 60) {
            for x in stride(from: 12, to: 1012, by: 250) { rows.append(CGRect(x: CGFloat(x), y: CGFloat(y), width: 200, height: 20)) }
        }
        let rule = OverlayPlacement(area: area, appContent: rows)
        let placed = try! XCTUnwrap(rule.place(size, home: .bottomLeft))
        XCTAssertTrue(placed.coversApp)
        XCTAssertTrue(area.contains(placed.frame))
        // No place in the area (tried every 4 points) covers less.
        let least = stride(from: area.minX, through: area.maxX - size.width, by: 4).flatMap { x in
            stride(from: area.minY, through: area.maxY - size.height, by: 4).map { y in
                rule.coveredAppArea(CGRect(origin: CGPoint(x: x, y: y), size: size))
            }
        }.min()!
        XCTAssertEqual(rule.coveredAppArea(placed.frame), least)
    }

    func testBlockedPlacesAreNeverTakenAndAnItemWithNoRoomHasNoPlace() {
        let bar = CGRect(x: 0, y: 500, width: 1024, height: 200)
        let rule = OverlayPlacement(area: area, blocked: [bar], margin: 12)
        XCTAssertEqual(rule.place(size, home: .bottomLeft)?.frame, CGRect(x: 12, y: 388, width: 300, height: 100),
                       "above what is blocked, a margin away")
        let full = OverlayPlacement(area: area, blocked: [area])
        XCTAssertNil(full.place(size, home: .bottomLeft))
    }

    func testAnItemKeepsClearOfTheFingersAndStaysPutOnceTheyLift() {
        let finger = CGPoint(x: 150, y: 600)
        var rule = OverlayPlacement(area: area, fingers: [finger], fingerClearance: 24)
        let placed = try! XCTUnwrap(rule.place(size, home: .bottomLeft))
        XCTAssertFalse(rule.isNearFinger(placed.frame))
        XCTAssertEqual(placed.frame, CGRect(x: 12, y: 600 - 24 - 100, width: 300, height: 100), "just clear of it, above")
        rule.fingers = []
        XCTAssertEqual(rule.place(size, home: .bottomLeft, current: placed.frame)?.frame, placed.frame, "it stays where it went")
        XCTAssertEqual(rule.place(size, home: .bottomLeft)?.frame.minY, 556, "placed anew, it would go home")
    }

    /// A label's places are given; the first clear one wins, else the one covering least.
    func testOfGivenPlacesTheFirstClearOneWins() {
        let title = CGRect(x: 100, y: 80, width: 300, height: 20)
        let rule = OverlayPlacement(area: area, appContent: [title])
        let over = CGRect(x: 120, y: 82, width: 100, height: 20), below = CGRect(x: 120, y: 200, width: 100, height: 20)
        XCTAssertEqual(rule.best(of: [over, below]), .init(frame: below, coversApp: false))
        XCTAssertEqual(rule.best(of: [over]), .init(frame: over, coversApp: true))
    }
}
