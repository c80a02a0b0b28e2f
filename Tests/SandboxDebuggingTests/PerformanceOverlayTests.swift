import CairoRenderer
@testable import SandboxDebugging
import UIKit
import XCTest

/// The performance readout: what it measures from presented frames, that it refreshes
/// its panel (`PerformanceMeterView`) on the turn after a batch, never in the batch's own
/// frame, and once input has stopped, never to show itself again; the panel's drawing.
final class PerformanceOverlayTests: OverlayTestCase {
    private var overlay: PerformanceOverlay!

    override func setUp() async throws {
        try await super.setUp()
        overlay = PerformanceOverlay()
        overlay.isVisible = true
        overlay.panelFrame = CGRect(origin: CGPoint(x: 12, y: 40), size: PerformanceMeterView.size)
    }

    /// Whether `update(in:)` refreshed the readout (told the panel, asking the host for
    /// no rectangle of its own: the panel is a view).
    private func updateRefreshes() -> Bool {
        let before = overlay.refreshCount
        XCTAssertEqual(overlay.update(in: window), [])
        return overlay.refreshCount == before + 1
    }

    /// A batch at the clock's now, then its frame drawn for `drawing` seconds and
    /// presented `copying` seconds later, then the wake-up the overlay asked for if it is
    /// due by then (the run loop's next turn). Returns whether that wake-up refreshed the
    /// readout; the batch itself never does.
    private func inputFrame(drawing: TimeInterval, copying: TimeInterval, dirty: [CGRect] = [CGRect(x: 0, y: 0, width: 50, height: 50)])
        -> Bool {
        let before = overlay.refreshCount
        XCTAssertEqual(send([sample(1, .moved, 300, 200)], to: [overlay]), [])
        XCTAssertEqual(overlay.refreshCount, before, "not within the batch's own frame")
        let started = clock.now + 0.0002
        overlay.framePresented(started: started, presented: started + drawing + copying, dirtyRects: dirty)
        guard let wake = overlay.nextUpdateTime, wake <= clock.now else { return false }
        return updateRefreshes()
    }

    func testLatencyRunsFromTheOldestSampleShownToThePresentAndFrameTimeFromDrawToPresent() async {
        _ = overlay.apply([sample(1, .began, 10, 10)])
        clock.advance(by: 0.0004)
        _ = overlay.apply([sample(2, .began, 20, 20)])
        XCTAssertFalse(updateRefreshes(), "the batch's own update: a refresh is due, but not in its frame")
        XCTAssertEqual(overlay.nextUpdateTime, clock.now, "the wake-up asked for at once")
        overlay.framePresented(started: 100.0006, presented: 100.0018, dirtyRects: [])
        XCTAssertTrue(updateRefreshes(), "that wake-up, after the frame")
        XCTAssertEqual(overlay.readout.latency ?? 0, 0.0018, accuracy: 1e-9, "from the first sample of the two")
        XCTAssertEqual(overlay.readout.frameTime ?? 0, 0.0012, accuracy: 1e-9)
        XCTAssertEqual(overlay.readout.framesPerSecond, 1)
        // A frame without new input measures no latency; without input the readout
        // waits until the frames have stopped for a while.
        overlay.framePresented(started: 100.01, presented: 100.011, dirtyRects: [])
        clock.now = 100.3
        XCTAssertFalse(updateRefreshes(), "no batch, and frames may still be coming")
        clock.now = 100.011 + PerformanceOverlay.idleRefreshDelay
        XCTAssertTrue(updateRefreshes())
        XCTAssertEqual(overlay.readout.latency ?? 0, 0.0018, accuracy: 1e-9)
        XCTAssertEqual(overlay.readout.recentFrameTimes.count, 2)
        XCTAssertEqual(PerformanceOverlay.milliseconds(0.0018), "1.80 ms")
        XCTAssertEqual(PerformanceOverlay.milliseconds(0.0234), "23.4 ms")
        XCTAssertEqual(PerformanceOverlay.milliseconds(nil), "–")
    }

    func testTheReadoutRefreshesOnTheTurnAfterABatchAtMostFourTimesASecond() async {
        var refreshes = 0
        for _ in 0..<60 {
            clock.advance(by: 1.0 / 60)
            if inputFrame(drawing: 0.001, copying: 0.0005) { refreshes += 1 }
        }
        XCTAssertEqual(refreshes, 4, "one second of input frames: refreshed every quarter second, each after its batch")
        XCTAssertFalse(overlay.readout.isIdle, "frames are coming: a rate")
        XCTAssertNotNil(overlay.nextUpdateTime, "the last frames are not shown yet")
        clock.advance(by: 0.1)
        XCTAssertFalse(updateRefreshes(), "a wake-up while frames may still come refreshes nothing")
        clock.advance(by: PerformanceOverlay.idleRefreshDelay)
        XCTAssertTrue(updateRefreshes())
        XCTAssertEqual(overlay.readout.framesPerSecond, 60, "the rate of the last second of frames")
        XCTAssertTrue(overlay.readout.isIdle, "but the frames have stopped: the panel says idle, not a rate")
        XCTAssertEqual(overlay.readout.frameTime ?? 0, 0.0015, accuracy: 1e-9)
        XCTAssertEqual(overlay.readout.latencyP99 ?? 0, 0.0017, accuracy: 1e-9)
        XCTAssertEqual(overlay.readout.recentFrameTimes.count, PerformanceOverlay.sparklineLength)
    }

    func testOnceInputStopsOneRefreshShowsTheLastFiguresAndItsOwnFrameIsNoNews() async {
        _ = inputFrame(drawing: 0.001, copying: 0.0005)
        clock.advance(by: 0.1)
        _ = inputFrame(drawing: 0.003, copying: 0.0005)
        let lastPresented = clock.now + 0.0002 + 0.0035
        XCTAssertEqual(overlay.nextUpdateTime ?? 0, lastPresented + PerformanceOverlay.idleRefreshDelay, accuracy: 1e-9)
        clock.now = lastPresented + PerformanceOverlay.idleRefreshDelay
        XCTAssertTrue(updateRefreshes())
        XCTAssertEqual(overlay.readout.frameTime ?? 0, 0.0035, accuracy: 1e-9)
        // The host draws that refresh: a frame of the panel alone, which is no news.
        overlay.framePresented(started: clock.now, presented: clock.now + 0.0003, dirtyRects: [overlay.panelFrame.integral])
        XCTAssertNil(overlay.nextUpdateTime)
        clock.advance(by: 5)
        XCTAssertFalse(updateRefreshes())
    }

    func testTheSparklineDrawsOneBarPerFrameScaledToTheSlowest() async {
        for index in 0..<10 {
            clock.advance(by: 0.05)
            _ = inputFrame(drawing: index == 9 ? 0.02 : 0.002, copying: 0)
        }
        clock.advance(by: 1)
        _ = overlay.update(in: window)
        let panelView = PerformanceMeterView(meter: overlay)
        panelView.frame = overlay.panelFrame
        let image = Self.image(of: panelView, over: window, renderer: renderer)
        let panel = overlay.panelFrame
        // The sparkline's area: 10 points in, 48 down, 44 high; bars are 1/60 of its width
        // and stand on its bottom, the newest at the right.
        let area = CGRect(x: panel.minX + 10, y: panel.minY + 48, width: panel.width - 20, height: 44)
        XCTAssertEqual(area, PerformanceMeterView.sparklineArea.offsetBy(dx: panel.minX, dy: panel.minY))
        let barWidth = area.width / 60
        let newest = Int(area.maxX - barWidth / 2)
        let older = Int(area.maxX - 2 * barWidth) + 1
        XCTAssertEqual(rgb(image, newest, Int(area.minY) + 3), DebugPalette.pink.rgb, "20 ms: full height, over a frame")
        XCTAssertEqual(rgb(image, older, Int(area.maxY) - 1), DebugPalette.green.rgb, "2 ms: a tenth of it")
        XCTAssertNotEqual(rgb(image, older, Int(area.maxY) - 6), DebugPalette.green.rgb, "4.2 points high: not above that")
    }

    /// No rate while nothing is drawn: "idle" from the start, a rate while frames come,
    /// "idle" again once they stopped, never "1 fps" or "2 fps" for a still screen.
    func testTheMeterSaysIdleUnlessFramesAreBeingDrawn() async {
        let panelView = PerformanceMeterView(meter: overlay)
        XCTAssertEqual(panelView.rateText, "idle", "no frame measured yet")
        for _ in 0..<30 {
            clock.advance(by: 1.0 / 60)
            _ = inputFrame(drawing: 0.001, copying: 0.0005)
        }
        XCTAssertFalse(overlay.readout.isIdle)
        XCTAssertEqual(panelView.rateText, "\(overlay.readout.framesPerSecond) fps", "frames are being drawn: their rate")
        XCTAssertGreaterThan(overlay.readout.framesPerSecond, 2)
        clock.advance(by: PerformanceOverlay.idleRefreshDelay + 0.01)
        XCTAssertTrue(updateRefreshes())
        XCTAssertEqual(panelView.rateText, "idle", "the frames stopped")
        // One frame two seconds later, as a blinking caret draws: still idle, not 1 fps.
        clock.advance(by: 2)
        _ = inputFrame(drawing: 0.001, copying: 0.0005)
        clock.advance(by: PerformanceOverlay.idleRefreshDelay + 0.01)
        XCTAssertTrue(updateRefreshes())
        XCTAssertEqual(overlay.readout.framesPerSecond, 1)
        XCTAssertEqual(panelView.rateText, "idle", "one frame and then nothing: idle")
    }
}

extension OverlayTestCase {
    /// `view` drawn over the test's background at its frame, in a frame the window's size.
    static func image(of view: UIView, over window: UIWindow, renderer: LayerRenderer) -> CGImage {
        let buffer = FrameBuffer(pointSize: window.bounds.size, scale: 1)
        buffer.draw { canvas in
            canvas.fill(window.bounds, with: background)
            renderer.render(view.layer, in: canvas)
        }
        return buffer.makeImage()
    }
}
