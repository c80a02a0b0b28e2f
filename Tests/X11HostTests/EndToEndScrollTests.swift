import CX11
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// Scrolling on the real server reaches the scroll view under the pointer: the inputtest
/// absolute pointer's scroll valuators (a smooth-scrolling driver's report) and its
/// wheel button (a legacy driver's), each of which the server also sends the other way
/// flagged as emulated, reach UIKit once each, in clicks, and no touch is made.
///
/// Sources: XI 2.1 smooth scrolling (XI2proto.txt: scroll valuators carry absolute
/// readings whose change over the increment is the scroll; the server emulates legacy
/// buttons from them and them from legacy buttons, flagging what it emulated);
/// inputtest(4): its absolute pointer has a horizontal scroll valuator on axis 2 and a
/// vertical one on axis 3; Shift turning the wheel sideways as in GTK.
final class EndToEndScrollTests: XCTestCase {
    /// Keeps every scroll the host hands on, first in the chain.
    @MainActor
    final class ScrollRecorder: InputFilter {
        let stage = InputFilterStage.recording
        private(set) var scrolls: [ScrollSample] = []

        func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] { batch }

        func filter(_ scroll: ScrollSample, in host: X11Host) -> Bool {
            scrolls.append(scroll)
            return true
        }
    }

    /// Xorg's keycode for the left Shift key (evdev 42 + 8).
    private static let shiftKeycode: Int32 = 50

    /// The server's inputtest pointer sets its scroll valuator to an absolute reading of
    /// ±120 for each wheel press (it does not add to the last one), so the test starts
    /// every press from a reading of 0, as a real wheel's running total would not need.
    func testSmoothScrollingAndTheWheelScrollTheScrollViewUnderThePointer() throws {
        try onMainActor {
            let scrollView = UIScrollView(frame: CGRect(x: 100, y: 50, width: 300, height: 300))
            scrollView.contentSize = CGSize(width: 900, height: 3000)
            let program = try OneViewProgram(showing: scrollView)
            defer { program.runner.shutdown() }
            let scrolls = ScrollRecorder()
            program.host.addInputFilter(scrolls)
            let pointer = program.server.pointer
            let increment = InputTestMessage.pointerScrollIncrement
            XCTAssertEqual(increment, 120)
            /// Hands the host everything the server has sent so far.
            @MainActor func readAll() {
                XSync(program.host.connection.display, 0)
                program.host.processPendingEvents()
            }

            // Readings of 0 beside the scroll view, where a scroll moves nothing.
            let beside = CGPoint(x: 550, y: 200)
            try pointer.move(to: beside, horizontalScroll: 0, verticalScroll: 0)
            readAll()
            XCTAssertEqual(scrollView.contentOffset, .zero)
            let before = scrolls.scrolls.count

            let over = CGPoint(x: 250, y: 200)
            let steps: [(horizontal: Double, vertical: Double, offset: CGPoint)] = [
                (0, increment, CGPoint(x: 0, y: 53)),
                (0, 2 * increment, CGPoint(x: 0, y: 106)),
                (0, 1.5 * increment, CGPoint(x: 0, y: 79.5)),
                (increment, 1.5 * increment, CGPoint(x: 53, y: 79.5)),
            ]
            for step in steps {
                try pointer.move(to: over, horizontalScroll: step.horizontal, verticalScroll: step.vertical)
                XCTAssertTrue(runLoop { scrollView.contentOffset == step.offset },
                              "\(step): \(scrollView.contentOffset)")
            }
            try program.server.keyboard.key(Self.shiftKeycode, isPress: true)
            try pointer.move(to: over, horizontalScroll: increment, verticalScroll: 0.5 * increment)
            try program.server.keyboard.key(Self.shiftKeycode, isPress: false)
            XCTAssertTrue(runLoop { scrollView.contentOffset == CGPoint(x: 0, y: 79.5) },
                          "Shift turns a vertical scroll sideways: \(scrollView.contentOffset)")
            XCTAssertEqual(scrolls.scrolls.dropFirst(before).map(\.delta), [
                CGVector(dx: 0, dy: 1), CGVector(dx: 0, dy: 1), CGVector(dx: 0, dy: -0.5), CGVector(dx: 1, dy: 0),
                CGVector(dx: -1, dy: 0),
            ], "once each: the presses the server emulated for old clients do not count again")
            let location = try XCTUnwrap(scrolls.scrolls.last?.location)
            XCTAssertEqual(location.x, over.x, accuracy: 2.0 / 65536)
            XCTAssertEqual(location.y, over.y, accuracy: 2.0 / 65536)

            // A legacy wheel press from a reading of 0: one click down.
            try pointer.move(to: beside, horizontalScroll: 0, verticalScroll: 0)
            try pointer.move(to: over)
            readAll()
            let beforePress = scrolls.scrolls.count
            try pointer.button(5, isPress: true, at: over)
            try pointer.button(5, isPress: false, at: over)
            XCTAssertTrue(runLoop { scrollView.contentOffset == CGPoint(x: 0, y: 132.5) }, "\(scrollView.contentOffset)")
            readAll()
            XCTAssertEqual(scrolls.scrolls.dropFirst(beforePress).map(\.delta), [CGVector(dx: 0, dy: 1)],
                           "the press counts, the valuator motion the server emulated from it does not")
            XCTAssertEqual(program.recorder.batches, [], "no touch was made")
        }
    }
}
