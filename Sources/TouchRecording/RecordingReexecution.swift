import UIKit

/// A recording re-executed from its start on an owned clock, frame by frame, to any
/// instant: the app made anew for each run (by its stage: a new `UIApplication` of the
/// re-execution's own, `OwnedReexecutionStage`, or the running app in place,
/// `LiveReexecutionStage`), its time frozen and moved by the re-execution, the
/// recording's events played at their times, and each frame's work (its due calls, its
/// tick, its layout) run as the run loop runs it. Nothing is drawn; the app's state at
/// the instant is the real state, to assert on (`UIKitTesting`), to draw (the headless
/// `--at`), or to inspect (the debug layer's timeline).
///
///     let replay = RecordingReexecution(recording: recording) { _ in makeMyWindow() }
///     try replay.run(to: 1.25)          // forwards from the start
///     #expect(square.center.x == 300)
///     try replay.run(to: 0.5)           // backwards: made anew, run again to 0.5
///
/// **Times.** Frame `k` is at recording time `k × frameInterval` exactly (multiplied,
/// never added up), so two runs tick at the same instants; an event is played at its own
/// time, with the delayed calls due before it run at theirs (`TouchReplay`, moving the
/// frozen clock). `run(to:)` stops at the instant itself: the frames up to it, then the
/// events and calls up to it, laid out but not ticked when it lies between two frames, so
/// where a run stops never changes what it does after. An instant within rounding of a
/// frame (0.1 + 0.32 s) is that frame.
///
/// **Replaying the same.** A run is exact only for an app whose behaviour follows from its
/// input and the app's clock (`CACurrentMediaTime()`, `UIApplication.schedule`,
/// `perform(_:afterDelay:)`, animations, display links). `Date()`, random numbers, files,
/// other threads, `Task.sleep`, `DispatchQueue.asyncAfter` on wall time, and an app's own
/// statics (which outlive "made anew") break it. So the first run keeps a digest of the
/// window's layer tree every `digestInterval` frames (`LayerTreeDigest`), and every later
/// run compares its own at the same frames: the first that differs stops it with
/// `RecordingReexecution.Divergence`, which names the instant and the layer, and the
/// re-execution then refuses to go backwards (`canRunBackwards`).
@MainActor
public final class RecordingReexecution {
    /// A run that did not replay the same as the first: where, and which layer.
    public struct Divergence: Error, CustomStringConvertible, Equatable {
        /// The recording time of the first digest that differed.
        public var time: TimeInterval
        /// The first layer whose digest differed, by its path from the window.
        public var layer: String

        public var description: String {
            String(format: "did not replay the same from t=%.3f: %@", time, layer)
        }
    }

    public let recording: TouchRecording
    /// The step between frames, in seconds: the display's refresh (1/60 s by default).
    public let frameInterval: TimeInterval
    /// Frames between two layer-tree digests.
    public let digestInterval: Int
    /// Where the runs happen: an app of the re-execution's own, or the running one.
    private let stage: any ReexecutionStage
    /// Told each batch after the window has it, as a host's input filters are (a debug
    /// layer's overlays), in the window's coordinates.
    private let observe: (@MainActor ([TouchSample]) -> Void)?

    /// The app of the current run: the current application (`UIApplication.shared`)
    /// from a run on, and left so; a test that goes on with other work makes another
    /// current.
    public private(set) var application: UIApplication
    /// Its window.
    public private(set) var window: UIWindow
    /// The recording time the current run has reached.
    public private(set) var time: TimeInterval = 0
    /// How many times the app was made (1 after `init`): each backwards run makes it anew.
    public private(set) var runs = 1
    /// The divergence a run found, if any; after one, only forwards.
    public private(set) var divergence: Divergence?
    /// Whether an earlier instant can be reached (no run has diverged).
    public var canRunBackwards: Bool { divergence == nil }

    /// The digests of the first run to reach each digest frame, by frame number.
    private var referenceDigests: [Int: LayerTreeDigest] = [:]
    private var replay: TouchReplay
    /// Frames ticked so far in this run.
    private var frame = 0

    /// A re-execution of `recording` in an app of its own, on a manual clock
    /// (`OwnedReexecutionStage`), made once now (at time 0); `makeWindow` makes the app's
    /// window in each new application, and `observe` is told every batch after the
    /// window (a debug layer's overlays).
    public convenience init(recording: TouchRecording, frameInterval: TimeInterval = 1.0 / 60, digestInterval: Int = 30,
                            observe: (@MainActor ([TouchSample]) -> Void)? = nil,
                            makeWindow: @escaping @MainActor (UIApplication) -> UIWindow) {
        self.init(recording: recording, stage: OwnedReexecutionStage(makeWindow: makeWindow), frameInterval: frameInterval,
                  digestInterval: digestInterval, observe: observe)
    }

    /// A re-execution of `recording` on `stage` (the running app, for a timeline:
    /// `LiveReexecutionStage`), made once now (at time 0).
    public init(recording: TouchRecording, stage: any ReexecutionStage, frameInterval: TimeInterval = 1.0 / 60,
                digestInterval: Int = 30, observe: (@MainActor ([TouchSample]) -> Void)? = nil) {
        self.recording = recording
        self.frameInterval = frameInterval > 0 && frameInterval.isFinite ? frameInterval : 1.0 / 60
        self.digestInterval = max(1, digestInterval)
        self.stage = stage
        self.observe = observe
        (application, window, replay) = Self.makeRun(recording: recording, stage: stage, observe: observe)
    }

    private static func makeRun(recording: TouchRecording, stage: any ReexecutionStage,
                                observe: (@MainActor ([TouchSample]) -> Void)?) -> (UIApplication, UIWindow, TouchReplay) {
        let (application, window) = stage.makeAnew()
        // Stamped on the app's frozen clock, moved to each event before it is delivered:
        // every sample lands at its own instant.
        let replay = TouchReplay(recording: recording, clock: application.appClock) { [weak window] batch in
            window?.inject(batch)
            observe?(batch)
        }
        replay.moveClock = { [weak application] time in application?.moveFrozenTime(to: time) }
        return (application, window, replay)
    }

    /// Brings the app to recording time `instant` (0 or later; past the last event, the
    /// app goes on with no more input, as after a finger's last lift):
    /// forwards from where the run stands, or, for an earlier instant, a new run from
    /// the start. Throws the divergence a run finds, leaving the app where it stopped.
    public func run(to instant: TimeInterval) throws(Divergence) {
        let target = snapped(max(0, instant.isFinite ? instant : 0))
        if target < time {
            if let divergence { throw divergence }
            restart()
        }
        // Its timers, its `UIApplication.shared`: the run's app is the current one.
        application.makeCurrent()
        while case let next = Double(frame + 1) * frameInterval, next <= target {
            replay.play(until: next)
            frame += 1
            application.runFrameOfFrozenTime()
            time = next
            if frame % digestInterval == 0 { try check() }
        }
        // Between two frames: the events and calls up to the instant, laid out, but no
        // tick (no display link fires off the grid), so where a run stops never changes
        // what it does after.
        replay.play(until: target)
        if target > time { application.runFrameOfFrozenTime(ticking: false) }
        time = target
    }

    /// The frame at or before `instant` on the grid, when `instant` lies within rounding
    /// of it: an instant made by adding frames up (0.1 + 0.32) is the frame it means.
    private func snapped(_ instant: TimeInterval) -> TimeInterval {
        let frames = (instant / frameInterval).rounded()
        let onGrid = frames * frameInterval
        return abs(onGrid - instant) < 1e-9 ? onGrid : instant
    }

    /// Runs to the recording's end: every event played, and any finger left down
    /// cancelled.
    public func runToEnd() throws(Divergence) {
        try run(to: recording.duration)
        replay.finish()
        application.runFrameOfFrozenTime(ticking: false)
    }

    private func restart() {
        runs += 1
        frame = 0
        time = 0
        (application, window, replay) = Self.makeRun(recording: recording, stage: stage, observe: observe)
    }

    /// The digest at this frame: kept by the first run to reach it, compared by every
    /// later one.
    private func check() throws(Divergence) {
        // Gone its own way once, a run's digests say nothing more: forwards it goes on.
        guard divergence == nil else { return }
        let digest = application.animationEngine.holdingTime { LayerTreeDigest(of: window) }
        guard let reference = referenceDigests[frame] else {
            referenceDigests[frame] = digest
            return
        }
        guard let layer = reference.firstDifference(from: digest) else { return }
        let found = Divergence(time: time, layer: layer)
        divergence = found
        throw found
    }
}
