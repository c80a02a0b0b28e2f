@testable import UIKit
import XCTest

/// Frames that do not show input start on a fixed grid at the display's refresh
/// interval; frames showing new input may follow the last frame's start at the input
/// rate (240 Hz), off the grid.
final class FramePacerTests: XCTestCase {
    private let slot = 1.0 / 60

    func testFramesStartOnAGridFromTheFirstFramesStartWhateverTheyCost() {
        var pacer = FramePacer()
        XCTAssertTrue(pacer.mayDraw(at: 0), "the first frame at once")
        pacer.didDraw(startedAt: 10)
        // A frame that took 7 ms: the next still starts one interval after this one's start.
        XCTAssertEqual(pacer.frameTime(wantedAt: 10.007, showingInput: false, pending: nil)!, 10 + slot, accuracy: 1e-9)
        XCTAssertFalse(pacer.mayDraw(at: 10 + slot - 0.0005))
        XCTAssertTrue(pacer.mayDraw(at: 10 + slot))
        // Its timer fired a millisecond late: still slot 1, and the next is slot 2.
        pacer.didDraw(startedAt: 10 + slot + 0.001)
        XCTAssertEqual(pacer.lastSlot, 1)
        XCTAssertEqual(pacer.frameTime(wantedAt: 10 + slot + 0.008, showingInput: false, pending: nil)!, 10 + 2 * slot, accuracy: 1e-9)
    }

    func testAFrameThatOverrunsSkipsToTheNextSlotAndNeverMovesTheGrid() {
        var pacer = FramePacer()
        pacer.didDraw(startedAt: 10)
        // This frame took 20 ms: slot 1 is a fifth gone, and its frame starts now.
        XCTAssertEqual(pacer.frameTime(wantedAt: 10.020, showingInput: false, pending: nil)!, 10.020, accuracy: 1e-9)
        XCTAssertTrue(pacer.mayDraw(at: 10.020))
        // Had it taken 27 ms, past the middle of slot 1, the next frame waits for slot 2.
        XCTAssertEqual(pacer.frameTime(wantedAt: 10.027, showingInput: false, pending: nil)!, 10 + 2 * slot, accuracy: 1e-9)
        XCTAssertFalse(pacer.mayDraw(at: 10.027))
        pacer.didDraw(startedAt: 10 + 2 * slot)
        XCTAssertEqual(pacer.gridOrigin, 10, "the grid stays where it was")
        XCTAssertEqual(pacer.frameTime(wantedAt: 10 + 2 * slot + 0.002, showingInput: false, pending: nil)!, 10 + 3 * slot, accuracy: 1e-9)
    }

    func testInputFramesComeAtTheInputRateOffTheGridAndTakeTheirSlot() {
        var pacer = FramePacer()
        pacer.didDraw(startedAt: 10)
        XCTAssertEqual(pacer.earliestNextFrame(showingInput: true), 10 + 1.0 / 240)
        XCTAssertFalse(pacer.mayDraw(at: 10.004, showingInput: true))
        XCTAssertTrue(pacer.mayDraw(at: 10.0042, showingInput: true))
        XCTAssertFalse(pacer.mayDraw(at: 10.0042), "not a grid frame before slot 1")
        // A finger moves at 20 ms, inside slot 1: drawn at once, it takes slot 1, and the
        // animation's next frame comes at slot 2, not a few milliseconds after it.
        pacer.didDraw(startedAt: 10.020)
        XCTAssertEqual(pacer.lastSlot, 1)
        XCTAssertEqual(pacer.frameTime(wantedAt: 10.021, showingInput: false, pending: nil)!, 10 + 2 * slot, accuracy: 1e-9)
        XCTAssertEqual(pacer.gridOrigin, 10)
    }

    func testInputIsScheduledAheadOfAGridFramePendingButNotTwice() {
        var pacer = FramePacer()
        pacer.didDraw(startedAt: 10)
        // An animation's next frame, at the next slot.
        let animation = pacer.frameTime(wantedAt: 10.001, showingInput: false, pending: nil)
        XCTAssertEqual(animation!, 10 + slot, accuracy: 1e-9)
        // A finger lifts a millisecond after the frame started: its frame comes at the
        // input rate, ahead of the animation's.
        XCTAssertEqual(pacer.frameTime(wantedAt: 10.001, showingInput: true, pending: animation), 10 + 1.0 / 240)
        // Nothing sooner is wanted: the pending frame stands.
        XCTAssertNil(pacer.frameTime(wantedAt: 10.002, showingInput: false, pending: animation))
        XCTAssertNil(pacer.frameTime(wantedAt: 10.002, showingInput: true, pending: 10 + 1.0 / 240))
        // Past the input interval a frame showing input is due at once.
        XCTAssertEqual(pacer.frameTime(wantedAt: 10.006, showingInput: true, pending: animation), 10.006)
    }

    func testTheRunLoopIsToldWhenTheNextGridFrameMayStart() {
        var pacer = FramePacer()
        XCTAssertEqual(pacer.delayToNextGridFrame(from: 5), 0, "no frame yet: at once")
        pacer.didDraw(startedAt: 10)
        XCTAssertEqual(pacer.delayToNextGridFrame(from: 10.004), slot - 0.004, accuracy: 1e-9)
        XCTAssertEqual(pacer.delayToNextGridFrame(from: 10 + slot + 0.001), 0)
    }

    func testTheGridFollowsTheDisplaysInterval() {
        var pacer = FramePacer()
        pacer.refreshInterval = 1.0 / 120
        pacer.didDraw(startedAt: 0)
        XCTAssertEqual(pacer.frameTime(wantedAt: 0.001, showingInput: false, pending: nil)!, 1.0 / 120, accuracy: 1e-9)
    }

    /// A grid frame is for its slot's end (when the display shows it) however late its
    /// turn ran, an input frame for its own start; before any frame the slot is one
    /// interval from now.
    func testAGridFrameIsForItsSlotsEndAndAnInputFrameForItsStart() {
        var pacer = FramePacer()
        XCTAssertEqual(pacer.presentationTime(ofFrameStartingAt: 7, showingInput: false), 7 + slot, accuracy: 1e-9,
                       "no grid yet")
        XCTAssertEqual(pacer.startOfSlot(after: 7), 7 + slot, accuracy: 1e-9)
        pacer.didDraw(startedAt: 10)
        XCTAssertEqual(pacer.presentationTime(ofFrameStartingAt: 10 + slot + 0.006, showingInput: false), 10 + 2 * slot,
                       accuracy: 1e-9)
        XCTAssertEqual(pacer.presentationTime(ofFrameStartingAt: 10 + slot + 0.006, showingInput: true), 10 + slot + 0.006)
        XCTAssertEqual(pacer.startOfSlot(after: 10 + slot + 0.006), 10 + 2 * slot, accuracy: 1e-9)
    }

    func testAVblankStartsTheSlotsAndTheLastFrameKeepsItsSlotOnTheNewGrid() {
        var pacer = FramePacer()
        // Aligned before any frame: slots start at the blank, and the first frame, at
        // 10.005, is for the blank that ends its slot.
        pacer.align(toVblankAt: 9.996)
        XCTAssertEqual(pacer.gridOrigin, 9.996)
        XCTAssertTrue(pacer.mayDraw(at: 10.005))
        XCTAssertEqual(pacer.presentationTime(ofFrameStartingAt: 10.005, showingInput: false), 9.996 + slot, accuracy: 1e-9)
        pacer.didDraw(startedAt: 10.005)
        XCTAssertEqual(pacer.gridOrigin, 9.996, "a frame does not move an aligned grid")
        XCTAssertEqual(pacer.lastSlot, 0)
        XCTAssertEqual(pacer.frameTime(wantedAt: 10.010, showingInput: false, pending: nil)!, 9.996 + slot, accuracy: 1e-9)
        // A blank reported a second on, 2 ms later than the grid counted (the display is
        // a little slower than its mode says): the grid follows it. The frame at
        // 11.0 + 1 ms falls in the slot that began at 10.998 - slot on the new grid, so
        // the next grid frame waits for the blank at 10.998 + slot... and no earlier.
        pacer.didDraw(startedAt: 10.999)
        pacer.align(toVblankAt: 10.998)
        XCTAssertEqual(pacer.lastSlot, 0, "10.999 lies in the slot that starts at the blank")
        XCTAssertFalse(pacer.mayDraw(at: 11.000), "that slot is taken")
        XCTAssertEqual(pacer.frameTime(wantedAt: 11.000, showingInput: false, pending: nil)!, 10.998 + slot, accuracy: 1e-9)
        XCTAssertTrue(pacer.mayDraw(at: 10.998 + slot + 0.0005))
        // Ignored: a blank that is no time.
        pacer.align(toVblankAt: .nan)
        XCTAssertEqual(pacer.gridOrigin, 10.998)
    }
}
