import UIKit

/// A recognizer for arbitration tests: it records every call it gets in the trace as
/// `name.phase(ids)`, `name.action(state)` and `name.reset`, and does what its scripts
/// say (usually set `state`).
@MainActor
final class ScriptedRecognizer: UIGestureRecognizer {
    typealias Script = (ScriptedRecognizer, Set<UITouch>) -> Void

    /// The recognizer's name in the trace (also its UIKit `name`).
    let scriptName: String
    let trace: Trace
    var onBegan: Script?
    var onMoved: Script?
    var onEnded: Script?
    /// By default a cancelled touch cancels a gesture under way and fails a possible one.
    var onCancelled: Script? = { recognizer, _ in
        recognizer.state = recognizer.state == .possible ? .failed : .cancelled
    }
    var preventsOthers = true
    var canBePreventedByOthers = true
    var resetCount = 0

    init(_ name: String, trace: Trace) {
        scriptName = name
        self.trace = trace
        super.init()
        self.name = name
        addAction { [trace, name] recognizer in trace.note("\(name).action(\(recognizer.state))") }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        trace.record(scriptName, "began", touches)
        super.touchesBegan(touches, with: event)
        onBegan?(self, touches)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        trace.record(scriptName, "moved", touches)
        super.touchesMoved(touches, with: event)
        onMoved?(self, touches)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        trace.record(scriptName, "ended", touches)
        super.touchesEnded(touches, with: event)
        onEnded?(self, touches)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        trace.record(scriptName, "cancelled", touches)
        super.touchesCancelled(touches, with: event)
        onCancelled?(self, touches)
    }

    override func reset() {
        resetCount += 1
        trace.note("\(scriptName).reset")
        super.reset()
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventsOthers
    }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        canBePreventedByOthers
    }
}

/// A delegate whose answers are closures (nil: UIKit's default).
@MainActor
final class ScriptedDelegate: UIGestureRecognizerDelegate {
    var shouldBegin: ((UIGestureRecognizer) -> Bool)?
    var shouldReceive: ((UIGestureRecognizer, UITouch) -> Bool)?
    var simultaneously: ((UIGestureRecognizer, UIGestureRecognizer) -> Bool)?
    var requireFailure: ((UIGestureRecognizer, UIGestureRecognizer) -> Bool)?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        shouldBegin?(gestureRecognizer) ?? true
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        shouldReceive?(gestureRecognizer, touch) ?? true
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        simultaneously?(gestureRecognizer, otherGestureRecognizer) ?? false
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        requireFailure?(gestureRecognizer, otherGestureRecognizer) ?? false
    }
}
