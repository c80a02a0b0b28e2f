import CairoRenderer
import Dispatch
import Foundation
import UIKit

/// The debugging overlays of one window, drawn in a fixed order and fed together,
/// with the wake-ups their changes over time need. Two of them are panels that the debug
/// layer shows as views (`recognizers` in `RecognizerHUDView`, `performance` in
/// `PerformanceMeterView`): they follow the same contract but draw nothing on the canvas,
/// and tell their `onChange` instead of returning rectangles.
///
/// A host keeps the `DebugOverlay` contract through this object:
///
///     overlays.window = window
///     overlays.onNeedsDisplay = { host.setNeedsDisplay($0) }        // wake-ups
///     // after the window took a batch:
///     for rect in overlays.apply(batch, in: window) { host.setNeedsDisplay(rect) }
///     // at the start of every frame, with the layers' damage:
///     for rect in overlays.damageForFrame(in: window) { region.add(rect) }
///     // in every frame, after the scene and the chrome:
///     overlays.draw(in: canvas, window: window)
///     // after every frame reached the window:
///     overlays.framePresented(started: report.started, presented: report.presented, dirtyRects: report.dirtyRects)
///
/// and after toggling an overlay's `isVisible`, redraws the whole window. The spots are
/// visible from the start; the others start hidden.
@MainActor
public final class DebugOverlays {
    public let pathRegions = PathHitRegionOverlay()
    public let animationFrames = AnimationFramesOverlay()
    public let hitTest = HitTestOverlay()
    public let why = WhyOverlay()
    public let inspect = InspectOverlay()
    public let spots: TouchSpotsOverlay
    public let recognizers = RecognizerHUD()
    public let performance = PerformanceOverlay()

    /// Every overlay, in drawing order: tints under outlines under spots under panels.
    public let all: [any DebugOverlay]

    /// Receives the rectangles that wake-ups (`nextUpdateTime` passing with no input)
    /// find changed. With it and `window` set, the overlays wake themselves on the main
    /// queue; without them (tests) nothing is scheduled.
    public var onNeedsDisplay: (@MainActor (CGRect) -> Void)? {
        didSet { scheduleWakeUp() }
    }
    public weak var window: UIWindow? {
        didSet { scheduleWakeUp() }
    }

    /// The one pending wake-up, on the media clock through the application's timers.
    private var wakeUp: DelayedCall?
    /// When the timer is armed to fire, if it is.
    private var wakeUpTime: TimeInterval?

    /// Shares `spots` with a host that already has its touch-spots overlay.
    public init(spots: TouchSpotsOverlay = TouchSpotsOverlay()) {
        self.spots = spots
        all = [pathRegions, animationFrames, hitTest, why, inspect, spots, recognizers, performance]
    }

    /// Whether no overlay is shown: then none is fed or asked, so a debug layer that is
    /// on but shows nothing costs an app almost nothing (`touch-sandbox-bench
    /// debug-layer`). The first batch after that makes every overlay forget its fingers.
    public var isDormant: Bool {
        // Each overlay by its own type: static calls, no walk over existentials, since
        // this runs for every batch.
        !(spots.isVisible || hitTest.isVisible || why.isVisible || inspect.isVisible || animationFrames.isVisible || pathRegions.isVisible
            || recognizers.isVisible || performance.isVisible)
    }
    private var slept = false
    /// Whether every overlay was hidden when `apply(_:in:)` last ran, so the caller of
    /// that batch need not ask again.
    public private(set) var wasDormantAtLastBatch = true

    /// Makes every overlay forget the fingers it follows: the app they were on was made
    /// anew (a timeline's step back).
    public func forgetAllFingers() {
        for overlay in all { overlay.forgetFingers() }
    }

    /// Feeds a batch the window has just taken to every overlay, then brings them up to
    /// date; returns the rectangles to redraw. Nothing while `isDormant`.
    public func apply(_ batch: [TouchSample], in window: UIWindow) -> [CGRect] {
        wasDormantAtLastBatch = isDormant
        guard !wasDormantAtLastBatch else {
            slept = true
            return []
        }
        if slept {
            slept = false
            for overlay in all { overlay.forgetFingers() }
        }
        var dirty: [CGRect] = []
        for overlay in all {
            dirty += overlay.apply(batch)
        }
        dirty += update(in: window)
        return dirty
    }

    /// Brings every overlay up to the media clock's now; returns the rectangles to redraw.
    public func update(in window: UIWindow) -> [CGRect] {
        guard !isDormant else { return [] }
        var dirty: [CGRect] = []
        for overlay in all {
            dirty += overlay.update(in: window)
        }
        scheduleWakeUp()
        return dirty
    }

    /// The earliest time an overlay changes by itself, or nil.
    public var nextUpdateTime: TimeInterval? {
        all.compactMap(\.nextUpdateTime).min()
    }

    /// At the start of a frame: what the layers the overlays follow damage (each
    /// `damageForFrame(in:)`); their own changes come from `apply` and `update`.
    public func damageForFrame(in window: UIWindow) -> [CGRect] {
        guard !isDormant else { return [] }
        var dirty: [CGRect] = []
        for overlay in all {
            dirty += overlay.damageForFrame(in: window)
        }
        return dirty
    }

    public func draw(in canvas: Canvas, window: UIWindow) {
        guard !isDormant else { return }
        for overlay in all {
            overlay.draw(in: canvas, window: window)
        }
    }

    /// Hands a presented frame to the performance readout (see
    /// `PerformanceOverlay.framePresented`).
    public func framePresented(started: TimeInterval, presented: TimeInterval, dirtyRects: [CGRect]) {
        performance.framePresented(started: started, presented: presented, dirtyRects: dirtyRects)
        scheduleWakeUp()
    }

    // MARK: - Wake-ups

    /// Arms the one wake-up timer for `nextUpdateTime` when that is earlier than the
    /// time it is armed for. A later time is left for the timer to find: waking early
    /// only calls `update`, which changes nothing that is not due, so frames that move
    /// a deadline on (the readout's, after every frame) cost no system call.
    private func scheduleWakeUp() {
        guard onNeedsDisplay != nil, window != nil, let next = nextUpdateTime else { return }
        if let armed = wakeUpTime, armed <= next { return }
        wakeUp?.cancel()
        wakeUpTime = next
        // On the host clock, as the samples the overlays are fed: a trail fades and the
        // HUD lingers in real time while the app's time is frozen or slowed.
        let application = UIApplication.shared
        wakeUp = application.scheduleInHostTime(afterDelay: max(0, next - application.clock.now)) { [weak self] in
            self?.wake()
        }
    }

    private func wake() {
        wakeUpTime = nil
        wakeUp = nil
        guard let window, let onNeedsDisplay else { return }
        for rect in update(in: window) {
            onNeedsDisplay(rect)
        }
    }
}
