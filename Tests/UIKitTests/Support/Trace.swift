import UIKit

/// An ordered record of what responders were told, as `name.phase(ids)`, where the ids
/// are the touches' sample numbers in ascending order: `["outer.began(1)",
/// "inner.moved(2)"]`.
@MainActor
final class Trace {
    var lines: [String] = []

    func record(_ name: String, _ phase: String, _ touches: Set<UITouch>) {
        lines.append("\(name).\(phase)(\(Trace.ids(touches)))")
    }

    func note(_ line: String) {
        lines.append(line)
    }

    /// Returns the lines so far and starts afresh.
    func flush() -> [String] {
        defer { lines.removeAll() }
        return lines
    }

    static func ids(_ touches: Set<UITouch>) -> String {
        touches.map(\.sampleID.number).sorted().map(String.init).joined(separator: ",")
    }
}

/// A view that records every touches… call. With `forwards` it also calls `super`,
/// passing the touches up the responder chain.
@MainActor
class TraceView: UIView {
    let name: String
    let trace: Trace
    var forwards = false
    /// Every touch this view was told about, by sample number, and the last event.
    var seenTouches: [UInt32: UITouch] = [:]
    var lastEvent: UIEvent?
    /// Called with the phase name and touches of every call, as it happens (after the
    /// call is recorded, so what it causes is traced after it).
    var onCall: ((String, Set<UITouch>) -> Void)?

    init(_ name: String, frame: CGRect, trace: Trace) {
        self.name = name
        self.trace = trace
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        fatalError("not used")
    }

    private func remember(_ touches: Set<UITouch>, _ event: UIEvent?, _ phase: String) {
        for touch in touches { seenTouches[touch.sampleID.number] = touch }
        lastEvent = event
        onCall?(phase, touches)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        trace.record(name, "began", touches)
        remember(touches, event, "began")
        if forwards { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        trace.record(name, "moved", touches)
        remember(touches, event, "moved")
        if forwards { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        trace.record(name, "ended", touches)
        remember(touches, event, "ended")
        if forwards { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        trace.record(name, "cancelled", touches)
        remember(touches, event, "cancelled")
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}

/// A responder (controller, window, application delegate…) that records and stops.
@MainActor
final class TraceResponder: UIResponder {
    let name: String
    let trace: Trace

    init(_ name: String, trace: Trace) {
        self.name = name
        self.trace = trace
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { trace.record(name, "began", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { trace.record(name, "moved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { trace.record(name, "ended", touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { trace.record(name, "cancelled", touches) }
}
