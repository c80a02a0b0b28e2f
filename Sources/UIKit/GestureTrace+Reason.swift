import Foundation

extension GestureTrace {
    /// Why a recognizer failed, was cancelled, or waits, as data with its figures, so
    /// tools (the recognizer HUD) read it instead of parsing the trace's prose. Its
    /// `description` is the phrase the trace line ends with.
    public enum Reason: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
        /// A figure of the gesture against its bound: "a finger moved 60.0 pt (limit
        /// 45.0 pt)", "press lifted after 0.200 s (minimum 0.500 s)".
        case measured(Measurement)
        /// Another recognizer's recognition prevented it (`alreadyUnderWay`: that one
        /// was recognizing when this one asked).
        case preventedBy(recognizer: String, alreadyUnderWay: Bool)
        /// A recognizer it must wait for to fail recognized instead.
        case requiredRecognizerRecognized(String)
        /// Its recognition (`transition`) waits for `recognizer` to fail.
        case waitsFor(recognizer: String, transition: UIGestureRecognizer.State)
        /// A failed recognizer kept failed until those requiring it finish.
        case keptFailedForDependents
        /// A hit-test view of its touches said no in `gestureRecognizerShouldBegin(_:)`.
        case refusedByView(viewClass: String)
        /// Its delegate said no in `gestureRecognizerShouldBegin(_:)`.
        case refusedByDelegate
        /// Still possible this long after its last finger lifted.
        case undecided(after: TimeInterval)
        /// Disabled, or removed from its view, mid-gesture.
        case abandoned(String)
        /// A recognizer's own words, without figures.
        case described(String)

        /// A figure against a limit (or a minimum), with the words around it.
        public struct Measurement: Sendable, Equatable {
            public enum Unit: String, Sendable {
                case points, seconds, degrees
            }

            /// Words before the figure ("a finger moved"); may be empty.
            public var lead: String
            public var value: Double
            public var unit: Unit
            /// Words after the figure ("from tap 1"); may be empty.
            public var tail: String
            /// The limit passed, or the minimum not reached.
            public var bound: Double
            public var boundIsMinimum: Bool

            public init(_ lead: String, _ value: Double, _ unit: Unit, _ tail: String = "", limit: Double) {
                self.lead = lead
                self.value = value
                self.unit = unit
                self.tail = tail
                bound = limit
                boundIsMinimum = false
            }

            public init(_ lead: String, _ value: Double, _ unit: Unit, _ tail: String = "", minimum: Double) {
                self.init(lead, value, unit, tail, limit: minimum)
                boundIsMinimum = true
            }

            /// `value` in its unit as the trace writes it: 60.0 pt, 0.500 s, 12.5°.
            public static func format(_ value: Double, _ unit: Unit) -> String {
                switch unit {
                case .points: String(format: "%.1f pt", value)
                case .seconds: String(format: "%.3f s", value)
                case .degrees: String(format: "%.1f°", value)
                }
            }
        }

        public init(stringLiteral value: String) {
            self = .described(value)
        }

        public init(stringInterpolation: DefaultStringInterpolation) {
            self = .described(String(stringInterpolation: stringInterpolation))
        }

        public var description: String {
            switch self {
            case .measured(let m):
                let figure = [m.lead, Measurement.format(m.value, m.unit), m.tail].filter { !$0.isEmpty }.joined(separator: " ")
                return "\(figure) (\(m.boundIsMinimum ? "minimum" : "limit") \(Measurement.format(m.bound, m.unit)))"
            case .preventedBy(let recognizer, let underWay):
                return "prevented by \(recognizer)" + (underWay ? ", already under way" : "")
            case .requiredRecognizerRecognized(let recognizer):
                return "\(recognizer), which it requires to fail, recognized"
            case .waitsFor(let recognizer, let transition):
                return "\(transition) waits for \(recognizer) to fail"
            case .keptFailedForDependents:
                return "stays failed until the recognizers requiring it finish"
            case .refusedByView(let viewClass):
                return "\(viewClass).gestureRecognizerShouldBegin said no"
            case .refusedByDelegate:
                return "its delegate's gestureRecognizerShouldBegin said no"
            case .undecided(let seconds):
                return "still possible \(seconds) s after its last finger lifted"
            case .abandoned(let why), .described(let why):
                return why
            }
        }

        /// The recognizers it names (trace names, `UIPanGestureRecognizer#4`).
        public var recognizersNamed: [String] {
            switch self {
            case .preventedBy(let name, _), .requiredRecognizerRecognized(let name), .waitsFor(let name, _): [name]
            default: []
            }
        }
    }
}
