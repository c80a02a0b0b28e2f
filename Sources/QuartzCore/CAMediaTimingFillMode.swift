/// What an animation shows outside its active duration, with Core Animation's names and
/// raw values.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Nothing: before it begins and after it ends the animation has no effect (the
    /// model value shows). Core Animation's default.
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// After it ends, hold the value it ended on (while it stays attached).
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Before it begins (a later `beginTime`), show the value it will start from.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `backwards` and `forwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    /// Whether the mode holds the first value before the active duration.
    var fillsBackwards: Bool { self == .backwards || self == .both }
    /// Whether the mode holds the last value after the active duration.
    var fillsForwards: Bool { self == .forwards || self == .both }
}
