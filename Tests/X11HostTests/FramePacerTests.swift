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
}
