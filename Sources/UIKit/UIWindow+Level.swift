// Window levels: which windows are drawn above which (UIKit's names and values).

extension UIWindow {
    /// A window's place in the stack of windows: higher levels are drawn above lower
    /// ones; windows of one level in the order they became visible.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat

        public init(rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        public init(_ rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        /// An app's windows.
        public static let normal = Level(0)
        /// Above the app's windows.
        public static let statusBar = Level(1000)
        /// Above everything else.
        public static let alert = Level(2000)

        public static func < (lhs: Level, rhs: Level) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }
}
