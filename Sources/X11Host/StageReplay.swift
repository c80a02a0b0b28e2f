import Foundation
import TouchRecording
import UIKit

/// Plays a recording into a host in real time, through its input path: the demo-giver's
/// replay on stage, on a desktop that has no virtual touchscreen. Each batch enters
/// `X11Host.injectInput(_:)` at its time, so it passes every input filter (the debug
/// layer draws its spots as if fingers were there) before the app gets it; key presses
/// enter `injectKey(_:)` (a recorded quit key quits, as it did).
///
/// Times follow the app's clock (`AppClock`) from the moment `start()` is called,
/// divided by `speed`, and each event comes from a timer of the application's run loop,
/// the one that also reads the host's input and draws its frames
/// (`UIApplication.schedule`). So the replay holds still while the app's time is frozen,
/// moves a frame at a step, and slows with the app; each batch is stamped with the host
/// moment its app time falls at, as the host's own input is.
/// The replay ends by itself after the last event, or by `stop()`, and never
/// leaves a finger down (`TouchReplay.finish()`); `onFinish` hears the end with the
/// replay's note, if any.
@MainActor
public final class StageReplay {
    public let replay: TouchReplay
    /// Called once, when the replay has ended.
    public var onFinish: ((StageReplay) -> Void)?
    private weak var host: X11Host?
    /// The timer of the next event, if one is pending.
    private var nextCall: DelayedCall?
    private var terminationToken: TerminationHandlerToken?

    /// A replay of `recording` into `host`, at `speed` (2: twice as fast).
    public init(recording: TouchRecording, host: X11Host, speed: Double = 1) {
        self.host = host
        let appClock = UIApplication.shared.animationEngine.appClock
        replay = TouchReplay(recording: recording, clock: appClock, speed: speed) { [weak host] batch in
            guard let host else { return }
            var stamped = batch
            for index in stamped.indices {
                stamped[index].timestamp = appClock.hostTime(atTime: stamped[index].timestamp) ?? host.runLoop.application.clock.now
            }
            host.injectInput(stamped, origin: .replay)
        }
        replay.onKey = { [weak host] key in host?.injectKey(KeyInput(keysym: key.keysym, text: key.text), origin: .replay) }
    }

    /// Starts playing now (time 0 is the moment `init` ran).
    public func start() {
        terminationToken = X11Host.addTerminationHandler { [weak self] _ in self?.stop() }
        scheduleNext()
    }

    /// Ends the replay now: fingers still down are cancelled.
    public func stop() {
        nextCall?.cancel()
        nextCall = nil
        guard !replay.isFinished else { return }
        replay.finish()
        ended()
    }

    public var isFinished: Bool { replay.isFinished }

    private func scheduleNext() {
        guard let next = replay.nextEventTime else {
            replay.finish()
            ended()
            return
        }
        let delay = max(0, replay.clockTime(of: next) - replay.clock.now)
        nextCall = UIApplication.shared.schedule(afterDelay: delay) { [weak self] in
            guard let self, !replay.isFinished else { return }
            // Every event due now, in one go (a slow frame must not stretch the replay).
            let now = replay.clock.now
            while let time = replay.nextEventTime, replay.clockTime(of: time) <= now { replay.step() }
            scheduleNext()
        }
    }

    private func ended() {
        if let terminationToken { X11Host.removeTerminationHandler(terminationToken) }
        terminationToken = nil
        onFinish?(self)
        onFinish = nil
    }
}
