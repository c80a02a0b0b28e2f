import Foundation
import UIKit

/// Plays a recording back, event by event, into a window (or any input path), on the
/// media clock: the way a test replays a recorded file and asserts on what the app did.
///
///     let result = try TouchRecordingReader.read(contentsOf: url)
///     let replay = TouchReplay(recording: result.recording, window: window)
///     replay.play(until: 0.5)       // the first half second
///     XCTAssertEqual(square.center, CGPoint(x: 300, y: 200))
///     replay.playToEnd()            // the rest, then any finger still down is cancelled
///
/// Each event happens at `startTime + time / speed` on the clock: with a `ManualClock`
/// the replay moves the clock to each event's time and runs the delayed calls due
/// (`UIApplication.runPendingTimers()`) before delivering it, exactly as
/// `TouchInjector` does, so two replays of one file give identical gesture traces and
/// identical frames. With any other clock, the events are stamped with those times and
/// delivered when asked (a host plays them at their times, see `TouchReplayScheduler`).
///
/// Batches stay whole (one recorded batch, one event); keys go to `onKey`. A replay never
/// leaves a finger down: `finish()` (and `playToEnd()`) cancel the fingers the file
/// leaves down, at their last location, and `cancelledAtEnd` says which.
@MainActor
public final class TouchReplay {
    public let recording: TouchRecording
    public let clock: any MediaClock
    /// The clock time of the recording's time 0.
    public let startTime: TimeInterval
    /// Playback speed: 2 plays twice as fast, 0.5 at half speed.
    public let speed: Double
    /// Where batches go (`UIWindow.inject(_:)` for a window).
    public let deliver: ([TouchSample]) -> Void
    /// The application whose delayed calls run as the clock is moved: the window's, for a
    /// replay into a window; the current one otherwise.
    private var timersOwner: UIApplication?
    /// Key presses, in order, as they come.
    public var onKey: ((TouchRecording.Key) -> Void)?
    /// How many events have been played.
    public private(set) var playedCount = 0
    /// The fingers the file left down, cancelled by `finish()`.
    public private(set) var cancelledAtEnd: [TouchSample.ID] = []
    public private(set) var isFinished = false
    /// Each live finger's last location, in the order they went down.
    private var live: [(id: TouchSample.ID, location: CGPoint)] = []

    /// A replay that delivers each batch to `deliver`. `startTime` defaults to the
    /// clock's now.
    public init(recording: TouchRecording, clock: any MediaClock = CAMediaClock.current, startTime: TimeInterval? = nil,
                speed: Double = 1, deliver: @escaping ([TouchSample]) -> Void) {
        self.recording = recording
        self.clock = clock
        self.startTime = startTime ?? clock.now
        self.speed = speed > 0 && speed.isFinite ? speed : 1
        self.deliver = deliver
    }

    /// A replay into `window` (`UIWindow.inject(_:)`); locations are the window's, and
    /// the clock is its application's unless given.
    public convenience init(recording: TouchRecording, window: UIWindow, clock: (any MediaClock)? = nil,
                            speed: Double = 1) {
        self.init(recording: recording, clock: clock ?? window.application.clock, speed: speed) { [weak window] batch in
            window?.inject(batch)
        }
        timersOwner = window.application
    }

    /// The clock time of a recording time.
    public func clockTime(of time: TimeInterval) -> TimeInterval {
        startTime + time / speed
    }

    /// The next event's time in the recording, or nil at the end.
    public var nextEventTime: TimeInterval? {
        playedCount < recording.events.count ? recording.events[playedCount].time : nil
    }

    /// Plays the next event (after moving a manual clock to its time) and returns it; nil
    /// at the end, where it finishes.
    @discardableResult
    public func step() -> TouchRecording.Event? {
        guard !isFinished else { return nil }
        guard playedCount < recording.events.count else {
            finish()
            return nil
        }
        let event = recording.events[playedCount]
        playedCount += 1
        advanceClock(to: clockTime(of: event.time))
        switch event {
        case .touches(let samples):
            var batch = samples
            for index in batch.indices {
                batch[index].timestamp = clockTime(of: samples[index].timestamp)
                follow(batch[index])
            }
            deliver(batch)
        case .key(let key, _):
            onKey?(key)
        }
        return event
    }

    /// Plays every event at or before recording time `time`, then moves a manual clock
    /// on to `time` (running the delayed calls due).
    public func play(until time: TimeInterval) {
        while let next = nextEventTime, next <= time { step() }
        if !isFinished { advanceClock(to: clockTime(of: time)) }
    }

    /// Plays the rest and finishes.
    public func playToEnd() {
        while step() != nil {}
    }

    /// Ends the replay: every finger still down is cancelled where it was, in one batch
    /// at the last event's time. Safe to call twice.
    public func finish() {
        guard !isFinished else { return }
        isFinished = true
        guard !live.isEmpty else { return }
        let time = max(clock.now, clockTime(of: recording.events[..<playedCount].last?.time ?? 0))
        cancelledAtEnd = live.map(\.id)
        let batch = live.map { TouchSample(id: $0.id, phase: .cancelled, location: $0.location, timestamp: time) }
        live = []
        UIKitDebug.log(.input, "replay ended with \(batch.count) finger(s) down: cancelled \(cancelledAtEnd.map(\.description).joined(separator: ", "))")
        deliver(batch)
    }

    /// Whether every event was played (false after a `finish()` that interrupted it).
    public var playedEveryEvent: Bool { playedCount == recording.events.count }

    /// What `finish()` did, as one line for a person, or nil when no finger was left down.
    public var endNote: String? {
        guard !cancelledAtEnd.isEmpty else { return nil }
        let count = cancelledAtEnd.count
        let fingers = "\(count) finger\(count == 1 ? "" : "s")", them = count == 1 ? "it" : "them"
        return playedEveryEvent
            ? "the recording left \(fingers) down at its end; cancelled \(them)"
            : "\(fingers) \(count == 1 ? "was" : "were") down; cancelled \(them)"
    }

    /// How the replay ended, in one line for a person: finished, or interrupted (a
    /// signal, the window closed) and where.
    public var summary: String {
        let total = recording.events.count
        var line = playedEveryEvent
            ? "replay finished: \(total) events"
            : "replay interrupted after \(playedCount) of \(total) events, at \(TouchRecordingFormat.time(recording.events[..<playedCount].last?.time ?? 0)) s of \(TouchRecordingFormat.time(recording.duration)) s"
        if let endNote { line += "; \(endNote)" }
        return line
    }

    private func follow(_ sample: TouchSample) {
        switch sample.phase {
        case .began:
            live.removeAll { $0.id == sample.id }
            live.append((sample.id, sample.location))
        case .moved:
            if let index = live.firstIndex(where: { $0.id == sample.id }) { live[index].location = sample.location }
        case .ended, .cancelled:
            live.removeAll { $0.id == sample.id }
        }
    }

    /// Moves the clock when the replay cannot (it is not a `ManualClock`): told the clock
    /// time of each event before it is delivered, and of `play(until:)`'s end. A
    /// re-execution on a frozen app's clock moves it here (`ReexecutionStage`).
    public var moveClock: (@MainActor (TimeInterval) -> Void)?

    /// Delayed calls due on the way run at their own deadlines, as in a live run.
    private func advanceClock(to time: TimeInterval) {
        if let moveClock { return moveClock(time) }
        guard let manual = clock as? ManualClock else { return }
        (timersOwner ?? UIApplication.shared).advance(manual, to: time)
    }
}
