@testable import UIKit
import XCTest

/// Which scroll view a wheel or touchpad scroll reaches, and the way it takes there: a
/// 320 × 480 horizontal pager of three pages whose first page is a vertical list of
/// 2000 points.
///
/// Sources: `UIEvent.EventType.scroll` and `UIApplication.sendEvent(_:)` /
/// `UIWindow.sendEvent(_:)` as the path of every event (Apple's "UIEvent" and
/// "UIApplication" references); the scroll view under the pointer that scrolls the
/// scroll's way takes it, as observed in GTK (nested GtkScrolledWindows) and on iPadOS
/// with a mouse over a list in a pager.
final class UIWindowScrollInputTests: UIKitTestCase {
    /// Notes each event the window is sent.
    private final class EventNotingWindow: UIWindow {
        var events: [String] = []
        override func sendEvent(_ event: UIEvent) {
            events.append("\(event.type) touches \(event.allTouches?.count ?? 0) at \(event.timestamp)")
            super.sendEvent(event)
        }
    }

    private var pager: UIScrollView!
    private var list: UIScrollView!

    override func setUp() async throws {
        try await super.setUp()
        pager = UIScrollView(frame: window.bounds)
        pager.contentSize = CGSize(width: 960, height: 480)
        pager.isPagingEnabled = true
        list = UIScrollView(frame: window.bounds)
        list.contentSize = CGSize(width: 320, height: 2000)
        list.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 2000)))
        pager.addSubview(list)
        window.addSubview(pager)
    }

    private func scroll(dx: CGFloat = 0, dy: CGFloat = 0, at point: CGPoint = CGPoint(x: 100, y: 100),
                        in target: UIWindow? = nil) {
        (target ?? window).inject(ScrollSample(location: point, delta: CGVector(dx: dx, dy: dy), unit: .clicks,
                                               timestamp: clock.now))
    }

    func testAVerticalScrollGoesToTheListAndASidewaysOneToThePager() async {
        scroll(dy: 2)
        XCTAssertEqual(list.contentOffset, CGPoint(x: 0, y: 106))
        XCTAssertEqual(pager.contentOffset, .zero)
        scroll(dx: 1)
        XCTAssertEqual(pager.contentOffset, CGPoint(x: 53, y: 0), "no page snap: a wheel is not a drag")
        XCTAssertEqual(list.contentOffset, CGPoint(x: 0, y: 106))
        // A touchpad's diagonal: the larger part picks the scroll view, which moves on
        // the axes it scrolls on.
        scroll(dx: 0.2, dy: -1)
        XCTAssertEqual(list.contentOffset, CGPoint(x: 0, y: 53))
        XCTAssertEqual(pager.contentOffset, CGPoint(x: 53, y: 0))
        scroll(dx: -1, dy: 0.5)
        XCTAssertEqual(pager.contentOffset, .zero)
        XCTAssertEqual(list.contentOffset, CGPoint(x: 0, y: 53))
    }

    /// Over a view that takes no touches above the list, the scroll still finds the
    /// list: the hit view's ancestors are asked, nearest first.
    func testTheHitViewsNearestScrollingAncestorTakesIt() async {
        let row = UIButton(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        list.addSubview(row)
        scroll(dy: 1, at: CGPoint(x: 10, y: 10))
        XCTAssertEqual(list.contentOffset, CGPoint(x: 0, y: 53))
        // Where nothing scrolls that way, nothing moves.
        list.contentSize = CGSize(width: 320, height: 480)
        scroll(dy: 1, at: CGPoint(x: 10, y: 10))
        XCTAssertEqual(list.contentOffset, CGPoint(x: 0, y: 53))
        XCTAssertEqual(pager.contentOffset, .zero, "the pager does not scroll vertically")
    }

    /// The scroll is one event of type `.scroll` with no touches, sent by the
    /// application to the window, at the sample's time.
    func testAScrollIsAScrollEventThroughTheApplicationAndWindow() async {
        let noting = EventNotingWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        noting.makeKeyAndVisible()
        let inner = UIScrollView(frame: noting.bounds)
        inner.contentSize = CGSize(width: 320, height: 1000)
        noting.addSubview(inner)
        scroll(dy: 1, in: noting)
        XCTAssertEqual(noting.events, ["scroll touches 0 at 100.0"])
        XCTAssertEqual(inner.contentOffset, CGPoint(x: 0, y: 53))
        XCTAssertEqual(UIEvent.EventType.scroll.rawValue, 10, "UIKit's raw value")
        XCTAssertNil(UIApplication.shared.touchesEvent.allTouches?.first, "no touch was made")
    }

    func testBadScrollsAreIgnoredWithALine() async {
        scroll(dy: .nan)
        scroll(dy: 1, at: CGPoint(x: CGFloat.infinity, y: 0))
        scroll(dx: 0, dy: 0)
        XCTAssertEqual(list.contentOffset, .zero)
        XCTAssertEqual(logLines(containing: "is not finite: ignored").count, 2)
        UIApplication.shared.beginIgnoringInteractionEvents()
        scroll(dy: 1)
        UIApplication.shared.endIgnoringInteractionEvents()
        XCTAssertEqual(list.contentOffset, .zero)
        XCTAssertEqual(logLines(containing: "while interaction events are ignored: dropped").count, 1)
        window.inject(ScrollSample(location: CGPoint(x: 100, y: 100), delta: CGVector(dx: 0, dy: 1), unit: .clicks,
                                   timestamp: .nan))
        XCTAssertEqual(list.contentOffset, CGPoint(x: 0, y: 53), "a broken timestamp is replaced, not fatal")
    }

    /// The run loop takes a scroll in screen points to the window under it, in that
    /// window's coordinates.
    func testTheRunLoopTakesAScreenScrollToTheWindowUnderIt() async {
        let runLoop = ApplicationRunLoop(scheduler: ManualRunLoopScheduler())
        defer { runLoop.invalidate() }
        let side = UIWindow(frame: CGRect(x: 400, y: 0, width: 200, height: 300))
        side.makeKeyAndVisible()
        let sideList = UIScrollView(frame: side.bounds)
        sideList.contentSize = CGSize(width: 200, height: 900)
        side.addSubview(sideList)
        runLoop.handle(ScrollSample(location: CGPoint(x: 450, y: 50), delta: CGVector(dx: 0, dy: 1), unit: .clicks,
                                    timestamp: clock.now))
        XCTAssertEqual(sideList.contentOffset, CGPoint(x: 0, y: 53))
        XCTAssertEqual(list.contentOffset, .zero)
        runLoop.handle(ScrollSample(location: CGPoint(x: 100, y: 50), delta: CGVector(dx: 0, dy: 1), unit: .clicks,
                                    timestamp: clock.now))
        XCTAssertEqual(list.contentOffset, CGPoint(x: 0, y: 53))
        runLoop.handle(ScrollSample(location: CGPoint(x: 900, y: 900), delta: CGVector(dx: 0, dy: 1), unit: .clicks,
                                    timestamp: clock.now))
        XCTAssertEqual(logLines(containing: "lies in no window: ignored").count, 1)
    }
}
