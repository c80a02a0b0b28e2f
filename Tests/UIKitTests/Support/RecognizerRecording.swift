import UIKit

extension UIKitTestCase {
    /// Attaches `recognizer` to `view` and notes each of its actions in `trace` as
    /// `name.state`, followed by ` ` and what `detail` says when given:
    /// `"tap.ended (100.0, 100.0) x1"`.
    @discardableResult
    func attach<Recognizer: UIGestureRecognizer>(
        _ recognizer: Recognizer, as name: String, to view: UIView,
        detail: (@MainActor (Recognizer) -> String)? = nil
    ) -> Recognizer {
        view.addGestureRecognizer(recognizer)
        recognizer.addAction { [trace] sender in
            guard let typed = sender as? Recognizer else { return }
            let suffix = detail.map { " " + $0(typed) } ?? ""
            trace.note("\(name).\(typed.state)\(suffix)")
        }
        return recognizer
    }

    /// The reasons recognizers of `type` gave for failing, from the debug log, oldest
    /// first: `["a finger moved 46.0 pt (limit 45.0 pt)"]`.
    func failureReasons<Recognizer: UIGestureRecognizer>(of type: Recognizer.Type) -> [String] {
        let marker = "\(type)#"
        return UIKitDebug.loggedLines.compactMap { line in
            guard let start = line.range(of: marker), let fails = line.range(of: " fails: ", range: start.upperBound..<line.endIndex)
            else { return nil }
            return String(line[fails.upperBound...])
        }
    }

    /// The clock's time since the test began (it starts at 100 s), rounded to the
    /// millisecond, for noting when something happened.
    var elapsed: String {
        String(format: "%.3f", clock.now - 100)
    }
}

/// `point` formatted as the recordings write it: `(12.5, 30.0)`.
func describe(_ point: CGPoint) -> String {
    String(format: "(%.1f, %.1f)", point.x, point.y)
}
