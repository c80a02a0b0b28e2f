@testable import X11Host
import XCTest

/// Frames showing new input may follow the last frame at the input rate (240 Hz); every
/// other frame waits for the display rate (60 Hz).
final class FramePacerTests: XCTestCase {
    func testInputFramesComeAtTheInputRateAndOthersAtTheDisplayRate() {
        var pacer = FramePacer()
        XCTAssertTrue(pacer.mayDraw(at: 0), "the first frame at once")
        pacer.didDraw(at: 10)
        XCTAssertEqual(pacer.earliestNextFrame(), 10 + 1.0 / 60)
        XCTAssertEqual(pacer.earliestNextFrame(showingInput: true), 10 + 1.0 / 240)
        XCTAssertFalse(pacer.mayDraw(at: 10.004, showingInput: true))
        XCTAssertTrue(pacer.mayDraw(at: 10.0042, showingInput: true))
        XCTAssertFalse(pacer.mayDraw(at: 10.0042))
        XCTAssertFalse(pacer.mayDraw(at: 10.0166))
        XCTAssertTrue(pacer.mayDraw(at: 10.0167))
    }

    func testInputIsScheduledAheadOfADisplayRateFramePendingButNotTwice() {
        var pacer = FramePacer()
        pacer.didDraw(at: 10)
        // An animation's next frame, at the display rate.
        let animation = pacer.frameTime(wantedAt: 10.001, showingInput: false, pending: nil)
        XCTAssertEqual(animation, 10 + 1.0 / 60)
        // A finger lifts half a millisecond after the frame: its frame comes at the input
        // rate, ahead of the animation's.
        XCTAssertEqual(pacer.frameTime(wantedAt: 10.0005, showingInput: true, pending: animation), 10 + 1.0 / 240)
        // Nothing sooner is wanted: the pending frame stands.
        XCTAssertNil(pacer.frameTime(wantedAt: 10.002, showingInput: false, pending: animation))
        XCTAssertNil(pacer.frameTime(wantedAt: 10.002, showingInput: true, pending: 10 + 1.0 / 240))
        // Past the input interval a frame showing input is due at once.
        XCTAssertEqual(pacer.frameTime(wantedAt: 10.006, showingInput: true, pending: animation), 10.006)
    }
}
