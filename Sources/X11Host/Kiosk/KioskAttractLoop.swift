import Foundation
import TouchRecording
import UIKit

/// A kiosk's attract loop: while it is idle, a recorded tour plays again and again, so
/// a passer-by sees the app in use, until a visitor touches (`KioskSession` ends it).
///
/// The tour's touches reach the app as touches, through the host's input path (the
/// debug overlays draw them), from a device of their own (`device`), so the kiosk and
/// the recorder tell them from a visitor's: they do not wake the kiosk, re-arm the idle
/// timer, count towards the exit gesture or go into a recording of the session. Keys in
/// the recording are not played (a recorded quit key must not end a kiosk). A recording
/// made at another window size is scaled to the window, each axis on its own (a tour
/// recorded on a 4:3 monitor still hits the same controls of a layout that stretches to
/// 16:9). Between two plays the screen rests `pause` seconds. However it stops (a
/// visitor, `end()`, a terminating signal), every finger the tour put down ends
/// cancelled. Times run on the media clock (delayed calls of `UIApplication`), so a
/// manual clock drives it in tests.
@MainActor
public final class KioskAttractLoop {
    /// The device number the tour's touches carry: no X device has it.
    public static let device = -2
    /// Seconds between the end of one play and the start of the next.
    public static let pause: TimeInterval = 1

    /// The tour, on the loop's device and in the window's points.
    public let recording: TouchRecording
    /// How many plays have finished.
    public private(set) var completedPlays = 0
    public private(set) var isRunning = false
    private let inject: ([TouchSample]) -> Void
    private var replay: TouchReplay?
    private var nextCall: DelayedCall?
    private var terminationToken: TerminationHandlerToken?
    /// The tour's fingers down now, and where: what stopping cancels.
    private var fingersDown: [TouchSample.ID: CGPoint] = [:]

    /// A loop of `recording` for a window of `windowSize` points; `inject` hands each
    /// batch to the app (a host's `injectInput`).
    public init(recording: TouchRecording, windowSize: CGSize, inject: @escaping ([TouchSample]) -> Void) {
        self.recording = Self.adapted(recording, to: windowSize)
        self.inject = inject
    }

    /// Reads the tour for a loop, whole, before the kiosk shows anything (the runner
    /// does it at launch): a file that cannot be read, is not a recording, or holds no
    /// touch is one line saying why (`X11HostError.attractTour`).
    public static func load(_ url: URL) throws(X11HostError) -> TouchRecording {
        let recording: TouchRecording
        do {
            recording = try TouchRecordingReader.read(contentsOf: url).recording
        } catch {
            throw .attractTour("\(error)")
        }
        // A loop of nothing would only wait: a kiosk that seems to have no tour.
        guard recording.events.contains(where: { if case .touches(let samples) = $0 { !samples.isEmpty } else { false } })
        else { throw .attractTour("\(url.path): the recording has no touches") }
        return recording
    }

    /// Plays the tour now, and again `pause` seconds after each play, until stopped.
    public func start() {
        guard !isRunning else { return }
        isRunning = true
        // A signal ending the program mid-tour: the tour's fingers end too.
        terminationToken = X11Host.addTerminationHandler { [weak self] _ in self?.end() }
        play()
    }

    /// Stops at once; returns the cancellations of the tour's fingers still down, which
    /// the caller hands to the app (so every touch the tour began ends): a kiosk's
    /// filter hands them on with the visitor's batch.
    public func stop() -> [TouchSample] {
        guard isRunning else { return [] }
        isRunning = false
        if let terminationToken { X11Host.removeTerminationHandler(terminationToken) }
        terminationToken = nil
        nextCall?.cancel()
        nextCall = nil
        replay = nil
        let now = UIApplication.shared.clock.now
        defer { fingersDown = [:] }
        return fingersDown.sorted { $0.key.number < $1.key.number }.map { id, location in
            TouchSample(id: id, phase: .cancelled, location: location, timestamp: now)
        }
    }

    /// Stops at once and hands the cancellations of the tour's fingers still down to
    /// the app itself (the program or the runner is ending).
    public func end() {
        let cancelled = stop()
        if !cancelled.isEmpty { inject(cancelled) }
    }

    // MARK: - Playing

    private func play() {
        let replay = TouchReplay(recording: recording, clock: CAMediaClock.current, speed: 1) { [weak self] batch in
            self?.deliver(batch)
        }
        replay.onKey = { _ in }
        self.replay = replay
        scheduleNext()
    }

    private func deliver(_ batch: [TouchSample]) {
        for sample in batch {
            switch sample.phase {
            case .began, .moved: fingersDown[sample.id] = sample.location
            case .ended, .cancelled: fingersDown[sample.id] = nil
            }
        }
        inject(batch)
    }

    private func scheduleNext() {
        guard isRunning, let replay else { return }
        guard let next = replay.nextEventTime else {
            replay.finish()
            completedPlays += 1
            nextCall = UIApplication.shared.scheduleInHostTime(afterDelay: Self.pause) { [weak self] in
                guard let self, isRunning else { return }
                play()
            }
            return
        }
        nextCall = UIApplication.shared.scheduleInHostTime(afterDelay: max(0, replay.clockTime(of: next) - UIApplication.shared.clock.now)) {
            [weak self] in
            guard let self, isRunning, let replay = self.replay else { return }
            let now = UIApplication.shared.clock.now
            while let time = replay.nextEventTime, replay.clockTime(of: time) <= now { replay.step() }
            scheduleNext()
        }
    }

    // MARK: - Adapting the tour

    /// The tour on the loop's device, its points scaled from the recorded window's size
    /// to `size`.
    static func adapted(_ recording: TouchRecording, to size: CGSize) -> TouchRecording {
        let recorded = recording.header.size
        let sx = recorded.width > 0 ? size.width / recorded.width : 1
        let sy = recorded.height > 0 ? size.height / recorded.height : 1
        var adapted = recording
        adapted.header.size = size
        adapted.events = recording.events.compactMap { event in
            guard case .touches(let samples) = event else { return nil }
            return .touches(samples.map { sample in
                var moved = sample
                moved.id.device = device
                moved.location = CGPoint(x: sample.location.x * sx, y: sample.location.y * sy)
                return moved
            })
        }
        return adapted
    }
}
