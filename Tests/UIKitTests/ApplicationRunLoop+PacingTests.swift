import UIKit
import XCTest

/// The run loop with a presenter that gives the display's refresh interval decides every
/// frame itself: input is drawn at once when idle and at most at 240 Hz, everything else
/// on the display's grid one frame a slot, animations sampled at the end of the frame's
/// slot (its target presentation time), and damage that waits for its slot wakes the loop then.
final class ApplicationRunLoopPacingTests: UIKitTestCase {
    /// Draws what the window's layer tree has damaged, noting each frame's media time,
    /// (the layer tree's, held for the frame), whether it showed input, and the square's
    /// presented opacity.
    private final class PacedPresenter: RunLoopPresenter {
        let window: UIWindow
        let square: UIView
        var framePacingInterval: TimeInterval? = 1.0 / 60
        /// The display's latest vertical blank, as a display system reports it.
        var vblank: TimeInterval?
        private(set) var frames: [(time: TimeInterval, input: Bool, opacity: Float)] = []

        init(window: UIWindow, square: UIView) {
            self.window = window
            self.square = square
        }

        var needsPresent: Bool { window.layer.damageTracker?.hasDamage == true }

        func latestVblank() -> TimeInterval? { vblank }

        func present(_ windows: [UIWindow], showingInput: Bool) -> Bool {
            guard window.layer.damageTracker?.takeDamage().rects.isEmpty == false else { return false }
            let opacity = square.layer.presentation()?.opacity ?? square.layer.opacity
            frames.append((CAAnimationEngine.current.currentTime, showingInput, opacity))
            return true
        }
    }

    private let slot = 1.0 / 60
    private var scheduler: ManualRunLoopScheduler!
    private var runLoop: ApplicationRunLoop!
    private var presenter: PacedPresenter!
    private var square: UIView!

    override func setUp() async throws {
        try await super.setUp()
        square = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        square.backgroundColor = .red
        window.addSubview(square)
        window.layoutIfNeeded()
        window.layer.startTrackingDamage(bounds: window.bounds, scale: 1)
        scheduler = ManualRunLoopScheduler()
        runLoop = ApplicationRunLoop(scheduler: scheduler)
        presenter = PacedPresenter(window: window, square: square)
        runLoop.presenter = presenter
        // The first frame (the whole window) at t = 100: slot 0 of the grid.
        runLoop.turn()
        XCTAssertEqual(presenter.frames.count, 1)
    }

    override func tearDown() async throws {
        runLoop.invalidate()
        window.layer.stopTrackingDamage()
        try await super.tearDown()
    }

    /// Runs what the scheduler has due after moving the clock to `time`.
    private func wake(at time: TimeInterval) {
        clock.advance(by: time - clock.now)
        scheduler.runDue()
    }

    func testAnimationFramesComeOneASlotSampledAtTheirSlotsEndWhenTheWakeIsLate() async {
        UIView.animate(withDuration: 0.1, delay: 0, options: .curveLinear, animations: { self.square.alpha = 0 })
        XCTAssertTrue(scheduler.hasPendingTurn, "a new animation asks for a turn")
        clock.advance(by: 0.001)
        scheduler.runDue()
        // Slot 0 is taken by the first frame: the animation's first frame waits for slot 1.
        XCTAssertEqual(presenter.frames.count, 1)
        XCTAssertEqual(scheduler.wakeDeadline!, 100 + slot, accuracy: 1e-9)
        // Woken 3 ms late: the frame is still slot 1's, showing the animation at the
        // slot's end, when the display shows it.
        wake(at: 100 + slot + 0.003)
        XCTAssertEqual(presenter.frames.count, 2)
        XCTAssertEqual(Double(presenter.frames[1].opacity), 1 - 2 * slot / 0.1, accuracy: 1e-4)
        XCTAssertEqual(presenter.frames[1].time, 100 + 2 * slot, accuracy: 1e-9, "the layer tree's time held at the slot's end")
        XCTAssertEqual(scheduler.wakeDeadline!, 100 + 2 * slot, accuracy: 1e-9, "the grid did not move")
        // On time: slot 2's frame, a slot on.
        wake(at: 100 + 2 * slot)
        XCTAssertEqual(Double(presenter.frames[2].opacity), 1 - 3 * slot / 0.1, accuracy: 1e-4)
        XCTAssertEqual(presenter.frames.map(\.input), [false, false, false])
    }

    func testInputIsDrawnAtOnceWhenIdleAndAtMostAt240Hz() async {
        clock.advance(by: 0.002)
        runLoop.handle([sample(1, .began, 20, 20)], in: window)
        square.backgroundColor = .blue  // what the touch changed, drawn in its turn
        XCTAssertEqual(presenter.frames.count, 1, "changed after the turn: not yet drawn")
        runLoop.handle([sample(1, .moved, 21, 20)], in: window)
        // 2 ms after the first frame's start: inside slot 0, which is taken, but input
        // is off the grid, and 2 ms is not yet a 240 Hz interval.
        XCTAssertEqual(presenter.frames.count, 1)
        XCTAssertEqual(scheduler.wakeDeadline!, 100 + 1.0 / 240, accuracy: 1e-9)
        wake(at: 100 + 1.0 / 240)
        XCTAssertEqual(presenter.frames.count, 2)
        XCTAssertTrue(presenter.frames[1].input, "the woken turn's frame shows the waiting input")
        XCTAssertEqual(presenter.frames[1].time, 100 + slot, accuracy: 1e-9,
                       "an input frame is for its start, but never before the frame before it (slot 0's, for its end)")
        // The next move, 5 ms on: drawn in its own turn.
        clock.advance(by: 0.005)
        square.backgroundColor = .green
        runLoop.handle([sample(1, .moved, 22, 20)], in: window)
        XCTAssertEqual(presenter.frames.count, 3)
        XCTAssertTrue(presenter.frames[2].input)
        XCTAssertNil(scheduler.wakeDeadline, "nothing waits: the loop sleeps")
    }

    func testAChangeOutsideATurnWhoseSlotIsTakenWaitsForTheNextSlot() async {
        clock.advance(by: 0.004)
        square.backgroundColor = .blue
        runLoop.setNeedsPresent()
        scheduler.runDue()
        XCTAssertEqual(presenter.frames.count, 1, "slot 0 has its frame")
        XCTAssertEqual(scheduler.wakeDeadline!, 100 + slot, accuracy: 1e-9)
        wake(at: 100 + slot)
        XCTAssertEqual(presenter.frames.count, 2)
        XCTAssertFalse(presenter.frames[1].input)
        XCTAssertNil(scheduler.wakeDeadline)
    }

    /// An animation on a layer in no window damages nothing the presenter draws: the
    /// loop still ticks it once a slot, not in a loop that never sleeps.
    func testAnAnimationNoWindowShowsTicksOnceASlot() async {
        let loose = CALayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 1
        animation.toValue = 0
        animation.duration = 1
        loose.add(animation, forKey: "fade")
        scheduler.runDue()
        let ticks = [scheduler.wakeDeadline].compactMap { $0 }
        XCTAssertEqual(ticks.count, 1)
        XCTAssertEqual(ticks[0], 100 + slot, accuracy: 1e-9)
        wake(at: 100 + slot)
        XCTAssertEqual(scheduler.wakeDeadline!, 100 + 2 * slot, accuracy: 1e-9, "the next slot, not now")
        XCTAssertEqual(presenter.frames.count, 1, "nothing to draw")
    }

    /// An animation started by a timer that runs in a turn woken late in its slot has
    /// begun by the frame's time, and one a completion starts in the frame begins at the
    /// frame's time: neither shows its end state for a frame (as it did when frames were
    /// sampled at their slot's start, before the animation's begin).
    func testAnAnimationStartedInTheTurnShowsItsStartNotItsEnd() async {
        UIApplication.shared.schedule(afterDelay: slot + 0.003) {
            UIView.animate(withDuration: 0.1, delay: 0, options: .curveLinear, animations: { self.square.alpha = 0 },
                           completion: { _ in
                               UIView.animate(withDuration: 0.1, delay: 0, options: .curveLinear) { self.square.alpha = 1 }
                           })
        }
        wake(at: 100 + slot + 0.003)
        XCTAssertEqual(presenter.frames.count, 2)
        XCTAssertEqual(presenter.frames[1].time, 100 + 2 * slot, accuracy: 1e-9)
        XCTAssertEqual(Double(presenter.frames[1].opacity), 1 - (slot - 0.003) / 0.1, accuracy: 1e-4,
                       "begun 3 ms into slot 1, shown at its end: not the end state (0)")
        // Run on to the slot whose tick ends the fade: its completion starts the next
        // animation inside the frame, which begins at the frame's time.
        let fadeEnd = 100 + slot + 0.003 + 0.1
        while presenter.frames.last!.time < fadeEnd, presenter.frames.count < 20, let deadline = scheduler.wakeDeadline {
            wake(at: deadline)
        }
        let last = presenter.frames.last!
        XCTAssertGreaterThanOrEqual(last.time, fadeEnd)
        XCTAssertEqual(Double(last.opacity), 0, accuracy: 1e-4, "the fade-in begins at this frame's time: still 0, not 1")
    }

    /// Hands the window a batch when asked, once one has arrived.
    private final class ArrivingInput: RunLoopInputSource {
        let window: UIWindow
        var arrived: [TouchSample] = []
        var log: [String] = []
        init(window: UIWindow) { self.window = window }
        var hasInputAlreadyRead: Bool { false }
        var hasInputWaiting: Bool { !arrived.isEmpty }
        func deliverPendingInput() -> Bool {
            guard !arrived.isEmpty else { return false }
            let batch = arrived
            arrived = []
            log.append("delivered \(batch.map(\.phase))")
            window.inject(batch)
            return true
        }
    }

    /// Lays out by noting it, and lets a test act in the middle of a turn.
    private final class HookView: UIView {
        var onLayout: (() -> Void)?
        override func layoutSubviews() { onLayout?() }
    }

    /// A touch that arrives while a grid frame is being prepared is handed on before the
    /// frame is drawn, and that frame shows it: it does not wait behind the drawing for
    /// the next turn.
    func testInputArrivingWhileAFrameIsPreparedGoesBeforeItsDrawing() async {
        let source = ArrivingInput(window: window)
        runLoop.inputSource = source
        let hook = HookView(frame: CGRect(x: 200, y: 200, width: 20, height: 20))
        window.addSubview(hook)
        hook.onLayout = {
            hook.onLayout = nil
            source.arrived = [self.sample(1, .began, 20, 20)]
        }
        clock.advance(by: slot + 0.001)
        hook.setNeedsLayout()
        square.backgroundColor = .blue
        runLoop.setNeedsPresent()
        scheduler.runDue()
        XCTAssertEqual(source.log, ["delivered [UIKit.TouchSample.Phase.began]"])
        XCTAssertEqual(presenter.frames.count, 2)
        XCTAssertTrue(presenter.frames[1].input, "the frame shows the input that came while it was prepared")
        XCTAssertTrue(source.arrived.isEmpty)
    }

    func testSlotsStartAtTheDisplaysVblanksOnceTheyAreReported() {
        // The first frame began the grid at 100; the display reports a blank 5 ms later,
        // so the slots move to start there.
        presenter.vblank = 100.005
        UIView.animate(withDuration: 0.1, delay: 0, options: .curveLinear, animations: { self.square.alpha = 0 })
        wake(at: 100.001)
        XCTAssertEqual(presenter.frames.count, 1, "the first frame's slot on the new grid is still taken")
        XCTAssertEqual(scheduler.wakeDeadline!, 100.005, accuracy: 1e-9, "the next frame starts at the blank")
        wake(at: 100.005)
        XCTAssertEqual(presenter.frames.count, 2)
        XCTAssertEqual(presenter.frames[1].time, 100.005 + slot, accuracy: 1e-9, "sampled when the display next refreshes")
        XCTAssertEqual(scheduler.wakeDeadline!, 100.005 + slot, accuracy: 1e-9)
        // A later blank, 1 ms off the grid: the loop follows it from the next turn on.
        presenter.vblank = 100.005 + 60 * slot + 0.001
        wake(at: 100.005 + slot)
        // On the new grid this turn comes 15.7 ms into the slot that began at 100.006,
        // past its middle: the frame waits for the blank that ends it, and is for the
        // one after, a refresh after the frame before.
        XCTAssertEqual(presenter.frames.count, 2)
        XCTAssertEqual(scheduler.wakeDeadline!, 100.006 + slot, accuracy: 1e-9)
        wake(at: 100.006 + slot)
        XCTAssertEqual(presenter.frames.count, 3)
        XCTAssertEqual(presenter.frames[2].time, 100.006 + 2 * slot, accuracy: 1e-9)
    }
}
