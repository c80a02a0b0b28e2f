import CairoRenderer
import Foundation
import UIKit

/// The performance readout's measurements: the frame rate, the time frames take to draw
/// and present, touch-to-pixel latency, and the last `sparklineLength` frame times. The
/// debug layer shows them in a panel of its own (`PerformanceMeterView`, placed by
/// `DebugLayerView`); this object draws nothing on the overlays' canvas and tells
/// `onChange` when the readout was refreshed.
///
/// Touch-to-pixel latency is measured from the oldest sample of the input a frame shows
/// (its timestamp: on CLOCK_MONOTONIC, from the X server's millisecond stamps, so it
/// reads up to 1 ms high) to when the host flushed that frame to the window
/// (`framePresented`). The host reports every frame. While input flows the readout is
/// refreshed at most every `refreshInterval`, on the turn after a batch (a wake-up due at
/// once, `nextUpdateTime`), never within the batch's own frame: the panel's redraw (its
/// sixty bars and three lines of text) is information, not the touch's feedback, and
/// joining the frame that shows a new touch made one touch in ten slower by about a
/// fifth of a millisecond. Its redraw lands in the next frame, at most a display frame
/// later. Once input stops, one more refresh `idleRefreshDelay` after the last frame
/// shows the final figures, with "idle" for the rate (`Readout.isIdle`). A frame that
/// redrew only the panel (`panelFrame`) does not count as news, so that refresh ends.
@MainActor
public final class PerformanceOverlay: DebugOverlay {
    /// What the panel shows, as of its last refresh. Times are in seconds.
    public struct Readout: Equatable, Sendable {
        /// Frames presented in the second before the latest one.
        public var framesPerSecond: Int
        /// No frame for more than `idleRefreshDelay`: nothing moves, so there is no rate
        /// to show (a rate of one or two frames would look like a fault).
        public var isIdle = false
        /// The latest frame's drawing and presenting time, and the largest kept.
        public var frameTime: TimeInterval?
        public var maximumFrameTime: TimeInterval?
        /// The latest frame that showed input, and the 99th percentile of those kept.
        public var latency: TimeInterval?
        public var latencyP99: TimeInterval?
        /// The frame times of the sparkline, oldest first.
        public var recentFrameTimes: [TimeInterval]
    }

    public static let historyLength = 120
    public static let sparklineLength = 60
    public static let refreshInterval: TimeInterval = 0.25
    public static let idleRefreshDelay: TimeInterval = 0.5
    /// The sparkline's scale never drops below this, so that fast frames look flat.
    public nonisolated static let sparklineFloor: TimeInterval = 0.002

    // Unchecked (read for every batch, by `DebugOverlays.isDormant`): main actor, set by plain
    // assignment only, never held inout across a call.
    @exclusivity(unchecked) public var isVisible = false
    /// Where the panel showing the readout is, in window points (set as it is placed), so
    /// that the frames redrawing only it are no news.
    public var panelFrame = CGRect.zero
    /// Told when the readout was refreshed: the panel redraws.
    public var onChange: (@MainActor () -> Void)?

    /// Idle until frames are measured: no rate to show yet.
    public private(set) var readout = Readout(framesPerSecond: 0, isIdle: true, recentFrameTimes: [])
    /// The readout's lines, written once per refresh rather than in every frame.
    public private(set) var texts = Texts(Readout(framesPerSecond: 0, isIdle: true, recentFrameTimes: []))

    private var presentedTimes = RecentValues(capacity: historyLength)
    private var frameTimes = RecentValues(capacity: historyLength)
    private var latencies = RecentValues(capacity: historyLength)
    /// The oldest sample timestamp no presented frame has shown yet.
    private var pendingInput: TimeInterval?
    private var hasNews = false
    /// A batch arrived since the last update: its frame is being drawn.
    private var inputArrived = false
    /// When a batch found a refresh due: it is done at the next update that comes with no
    /// batch (the wake-up `nextUpdateTime` asks for at once), after the batch's frame.
    private var refreshDueAfterBatch: TimeInterval?
    private var lastRefresh = -TimeInterval.infinity
    private var lastPresented = -TimeInterval.infinity

    public init() {}

    // MARK: - Measuring

    public func apply(_ batch: [TouchSample]) -> [CGRect] {
        for sample in batch where sample.timestamp.isFinite {
            pendingInput = min(pendingInput ?? sample.timestamp, sample.timestamp)
        }
        inputArrived = inputArrived || !batch.isEmpty
        return []
    }

    /// Records a frame the host presented: when it started drawing, when the copy to the
    /// window was flushed (both on the media clock), and the rectangles it redrew (empty:
    /// the whole window), as `X11Host.FrameReport` has them.
    public func framePresented(started: TimeInterval, presented: TimeInterval, dirtyRects: [CGRect]) {
        presentedTimes.append(presented)
        frameTimes.append(presented - started)
        if let input = pendingInput {
            latencies.append(presented - input)
            pendingInput = nil
        }
        lastPresented = presented
        let panel = panelFrame.insetBy(dx: -1, dy: -1).integral
        let onlyThePanel = !dirtyRects.isEmpty && dirtyRects.allSatisfy { panel.contains($0) }
        if !onlyThePanel { hasNews = true }
    }

    // MARK: - Refreshing

    /// At a batch whose frame is about to be drawn: notes a refresh as due if the last is
    /// `refreshInterval` old, and does it at the next call that comes without a batch (the
    /// wake-up on the following turn). At any call without a batch, also refreshes once
    /// `idleRefreshDelay` has passed since the last frame. Returns no rectangles (the
    /// panel is a view, which redraws itself when `onChange` is told).
    public func update(in window: UIWindow) -> [CGRect] {
        let isBatchFrame = inputArrived
        inputArrived = false
        guard isVisible else { return [] }
        // Frames are counted in real time, whatever the app's time does.
        let now = window.application.clock.now
        if isBatchFrame {
            if now - lastRefresh >= Self.refreshInterval, refreshDueAfterBatch == nil { refreshDueAfterBatch = now }
            return []
        }
        // A due refresh is spent even without news, so the wake-up is not asked for again.
        let wasDue = refreshDueAfterBatch != nil
        refreshDueAfterBatch = nil
        let isFinalDue = awaitsFinalFigures && now >= lastPresented + Self.idleRefreshDelay
        guard wasDue && hasNews || isFinalDue else { return [] }
        refresh(at: now)
        onChange?()
        return []
    }

    /// Refreshes done so far (each told to `onChange`).
    public private(set) var refreshCount = 0

    /// At once when a batch left a refresh due; else, once the frames stop, when the
    /// final figures are shown.
    public var nextUpdateTime: TimeInterval? {
        guard isVisible else { return nil }
        if let due = refreshDueAfterBatch { return due }
        return awaitsFinalFigures ? lastPresented + Self.idleRefreshDelay : nil
    }

    /// Frames came since the readout was refreshed, or it still shows a rate: once they
    /// stop, one more refresh shows the last figures and "idle". (A refresh after a batch
    /// may show its frame, the last, at once: the panel must still go idle.)
    private var awaitsFinalFigures: Bool { hasNews || !readout.isIdle }

    private func refresh(at now: TimeInterval) {
        refreshCount += 1
        hasNews = false
        lastRefresh = now
        let latest = presentedTimes.last ?? now
        var frames = 0
        for offset in 0..<presentedTimes.count where presentedTimes[offset] > latest - 1 {
            frames += 1
        }
        let shown = min(Self.sparklineLength, frameTimes.count)
        readout = Readout(
            framesPerSecond: frames, isIdle: now - latest >= Self.idleRefreshDelay,
            frameTime: frameTimes.last, maximumFrameTime: frameTimes.maximum,
            latency: latencies.last, latencyP99: latencies.percentile(0.99),
            recentFrameTimes: (frameTimes.count - shown..<frameTimes.count).map { frameTimes[$0] })
        texts = Texts(readout)
    }

    /// The readout's lines as the panel shows them.
    public struct Texts: Equatable, Sendable {
        /// The frame rate while frames come ("60 fps"), else "idle".
        public var rate: String
        public var frame, latency: String
        /// The sparkline's top.
        public var scale: String

        init(_ readout: Readout) {
            let ms = PerformanceOverlay.milliseconds
            rate = readout.isIdle ? "idle" : "\(readout.framesPerSecond) fps"
            frame = "frame \(ms(readout.frameTime)), max \(ms(readout.maximumFrameTime))"
            latency = "touch→pixel \(ms(readout.latency)) · p99 \(ms(readout.latencyP99))"
            scale = ms(max(PerformanceOverlay.sparklineFloor, readout.recentFrameTimes.max() ?? 0))
        }
    }

    // MARK: - Drawing

    /// Nothing: the panel is a view of the debug layer (`PerformanceMeterView`).
    public func draw(in canvas: Canvas, window: UIWindow) {}

    /// `1.25 ms`, or `–` when nothing was measured.
    nonisolated static func milliseconds(_ seconds: TimeInterval?) -> String {
        guard let seconds else { return "–" }
        let ms = seconds * 1000
        return ms < 10 ? String(format: "%.2f ms", ms) : String(format: "%.1f ms", ms)
    }
}
