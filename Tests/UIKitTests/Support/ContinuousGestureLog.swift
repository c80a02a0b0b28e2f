import UIKit

/// Exact, readable numbers for the action logs of continuous recognizers: values are
/// rounded to a fixed number of decimals and a negative zero prints as zero, so a log
/// compares as text.
enum ContinuousGestureLog {
    static func number(_ value: CGFloat, decimals: Int = 1) -> String {
        let text = String(format: "%.\(decimals)f", Double(value))
        let isZero = text.allSatisfy { $0 == "-" || $0 == "0" || $0 == "." }
        return isZero && text.hasPrefix("-") ? String(text.dropFirst()) : text
    }

    static func point(_ point: CGPoint, decimals: Int = 1) -> String {
        "(\(number(point.x, decimals: decimals)), \(number(point.y, decimals: decimals)))"
    }
}
