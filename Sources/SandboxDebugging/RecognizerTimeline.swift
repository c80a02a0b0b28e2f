import Foundation
import UIKit

/// What the recognizer HUD shows of one touch sequence: every recognizer that took part,
/// its states over time, and how it ended and why, rebuilt from the gesture trace
/// (`GestureTrace.entries`, whose one line format this reads for the reasons).
///
/// A row starts `possible` when its recognizer joins a touch's swarm; each committed
/// transition starts a segment in the new state (`changed` after `changed` extends
/// one); a recognition held back by `require(toFail:)` is a `waiting` segment; a reset
/// closes the row's open segment (a recognizer that joins a later touch opens a new
/// one). A terminal state lasts from its transition to the reset, often no time at all
/// (a failed recognizer that others require to fail stays failed until they finish).
public struct RecognizerTimeline: Equatable, Sendable {
    /// What a segment shows.
    public enum Phase: Equatable, Sendable {
        case state(UIGestureRecognizer.State)
        /// A recognition held back until a recognizer it requires to fail fails.
        case waiting
    }

    public struct Segment: Equatable, Sendable {
        public var phase: Phase
        public var start: TimeInterval
        /// Nil while the segment is still open.
        public var end: TimeInterval?
    }

    public struct Row: Equatable, Sendable {
        /// The trace name, `UITapGestureRecognizer#3`.
        public var recognizer: String
        public var serial: UInt64
        /// The app's name for it, or its gesture and distinguishing configuration
        /// (`Tap ×2`, `Swipe ←`): `UIGestureRecognizer.displayTitle`.
        public var title: String = ""
        /// The class name of the recognizer's view.
        public var view: String
        public var segments: [Segment] = []
        /// The last terminal state, or nil if the recognizer has not finished.
        public var outcome: UIGestureRecognizer.State?
        /// Why it failed or was cancelled, what it waits for, or that its delegate kept
        /// it out; recognizer names shortened as in `shortName(of:)`.
        public var note: String?

        /// The state it is in now (its open segment), or nil between touches.
        public var currentPhase: Phase? {
            segments.last.flatMap { $0.end == nil ? $0.phase : nil }
        }
    }

    /// When the sequence began; the time axis starts here.
    public var start: TimeInterval
    /// The rows, in the order their recognizers first appear in the trace (swarm order).
    public var rows: [Row] = []

    /// The time of the latest entry read, or `start`.
    public private(set) var latestEntryTime: TimeInterval

    /// The timeline of the entries at or after `start`, which must be in time order.
    public init(entries: [GestureTrace.Entry], since start: TimeInterval) {
        self.start = start
        latestEntryTime = start
        let first = entries.lastIndex { $0.time < start }.map { $0 + 1 } ?? entries.startIndex
        append(entries[first...])
    }

    /// Reads entries recorded after those already read, in order.
    public mutating func append(_ entries: ArraySlice<GestureTrace.Entry>) {
        for entry in entries {
            apply(entry)
        }
    }

    private mutating func apply(_ entry: GestureTrace.Entry) {
        latestEntryTime = max(latestEntryTime, entry.time)
        let index: Int
        if let found = rows.firstIndex(where: { $0.serial == entry.recognizerSerial }) {
            index = found
        } else {
            rows.append(Row(recognizer: entry.recognizer, serial: entry.recognizerSerial, title: entry.title, view: entry.view))
            index = rows.count - 1
        }
        switch entry.kind {
        case .joined:
            if rows[index].currentPhase == nil {
                rows[index].segments.append(Segment(phase: .state(.possible), start: entry.time))
                rows[index].note = nil
            }
        case .refusedTouch:
            rows[index].note = "kept out by its delegate"
        case .transition:
            guard let state = entry.state else { return }
            enter(.state(state), at: entry.time, row: index)
            switch state {
            case .failed, .cancelled:
                rows[index].outcome = state
                rows[index].note = entry.reason.map(Self.note)
            case .ended:
                rows[index].outcome = state
                rows[index].note = nil
            case .possible, .began, .changed:
                rows[index].note = nil
            }
        case .waiting:
            // A failed recognizer kept failed for those that require it is still failed,
            // for the reason it failed.
            if case .state(let state)? = rows[index].currentPhase, state.isTerminal { return }
            enter(.waiting, at: entry.time, row: index)
            rows[index].note = entry.reason.map(Self.note)
        case .reset:
            close(row: index, at: entry.time)
        case .illegal:
            rows[index].note = Self.shortenNames(in: entry.detail)
        case .ignored, .cancelledTouches:
            break
        }
    }

    private mutating func enter(_ phase: Phase, at time: TimeInterval, row index: Int) {
        if rows[index].currentPhase == phase { return }
        close(row: index, at: time)
        rows[index].segments.append(Segment(phase: phase, start: time))
    }

    private mutating func close(row index: Int, at time: TimeInterval) {
        guard let last = rows[index].segments.indices.last, rows[index].segments[last].end == nil else { return }
        rows[index].segments[last].end = time
    }

    // MARK: - Words for the panel

    /// A reason as the panel words it: the trace's phrase, with the recognizers it
    /// names (read from the reason's data, not from the words) shortened.
    static func note(for reason: GestureTrace.Reason) -> String {
        var text = reason.description
        for name in reason.recognizersNamed {
            text = text.replacingOccurrences(of: name, with: shortName(of: name))
        }
        return text
    }

    /// What the panel calls each row's recognizer: its title, with its number
    /// (`Tap#3`) only where two rows would otherwise read the same.
    public func displayNames() -> [String] {
        var counts: [String: Int] = [:]
        for row in rows { counts[row.title, default: 0] += 1 }
        return rows.map { row in
            guard !row.title.isEmpty else { return Self.shortName(of: row.recognizer) }
            return counts[row.title, default: 0] > 1 ? "\(row.title) #\(row.serial)" : row.title
        }
    }

    /// `UITapGestureRecognizer#3` as `Tap#3`, `CheckmarkGestureRecognizer#7` as
    /// `Checkmark#7`: the part of the class name that says which gesture.
    public static func shortName(of recognizer: String) -> String {
        var name = Substring(recognizer)
        var number = Substring("")
        if let hash = name.lastIndex(of: "#") {
            number = name[hash...]
            name = name[..<hash]
        }
        if name.hasSuffix("GestureRecognizer"), name.count > "GestureRecognizer".count {
            name = name.dropLast("GestureRecognizer".count)
            if name.hasPrefix("UI"), name.count > 2 { name = name.dropFirst(2) }
        }
        return String(name + number)
    }

    /// `text` with every trace name in it (`…GestureRecognizer#n`) shortened.
    static func shortenNames(in text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:"))
            guard trimmed.contains("GestureRecognizer#") else { return String(word) }
            return word.replacingOccurrences(of: trimmed, with: shortName(of: trimmed))
        }.joined(separator: " ")
    }
}
