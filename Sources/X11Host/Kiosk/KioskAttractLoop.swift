import Foundation
import TouchRecording
import UIKit

/// A kiosk's attract loop: while it is idle, a recorded tour plays again and again, so
/// a passer-by sees the app in use, until a visitor touches (`KioskSession` ends it).
///
/// The tour's touches reach the app as touches, through the host's input path, from a
/// device of their own (`device`), so the kiosk tells them from a visitor's: they do not
/// wake the kiosk, re-arm the idle timer or count towards the exit gesture. Keys in the
/// recording are not played (a recorded quit key must not end a kiosk). A recording made
/// at another window size is scaled to the window, each axis on its own. Between two
/// plays the screen rests `pause` seconds. Times run on the media clock (delayed calls
/// of `UIApplication`), so a manual clock drives it in tests.
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
    /// The tour's fingers down now, and where: what stopping cancels.
    private var fingersDown: [TouchSample.ID: CGPoint] = [:]

    /// A loop of `recording` for a window of `windowSize` points; `inject` hands each
    /// batch to the app (a host's `injectInput`).
    public init(recording: TouchRecording, windowSize: CGSize, inject: @escaping ([TouchSample]) -> Void) {
        self.recording = Self.adapted(recording, to: windowSize)
        self.inject = inject
    }

    /// Reads the tour for a loop; a file that cannot be read is one line saying why.
    public static func load(_ url: URL) throws(X11HostError) -> TouchRecording {
        do {
            return try TouchRecordingReader.read(contentsOf: url).recording
        } catch {
            throw .attractTour("\(error)")
        }
    }

    public func start() {
        guard !isRunning else { return }
        isRunning = true
        play()
    }

    /// Stops at once; returns the cancellations of the tour's fingers still down, which
    /// the caller hands to the app (so every touch the tour began ends).
    public func stop() -> [TouchSample] {
        guard isRunning else { return [] }
        isRunning = false
        nextCall?.cancel()
        nextCall = nil
        replay = nil
        let now = CACurrentMediaTime()
        defer { fingersDown = [:] }
        return fingersDown.sorted { $0.key.number < $1.key.number }.map { id, location in
            TouchSample(id: id, phase: .cancelled, location: location, timestamp: now)
        }
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
            nextCall = UIApplication.shared.schedule(afterDelay: Self.pause) { [weak self] in
                guard let self, isRunning else { return }
                play()
            }
            return
        }
        nextCall = UIApplication.shared.schedule(afterDelay: max(0, replay.clockTime(of: next) - CACurrentMediaTime())) {
            [weak self] in
            guard let self, isRunning, let replay = self.replay else { return }
            let now = CACurrentMediaTime()
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
