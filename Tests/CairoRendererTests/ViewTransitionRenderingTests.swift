import CairoRenderer
import UIKit
import XCTest

/// View transitions by their pixels mid-way: the old picture over the new look.
final class ViewTransitionRenderingTests: RenderingTestCase {
    private var window: UIWindow!
    private var view: UIView!

    override func setUp() async throws {
        try await super.setUp()
        // Views animate only with actions enabled: close the base class's transaction.
        CATransaction.commit()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .red
        window.addSubview(view)
        window.makeKeyAndVisible()
    }

    override func tearDown() async throws {
        CATransaction.begin()
        try await super.tearDown()
    }

    private func rgb(_ x: Int, _ y: Int) -> [UInt8] {
        let pixel = pixel(of: window.layer, x: x, y: y)
        return [pixel.red, pixel.green, pixel.blue]
    }

    func testHalfWayThroughACrossDissolveBothLooksBlendEvenly() async {
        UIView.transition(with: view, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                          animations: { self.view.backgroundColor = .blue })
        clock.now = 100.5
        let mid = rgb(50, 50)
        XCTAssertEqual(Int(mid[0]), 128, accuracy: 1)
        XCTAssertEqual(mid[1], 0)
        XCTAssertEqual(Int(mid[2]), 127, accuracy: 1)
        clock.now = 101
        CAAnimationEngine.current.tick()
        XCTAssertEqual(rgb(50, 50), [0, 0, 255])
    }

    func testHalfWayThroughACurlUpTheTopHalfIsStillTheOldLook() async {
        UIView.transition(with: view, duration: 1, options: [.transitionCurlUp, .curveLinear],
                          animations: { self.view.backgroundColor = .blue })
        clock.now = 100.5
        XCTAssertEqual(rgb(50, 20), [255, 0, 0], "the page not yet lifted")
        XCTAssertEqual(rgb(50, 80), [0, 0, 255], "the new look uncovered")
    }

    func testHalfWayThroughAFlipTheViewIsEdgeOn() async {
        UIView.transition(with: view, duration: 1, options: [.transitionFlipFromRight, .curveLinear],
                          animations: { self.view.backgroundColor = .blue })
        clock.now = 100.25  // half as wide, still the old look
        XCTAssertEqual(rgb(50, 50), [255, 0, 0])
        XCTAssertEqual(rgb(10, 50), [255, 255, 255], "the window shows beside it")
        clock.now = 100.75  // half as wide again, the new look
        XCTAssertEqual(rgb(50, 50), [0, 0, 255])
        XCTAssertEqual(rgb(90, 50), [255, 255, 255])
    }
}
