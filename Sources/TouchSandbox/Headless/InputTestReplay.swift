import Foundation
import HeadlessXorg
import TouchRecording
import UIKit

/// Plays a recording's touches into a private X server's virtual touchscreen
/// (`inputtest`) with their original timing, so the app receives real XI2 events, as
/// from a finger: the headless run's tour, and end-to-end tests.
///
/// Locations are the recording's window points; the window is expected at the
/// screen's origin (a private server has no window manager to move it), so a point maps
/// to screen pixel `point × scale`. Each recorded finger gets its own touch id on the
/// device for its life. One recorded batch is one write to the device, which the server
/// delivers in one go. Keys are not sent through the server (that needs the keyboard
/// map); `onKey` gets them at their times instead.
///
/// It runs on a thread of its own, sleeping until each event is due, so the app's
/// main thread stays free to read what it sends. Fingers the file leaves down are
/// lifted at the end (the device has no cancel), and `liftedAtEnd` counts them.
public final class InputTestReplay: @unchecked Sendable {
    public let recording: TouchRecording
    public let scale: CGFloat
    public let speed: Double
    private let device: InputTestDevice
    private let lock = NSLock()
    private var _liftedAtEnd = 0
    private var _sentBatches = 0
    private var _failure: String?
    private var _isCancelled = false

    public init(recording: TouchRecording, into device: InputTestDevice, scale: CGFloat = 1, speed: Double = 1) {
        self.recording = recording
        self.device = device
        self.scale = scale
        self.speed = speed > 0 && speed.isFinite ? speed : 1
    }

    /// How many fingers the file left down, lifted at its end.
    public var liftedAtEnd: Int { lock.withLock { _liftedAtEnd } }
    /// How many batches reached the device.
    public var sentBatches: Int { lock.withLock { _sentBatches } }
    /// Why the replay stopped early (the server went away), if it did.
    public var failure: String? { lock.withLock { _failure } }

    /// Stops the replay before its next event (within a second while it waits out a long
    /// gap); the fingers it left down are lifted, as at its end.
    public func cancel() {
        lock.withLock { _isCancelled = true }
    }

    private var isCancelled: Bool { lock.withLock { _isCancelled } }

    /// Plays the whole recording from now on a thread of its own; `completion` runs on
    /// the main queue when it is done. `onKey` runs on the main queue at each key's time.
    public func start(onKey: (@MainActor @Sendable (TouchRecording.Key) -> Void)? = nil,
                      completion: @escaping @MainActor @Sendable () -> Void) {
        let thread = Thread { [self] in
            play(onKey: onKey)
            DispatchQueue.main.async { MainActor.assumeIsolated { completion() } }
        }
        thread.name = "inputtest replay"
        thread.start()
    }

    /// Plays the whole recording on the calling thread, sleeping until each event.
    public func play(onKey: (@MainActor @Sendable (TouchRecording.Key) -> Void)? = nil) {
        let start = ProcessInfo.processInfo.systemUptime
        var ids: [TouchSample.ID: (slot: UInt32, location: CGPoint)] = [:]
        var nextSlot: UInt32 = 1
        do {
            for event in recording.events {
                sleep(until: start + event.time / speed)
                if isCancelled { break }
                switch event {
                case .key(let key, _):
                    if let onKey { DispatchQueue.main.async { MainActor.assumeIsolated { onKey(key) } } }
                case .touches(let samples):
                    var messages: [(id: UInt32, type: InputTestMessage.TouchType, at: CGPoint)] = []
                    for sample in samples {
                        let pixel = CGPoint(x: sample.location.x * scale, y: sample.location.y * scale)
                        switch sample.phase {
                        case .began:
                            let slot = nextSlot
                            nextSlot &+= 1
                            ids[sample.id] = (slot, pixel)
                            messages.append((slot, .begin, pixel))
                        case .moved:
                            guard let live = ids[sample.id] else { continue }
                            ids[sample.id] = (live.slot, pixel)
                            messages.append((live.slot, .update, pixel))
                        case .ended, .cancelled:
                            guard let live = ids.removeValue(forKey: sample.id) else { continue }
                            messages.append((live.slot, .end, pixel))
                        }
                    }
                    guard !messages.isEmpty else { continue }
                    try device.touches(messages)
                    lock.withLock { _sentBatches += 1 }
                }
            }
            if !ids.isEmpty {
                // A frame of a 60 Hz touchscreen after the last report, as a finger that
                // lifts is reported: its own batch, not one with the recording's last.
                sleep(until: ProcessInfo.processInfo.systemUptime + 1.0 / 60, evenIfCancelled: true)
                try device.touches(ids.values.map { ($0.slot, .end, $0.location) })
                lock.withLock { _liftedAtEnd = ids.count }
            }
        } catch {
            lock.withLock { _failure = "\(error)" }
        }
    }

    /// Sleeps until `due` on the uptime clock, or until cancelled, a second at most per
    /// call: a gap of hours in a recording is waited out, and no wait is converted to a
    /// type it overflows (`useconds_t` holds 71 minutes).
    private func sleep(until due: TimeInterval, evenIfCancelled: Bool = false) {
        while evenIfCancelled || !isCancelled {
            let wait = due - ProcessInfo.processInfo.systemUptime
            guard wait > 0, wait.isFinite else { return }
            let step = min(wait, 1)
            var request = timespec(tv_sec: 0, tv_nsec: Int(step * 1_000_000_000) % 1_000_000_000)
            if step >= 1 { request = timespec(tv_sec: 1, tv_nsec: 0) }
            nanosleep(&request, nil)
        }
    }
}
