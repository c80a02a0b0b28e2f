import TouchRecording
import UIKit

/// A recording opened on the running app, to be scrubbed: any instant shown as the app
/// was then, forwards by running on, backwards by re-executing from the start with the
/// app made anew (`RecordingReexecution` on a `LiveReexecutionStage`). The app's time is
/// the timeline's while it is open (frozen between scrubs).
///
/// **Scrubbing** (`scrub(to:)`) is coalesced: a finger dragging the scrubber asks for an
/// instant at every move, and only the latest one asked when the run loop next turns is
/// run to, so a backwards drag re-executes once a turn, not once a move.
///
/// **Play** runs on in real time (the host's clock), a frame at a time, to the end.
/// **Step** moves a frame forwards or back. **Touch events**: the instants fingers went
/// down or up (`marks`), to jump between.
///
/// A run that did not replay the same stops there with `message` saying where; the
/// timeline then goes forwards only.
@MainActor
public final class RecordingTimeline {
    /// A finger going down or up, for the scrubber's marks.
    public struct Mark: Equatable, Sendable {
        public var time: TimeInterval
        public var isBegin: Bool
    }

    public let recording: TouchRecording
    /// Where the file came from, for the title (nil for one made in code).
    public let name: String?
    public private(set) var reexecution: RecordingReexecution
    /// Every touch's begin and end, in time order.
    public let marks: [Mark]
    /// Told whenever the instant, the play state or the message changed.
    public var onChange: (@MainActor () -> Void)?
    public private(set) var isPlaying = false
    /// What went wrong, in one line: a run that did not replay the same.
    public private(set) var message: String?

    private var pendingTarget: TimeInterval?
    private var pendingScrub: DelayedCall?
    private var playTick: DelayedCall?
    private var playStart: (host: TimeInterval, time: TimeInterval)?

    /// Opens `recording` on the running app: `stage` makes it anew for each run, and
    /// `observe` is told every replayed batch (the debug layer's overlays).
    public init(recording: TouchRecording, name: String? = nil, stage: LiveReexecutionStage,
                observe: (@MainActor ([TouchSample]) -> Void)? = nil) {
        self.recording = recording
        self.name = name
        reexecution = RecordingReexecution(recording: recording, stage: stage, observe: observe)
        var marks: [Mark] = []
        for event in recording.events {
            guard case .touches(let samples) = event else { continue }
            for sample in samples where sample.phase != .moved {
                marks.append(Mark(time: sample.timestamp, isBegin: sample.phase == .began))
            }
        }
        self.marks = marks.sorted { $0.time < $1.time }
    }

    /// The instant shown.
    public var time: TimeInterval { reexecution.time }
    /// The recording's length.
    public var duration: TimeInterval { recording.duration }
    /// The step of one frame.
    public var frameInterval: TimeInterval { reexecution.frameInterval }
    /// Whether an earlier instant can be shown (no run went its own way).
    public var canGoBackwards: Bool { reexecution.canRunBackwards }

    /// Asks for the app at `instant` (clamped to the recording), run when the run loop
    /// next turns; later asks before then replace it.
    public func scrub(to instant: TimeInterval) {
        pendingTarget = instant
        guard pendingScrub == nil else { return }
        pendingScrub = UIApplication.shared.scheduleInHostTime(afterDelay: 0) { [weak self] in
            guard let self else { return }
            pendingScrub = nil
            guard let target = pendingTarget else { return }
            pendingTarget = nil
            show(target)
        }
    }

    /// Shows the app at `instant` now (clamped to the recording): forwards from the
    /// instant shown, or re-executed from the start. Backwards after a divergence is
    /// refused (the instant stays, `message` says why).
    /// Returns whether the instant was reached.
    @discardableResult
    public func show(_ instant: TimeInterval) -> Bool {
        let target = min(max(0, instant), duration)
        var reached = true
        do {
            try reexecution.run(to: target)
        } catch {
            message = "\(error)"
            reached = false
            pause()
        }
        onChange?()
        return reached
    }

    /// Shows the frame `frames` frames after (or, negative, before) the one at or nearest
    /// the instant shown: frame `k` at `k × frameInterval`, on the re-execution's grid.
    public func step(frames: Int) {
        pause()
        let frame = (time / frameInterval).rounded() + Double(frames)
        show(frame * frameInterval)
    }

    /// The next touch event after the instant shown, if any.
    public var nextMark: Mark? {
        marks.first { $0.time > time + 1e-9 }
    }

    /// The touch event before the instant shown, if any.
    public var previousMark: Mark? {
        marks.last { $0.time < time - 1e-9 }
    }

    /// Shows the next touch event (a finger going down or up); nothing after the last.
    public func jumpToNextTouchEvent() {
        pause()
        if let mark = nextMark { show(mark.time) }
    }

    /// Shows the touch event before the instant shown.
    public func jumpToPreviousTouchEvent() {
        pause()
        if let mark = previousMark { show(mark.time) }
    }

    /// Runs on from the instant shown in real time, a frame at a time, to the end (from
    /// the start when at the end).
    public func play() {
        guard !isPlaying else { return }
        if time >= duration { show(0) }
        isPlaying = true
        playStart = (UIApplication.shared.clock.now, time)
        onChange?()
        schedulePlayTick()
    }

    /// Stops playing where it is.
    public func pause() {
        guard isPlaying else { return }
        isPlaying = false
        playTick?.cancel()
        playTick = nil
        playStart = nil
        onChange?()
    }

    private func schedulePlayTick() {
        playTick = UIApplication.shared.scheduleInHostTime(afterDelay: frameInterval) { [weak self] in
            guard let self, isPlaying, let start = playStart else { return }
            let target = min(duration, start.time + UIApplication.shared.clock.now - start.host)
            // Stopped by a run that went its own way just now (forwards goes on after one
            // found earlier), or at the end.
            if !show(target) || time >= duration {
                pause()
            } else {
                schedulePlayTick()
            }
        }
    }

    /// Stops playing and forgets a pending scrub: the app stays at the instant shown.
    public func close() {
        pause()
        pendingScrub?.cancel()
        pendingScrub = nil
    }
}
