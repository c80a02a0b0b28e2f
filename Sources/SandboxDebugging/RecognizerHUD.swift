import CairoRenderer
import Foundation
import UIKit

/// The recognizer HUD: while fingers are down, and for `lingerDuration` after the last
/// lifts so the outcome can be read, a translucent panel in the top-right corner lists
/// every recognizer of the touches' swarms with its class, its view, its states over
/// time as coloured segments on one time axis, and how it ended and why (see
/// `RecognizerTimeline`).
///
/// It reads the gesture trace, which it switches on while visible (and back off when
/// hidden, unless something else had switched it on). A touch sequence starts when a
/// finger goes down with none down, unless the last one lifted less than
/// `sequenceGap` ago (the second tap of a double tap belongs with the first).
///
/// Refreshes join the frames input causes: `update(in:)` after a batch redraws the panel
/// when the trace has new entries. Between batches it asks to be polled every
/// `pollInterval` (`nextUpdateTime`), so a change made by a timer (a long press
/// recognizing, a double tap's single tap failing) shows within that time, and it asks
/// for a frame then only if the trace changed.
@MainActor
public final class RecognizerHUD: DebugOverlay {
    public static let lingerDuration: TimeInterval = 3
    public static let sequenceGap: TimeInterval = 0.5
    public static let pollInterval: TimeInterval = 0.1

    public var isVisible = false {
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

    /// Distance of the panel from the window's top and right edges; the app sets the top
    /// below its caption.
    public var topInset: CGFloat = 40
    /// Room the panel leaves at the bottom of the window (the app's help line).
    public var bottomInset: CGFloat = 36
    public var rightInset: CGFloat = 12

    /// The timeline on display, or nil when no sequence is shown.
    public private(set) var timeline: RecognizerTimeline?
    /// The end of the displayed time axis: the refresh's time while fingers are down,
    /// then the last lift or the latest entry.
    public private(set) var axisEnd: TimeInterval = 0
    /// The panel's frame as last laid out, in window points; nil when nothing is shown.
    public var panelFrame: CGRect? { layout?.frame }

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
    private(set) var layout: RecognizerHUDLayout?
    private let measurer = TextMeasurer()

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
        if !batch.isEmpty { lastActivity = CACurrentMediaTime() }
        return []
    }

    public func forgetFingers() {
        liveTouches.removeAll()
        sequenceStart = nil
        timeline = nil
        layout = nil
    }

    // MARK: - Refreshing

    public func update(in window: UIWindow) -> [CGRect] {
        let now = CACurrentMediaTime()
        lastActivity = max(lastActivity, now)
        guard let start = sequenceStart else { return [] }
        let previous = layout?.frame
        if liveTouches.isEmpty, now >= lastLift + Self.lingerDuration {
            sequenceStart = nil
            timeline = nil
            layout = nil
            return isVisible ? previous.map { [$0] } ?? [] : []
        }
        guard isVisible else { return [] }
        let entries = GestureTrace.entries
        guard touchesChanged || timeline == nil || hasUnread(entries) else { return [] }
        touchesChanged = false
        read(entries, since: start)
        axisEnd = liveTouches.isEmpty ? max(lastLift, timeline?.latestEntryTime ?? lastLift) : now
        layout = RecognizerHUDLayout(timeline: timeline!, axisEnd: axisEnd, windowSize: window.bounds.size,
                                     top: topInset, bottom: bottomInset, right: rightInset, measurer: measurer)
        return [previous, layout?.frame].compactMap { $0 }
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

    public func draw(in canvas: Canvas, window: UIWindow) {
        guard isVisible, let layout, let timeline, canvas.clipBounds.intersects(layout.frame) else { return }
        layout.draw(timeline, axisEnd: axisEnd, in: canvas)
    }
}
