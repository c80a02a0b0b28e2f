import UIKit

/// Records, by name and in order, the events a control sends: one closure per single
/// event, so a line is one event, as in `["touchDown", "touchUpInside"]`.
@MainActor
final class ControlEventLog {
    static let namedEvents: [(event: UIControl.Event, name: String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
        (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered"),
    ]

    private(set) var names: [String] = []

    init(_ control: UIControl) {
        for (event, name) in ControlEventLog.namedEvents {
            control.addAction({ [unowned self] _ in names.append(name) }, for: event)
        }
    }

    /// Lines recorded elsewhere (a tracking override), interleaved with the events.
    func note(_ line: String) {
        names.append(line)
    }

    /// The names so far; starts afresh.
    func flush() -> [String] {
        defer { names.removeAll() }
        return names
    }
}
