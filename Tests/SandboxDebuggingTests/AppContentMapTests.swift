@testable import SandboxDebugging
import UIKit
import XCTest

/// What the debug layer's panels keep off: a label's text (not its whole width), whole
/// controls, small drawn things; not stages, hairlines, hidden views or what a scroll
/// view clips away.
final class AppContentMapTests: OverlayTestCase {
    func testTextControlsAndThingsCountAndPlacesForThemDoNot() async {
        let stage = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        stage.backgroundColor = .darkGray
        window.addSubview(stage)
        let left = UILabel(frame: CGRect(x: 10, y: 10, width: 300, height: 20))
        left.text = "Track 1"
        let right = UILabel(frame: CGRect(x: 10, y: 40, width: 300, height: 20))
        right.text = "Track 1"
        right.textAlignment = .right
        let centered = UILabel(frame: CGRect(x: 10, y: 70, width: 300, height: 20))
        centered.text = "Track 1"
        centered.textAlignment = .center
        let empty = UILabel(frame: CGRect(x: 10, y: 100, width: 300, height: 20))
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 320, y: 10, width: 60, height: 44)
        button.setTitle("Play", for: .normal)
        let square = UIView(frame: CGRect(x: 20, y: 200, width: 50, height: 50))
        square.backgroundColor = .blue
        let hairline = UIView(frame: CGRect(x: 0, y: 150, width: 400, height: 1))
        hairline.backgroundColor = .lightGray
        let hidden = UILabel(frame: CGRect(x: 10, y: 300, width: 100, height: 20))
        hidden.text = "hidden"
        hidden.isHidden = true
        for view in [left, right, centered, empty, button, square, hairline, hidden] { stage.addSubview(view) }
        let width = left.sizeThatFits(left.bounds.size).width

        let rects = AppContentMap.rects(in: window)
        XCTAssertEqual(rects, [
            CGRect(x: 10, y: 10, width: width, height: 20),
            CGRect(x: 310 - width, y: 40, width: width, height: 20),
            CGRect(x: 10 + (300 - width) / 2, y: 70, width: width, height: 20),
            CGRect(x: 320, y: 10, width: 60, height: 44),
            CGRect(x: 20, y: 200, width: 50, height: 50),
        ], "the labels' text, the button (not its title again), the square; not the stage, the hairline, the empty or hidden label")
    }

    func testWhatAScrollViewClipsAwayIsNotThere() async {
        let list = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        list.contentSize = CGSize(width: 200, height: 400)
        window.addSubview(list)
        let shown = UILabel(frame: CGRect(x: 0, y: 80, width: 200, height: 40))
        shown.text = "half in view"
        let scrolledOut = UILabel(frame: CGRect(x: 0, y: 300, width: 200, height: 20))
        scrolledOut.text = "below the fold"
        list.addSubview(shown)
        list.addSubview(scrolledOut)
        let rects = AppContentMap.rects(in: window)
        XCTAssertEqual(rects.count, 1)
        XCTAssertEqual(rects.first?.minY, 80)
        XCTAssertEqual(rects.first?.maxY, 100, "cut where the list clips it")
    }
}
