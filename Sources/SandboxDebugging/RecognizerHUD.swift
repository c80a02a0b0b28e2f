import CairoRenderer
import Foundation
import UIKit

/// The recognizer HUD's model: while fingers are down, and for `lingerDuration` after the
/// last lifts so the outcome can be read, the timeline of every recognizer of the
/// touches' swarms with its class, its view, its states over time, and how it ended and
/// why (see `RecognizerTimeline`). The debug layer shows it in a panel of its own
/// (`RecognizerHUDView`, placed by `DebugLayerView`); this object draws nothing on the
/// overlays' canvas, so it asks the host for no rectangles and tells `onChange` instead.
///
/// It reads the gesture trace, which it switches on while visible (and back off when
/// hidden, unless something else had switched it on). A touch sequence starts when a
/// finger goes down with none down, unless the last one lifted less than
/// `sequenceGap` ago (the second tap of a double tap belongs with the first).
///
/// Refreshes join the frames input causes: `update(in:)` after a batch tells `onChange`
/// when the trace has new entries. Between batches it asks to be polled every
/// `pollInterval` (`nextUpdateTime`), so a change made by a timer (a long press
/// recognizing, a double tap's single tap failing) shows within that time, and it tells
/// `onChange` then only if the trace changed.
@MainActor
public final class RecognizerHUD: DebugOverlay {
    public static let lingerDuration: TimeInterval = 3
    public static let sequenceGap: TimeInterval = 0.5
    public static let pollInterval: TimeInterval = 0.1

    // Unchecked (read for every batch, by `DebugOverlays.isDormant`): main actor, set by plain
    // assignment only, never held inout across a call.
    @exclusivity(unchecked) public var isVisible = false {
        didSet {
            guard isVisible != oldValue else { return }
            if isVisible, !GestureTrace.isEnabled {
                GestureTrace.isEnabled = true
                switchedTraceOn = true
            } else if !isVisible, switchedTraceOn {
                GestureTrace.isEnabled = false
                switchedTraceOn = false
            }
        }
    }

    /// Told whenever what the panel shows changed (a sequence started, read new entries
    /// or ended): the view redraws and the debug layer places it again.
    public var onChange: (@MainActor () -> Void)?
    /// How many times `onChange` was due: every change, counted for tests and the view.
    public private(set) var changeCount = 0

    /// The timeline on display, or nil when no sequence is shown.
    public private(set) var timeline: RecognizerTimeline?
    /// The end of the displayed time axis: the refresh's time while fingers are down,
    /// then the last lift or the latest entry.
    public private(set) var axisEnd: TimeInterval = 0
    /// Whether there is a sequence to show (the panel shows while this and `isVisible`).
    public var hasContent: Bool { timeline != nil }

    private var switchedTraceOn = false
    private var sequenceStart: TimeInterval?
    private var liveTouches: Set<TouchSample.ID> = []
    private var lastLift: TimeInterval = -.infinity
    private var lastActivity: TimeInterval = -.infinity
    /// Fingers went down or up since the last update.
    private var touchesChanged = false
    /// What the displayed timeline has read: the trace's length and its last entry.
    private var readCount = 0
    private var readLast: (time: TimeInterval, serial: UInt64, kind: GestureTrace.Kind)?

    public init() {}

    // MARK: - Input

    public func apply(_ batch: [TouchSample]) -> [CGRect] {
        for sample in batch {
            switch sample.phase {
            case .began:
                if liveTouches.isEmpty, sequenceStart == nil || sample.timestamp - lastLift > Self.sequenceGap {
                    sequenceStart = sample.timestamp
                    timeline = nil
                }
                liveTouches.insert(sample.id)
                touchesChanged = true
            case .moved:
                break
            case .ended, .cancelled:
                guard liveTouches.remove(sample.id) != nil else { continue }
                if liveTouches.isEmpty { lastLift = sample.timestamp }
                touchesChanged = true
            }
        }
        if !batch.isEmpty { lastActivity = UIApplication.shared.clock.now }
        return []
    }

    public func forgetFingers() {
        liveTouches.removeAll()
        sequenceStart = nil
        if timeline != nil {
            timeline = nil
            changed()
        }
    }

    private func changed() {
        changeCount += 1
        onChange?()
    }

    // MARK: - Refreshing

    public func update(in window: UIWindow) -> [CGRect] {
        // The host clock, the samples' (the app's time may be frozen).
        let now = window.application.clock.now
        lastActivity = max(lastActivity, now)
        guard let start = sequenceStart else { return [] }
        if liveTouches.isEmpty, now >= lastLift + Self.lingerDuration {
            sequenceStart = nil
            let wasShown = timeline != nil
            timeline = nil
            if wasShown { changed() }
            return []
        }
        guard isVisible else { return [] }
        let entries = GestureTrace.entries
        guard touchesChanged || timeline == nil || hasUnread(entries) else { return [] }
        touchesChanged = false
        read(entries, since: start)
        axisEnd = liveTouches.isEmpty ? max(lastLift, timeline?.latestEntryTime ?? lastLift) : now
        changed()
        return []
    }

    /// While a sequence is shown (and the HUD visible): the next poll of the trace, and the end of the linger.
    public var nextUpdateTime: TimeInterval? {
        guard isVisible, sequenceStart != nil else { return nil }
        let poll = lastActivity + Self.pollInterval
        return liveTouches.isEmpty ? min(poll, lastLift + Self.lingerDuration) : poll
    }

    private func hasUnread(_ entries: [GestureTrace.Entry]) -> Bool {
        guard let last = entries.last else { return false }
        return entries.count != readCount || readLast.map { last.time != $0.time || last.recognizerSerial != $0.serial
            || last.kind != $0.kind } ?? true
    }

    /// Brings the timeline up to the trace: only the new entries when the trace grew by
    /// appending, else (trimmed, cleared) rebuilt from the sequence's start.
    private func read(_ entries: [GestureTrace.Entry], since start: TimeInterval) {
        let lastRead = readCount - 1
        if var current = timeline, current.start == start, entries.count > readCount, lastRead >= 0, let readLast,
           entries[lastRead].time == readLast.time, entries[lastRead].recognizerSerial == readLast.serial,
           entries[lastRead].kind == readLast.kind {
            current.append(entries[readCount...])
            timeline = current
        } else {
            timeline = RecognizerTimeline(entries: entries, since: start)
        }
        readCount = entries.count
        readLast = entries.last.map { ($0.time, $0.recognizerSerial, $0.kind) }
    }

    // MARK: - Drawing

    /// Nothing: the panel is a view of the debug layer (`RecognizerHUDView`).
    public func draw(in canvas: Canvas, window: UIWindow) {}
}
