import CairoRenderer
import Foundation
import UIKit

/// The recognizer HUD's panel laid out for one refresh at a width and within a height:
/// its size, which rows fit, and their texts measured and truncated, so that drawing it
/// (`RecognizerHUDView.draw(_:)`, in the panel's own points) measures nothing.
///
/// A row reads `Tap#3 on TapView` with its status right-aligned in its colour (`ended`,
/// `failed`, `changed`…), a bar of its states across the time axis, and a note line when
/// there is a reason to give (`prevented by Pan#4`). A legend of the colours closes the
/// panel.
@MainActor
struct RecognizerHUDLayout {
    static let maximumWidth: CGFloat = 420
    static let padding: CGFloat = 10
    static let headerHeight: CGFloat = 28
    static let rowHeight: CGFloat = 36
    static let noteHeight: CGFloat = 18
    static let moreHeight: CGFloat = 20
    /// One line of the legend; it wraps to as many as the panel's width needs.
    static let legendLineHeight: CGFloat = 20
    /// Where a row's bar starts below the row's top (under its 13-point line).
    static let trackTop: CGFloat = 21
    static let barHeight: CGFloat = 7
    // No type under 13 points: the panel is read at arm's length on a touchscreen.
    static let textSize: CGFloat = 13
    static let noteSize: CGFloat = 13
    static let legendSize: CGFloat = 13
    /// The narrowest a terminal state is drawn, so an instant outcome still shows.
    static let terminalWidth: CGFloat = 4

    /// The legend's entries, `possible` first: the grey every row starts with.
    static let legend: [(String, RecognizerTimeline.Phase)] = [
        ("possible", .state(.possible)), ("waiting", .waiting), ("began", .state(.began)), ("changed", .state(.changed)),
        ("ended", .state(.ended)), ("failed", .state(.failed)), ("cancelled", .state(.cancelled)),
    ]

    struct Row {
        /// The index of the timeline row shown.
        var index: Int
        var top: CGFloat
        var name: String
        var nameWidth: CGFloat
        var view: String
        var status: String
        var statusWidth: CGFloat
        var statusColor: Canvas.Color
        var note: String?
    }

    /// The panel in its own points: origin zero, the width asked for, as tall as the rows
    /// that fit need.
    let frame: CGRect
    let rows: [Row]
    /// Rows that did not fit.
    let hiddenRows: Int
    let span: String
    let spanWidth: CGFloat
    let axisStart: TimeInterval
    let axisLength: TimeInterval
    let tickStep: TimeInterval
    let legendWidths: [CGFloat]
    /// The legend's entries by line (indices into `legend`).
    let legendLines: [[Int]]

    /// The smallest panel worth showing: the header, one row and the legend.
    static func minimumHeight(width: CGFloat, measurer: TextMeasurer) -> CGFloat {
        let legend = legendLines(widths: legend.map { measurer.width(of: $0.0, size: legendSize) },
                                 inner: max(120, width) - 2 * padding)
        return headerHeight + rowHeight + moreHeight + CGFloat(legend.count) * legendLineHeight + padding / 2
    }

    /// Lays the panel out `width` wide (at least 120), with as many rows as fit in
    /// `maximumHeight` (the rest counted as "+n more").
    init(timeline: RecognizerTimeline, axisEnd: TimeInterval, width requested: CGFloat, maximumHeight: CGFloat,
         measurer: TextMeasurer) {
        let width = max(120, requested)
        let inner = width - 2 * Self.padding
        let available = max(0, maximumHeight)
        axisStart = timeline.start
        axisLength = max(axisEnd - timeline.start, 0.25)
        tickStep = Self.tickStep(for: axisLength)
        span = String(format: "%.2f s", axisEnd - timeline.start)
        spanWidth = measurer.width(of: span, size: Self.textSize)
        legendWidths = Self.legend.map { measurer.width(of: $0.0, size: Self.legendSize) }

        var y = Self.headerHeight
        var laidOut: [Row] = []
        legendLines = Self.legendLines(widths: legendWidths, inner: inner)
        let legendHeight = CGFloat(legendLines.count) * Self.legendLineHeight
        let fixed = Self.headerHeight + legendHeight + Self.padding / 2
        let names = timeline.displayNames()
        for (index, row) in timeline.rows.enumerated() {
            let height = Self.rowHeight + (row.note == nil ? 0 : Self.noteHeight)
            let isLast = index == timeline.rows.count - 1
            guard fixed + y - Self.headerHeight + height + (isLast ? 0 : Self.moreHeight) <= available else { break }
            let name = names[index]
            let nameWidth = measurer.width(of: name, size: Self.textSize, weight: .bold)
            let (status, color) = Self.status(of: row)
            let statusWidth = measurer.width(of: status, size: Self.textSize, weight: .bold)
            let view = measurer.truncated(" on \(row.view)", toWidth: max(0, inner - nameWidth - statusWidth - 8),
                                          size: Self.textSize)
            let note = row.note.map { measurer.truncated($0, toWidth: inner, size: Self.noteSize) }
            laidOut.append(Row(index: index, top: y, name: name, nameWidth: nameWidth, view: view, status: status,
                               statusWidth: statusWidth, statusColor: color, note: note))
            y += height
        }
        rows = laidOut
        hiddenRows = timeline.rows.count - laidOut.count
        if hiddenRows > 0 || timeline.rows.isEmpty { y += Self.moreHeight }
        let height = y + legendHeight + Self.padding / 2
        frame = CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// The status word of a row and its colour: the outcome, or else the state now.
    static func status(of row: RecognizerTimeline.Row) -> (String, Canvas.Color) {
        if let outcome = row.outcome { return ("\(outcome)", color(for: .state(outcome))) }
        switch row.currentPhase {
        case .state(let state)?: return ("\(state)", color(for: .state(state)))
        case .waiting?: return ("waiting", color(for: .waiting))
        case nil: return (row.segments.isEmpty ? "kept out" : "reset", DebugPalette.secondaryText)
        }
    }

    static func color(for phase: RecognizerTimeline.Phase) -> Canvas.Color {
        switch phase {
        case .waiting: DebugPalette.yellow
        case .state(.possible): DebugPalette.secondaryText
        case .state(.began): DebugPalette.blue
        case .state(.changed): DebugPalette.cyan
        case .state(.ended): DebugPalette.green
        case .state(.failed): DebugPalette.pink
        case .state(.cancelled): DebugPalette.orange
        }
    }

    /// A round step giving at most six ticks over the axis.
    static func tickStep(for length: TimeInterval) -> TimeInterval {
        let steps: [TimeInterval] = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60]
        return steps.first { length / $0 <= 6 } ?? length
    }

    // MARK: - Drawing

    /// Draws the panel's content (its rounded background is the view's own) into `canvas`,
    /// in the panel's points.
    func draw(_ timeline: RecognizerTimeline, axisEnd: TimeInterval, in canvas: CGContext) {
        let left = frame.minX + Self.padding
        let inner = frame.width - 2 * Self.padding
        canvas.drawText("Recognizers", at: CGPoint(x: left, y: frame.minY + 20), size: 15,
                        color: DebugPalette.primaryText, weight: .bold)
        canvas.drawText(span, at: CGPoint(x: frame.maxX - Self.padding - spanWidth, y: frame.minY + 20),
                        size: Self.textSize, color: DebugPalette.secondaryText)
        for row in rows {
            draw(row, of: timeline.rows[row.index], left: left, inner: inner, axisEnd: axisEnd, in: canvas)
        }
        var y = frame.minY + (rows.last.map { $0.top + Self.rowHeight + ($0.note == nil ? 0 : Self.noteHeight) }
            ?? Self.headerHeight)
        if timeline.rows.isEmpty {
            canvas.drawText("no recognizer saw these touches", at: CGPoint(x: left, y: y + 15), size: Self.noteSize,
                            color: DebugPalette.secondaryText)
            y += Self.moreHeight
        } else if hiddenRows > 0 {
            canvas.drawText("+\(hiddenRows) more", at: CGPoint(x: left, y: y + 15), size: Self.noteSize,
                            color: DebugPalette.secondaryText)
            y += Self.moreHeight
        }
        drawLegend(at: CGPoint(x: left, y: y + 15), in: canvas)
    }

    private func draw(_ row: Row, of data: RecognizerTimeline.Row, left: CGFloat, inner: CGFloat, axisEnd: TimeInterval,
                      in canvas: CGContext) {
        let top = frame.minY + row.top
        canvas.drawText(row.name, at: CGPoint(x: left, y: top + 15), size: Self.textSize,
                        color: DebugPalette.primaryText, weight: .bold)
        canvas.drawText(row.view, at: CGPoint(x: left + row.nameWidth, y: top + 15), size: Self.textSize,
                        color: DebugPalette.secondaryText)
        canvas.drawText(row.status, at: CGPoint(x: left + inner - row.statusWidth, y: top + 15), size: Self.textSize,
                        color: row.statusColor, weight: .bold)
        let track = CGRect(x: left, y: top + Self.trackTop, width: inner, height: Self.barHeight)
        canvas.fill(track, with: DebugPalette.plate)
        var tick = tickStep
        while tick < axisLength {
            let x = (track.minX + CGFloat(tick / axisLength) * track.width).rounded() + 0.5
            canvas.strokeLine(from: CGPoint(x: x, y: track.minY), to: CGPoint(x: x, y: track.maxY),
                              with: DebugPalette.secondaryText.withAlpha(0.35), lineWidth: 1)
            tick += tickStep
        }
        for segment in data.segments {
            var start = x(of: segment.start, in: track)
            var end = x(of: segment.end ?? axisEnd, in: track)
            var minimumWidth: CGFloat = 1
            if case .state(let state) = segment.phase, state.isTerminal { minimumWidth = Self.terminalWidth }
            if end - start < minimumWidth {
                end = min(start + minimumWidth, track.maxX)
                start = end - minimumWidth
            }
            canvas.fill(CGRect(x: start, y: track.minY, width: end - start, height: track.height),
                        with: Self.color(for: segment.phase))
        }
        if let note = row.note {
            canvas.drawText(note, at: CGPoint(x: left, y: top + Self.rowHeight + 14), size: Self.noteSize,
                            color: DebugPalette.secondaryText)
        }
    }

    private func x(of time: TimeInterval, in track: CGRect) -> CGFloat {
        track.minX + CGFloat(min(max((time - axisStart) / axisLength, 0), 1)) * track.width
    }

    private func drawLegend(at origin: CGPoint, in canvas: CGContext) {
        for (line, entries) in legendLines.enumerated() {
            var x = origin.x
            let y = origin.y + CGFloat(line) * Self.legendLineHeight
            for index in entries {
                let (label, phase) = Self.legend[index]
                canvas.fill(CGRect(x: x, y: y - 9, width: 10, height: 10), with: Self.color(for: phase))
                x += 14
                canvas.drawText(label, at: CGPoint(x: x, y: y), size: Self.legendSize, color: DebugPalette.secondaryText)
                x += legendWidths[index] + 12
            }
        }
    }

    /// The legend's entries in lines no wider than `inner`, shared out evenly (seven
    /// entries on two lines go four and three, never six and one left alone on a line
    /// of its own): the fewest such lines that fit.
    static func legendLines(widths: [CGFloat], inner: CGFloat) -> [[Int]] {
        guard !widths.isEmpty else { return [[]] }
        let entries = widths.map { 14 + $0 + 12 }
        let count = entries.count
        func fits(_ line: Range<Int>) -> Bool {
            line.count == 1 || entries[line].reduce(0, +) - 12 <= inner
        }
        // The fewest lines, each as near the same number of entries as can be (the
        // longer lines first, else last), that all fit.
        for lineCount in 1...count {
            let short = count / lineCount, longer = count % lineCount
            for longerFirst in [true, false] {
                var lines: [[Int]] = [], start = 0
                for line in 0..<lineCount {
                    let isLonger = longerFirst ? line < longer : line >= lineCount - longer
                    let size = short + (isLonger ? 1 : 0)
                    lines.append(Array(start..<start + size))
                    start += size
                }
                if lines.allSatisfy({ fits($0.first!..<$0.last! + 1) }) { return lines }
            }
        }
        return (0..<count).map { [$0] }
    }

}
