import Foundation

/// A key pressed in the sandbox window.
public struct KeyInput: Equatable, Sendable {
    /// The X keysym (for example `XK_s` = 0x73, `XK_Escape` = 0xff1b).
    public var keysym: UInt
    /// The text the key types, if any ("s", "?").
    public var text: String
    public var isControlDown: Bool
    public var isShiftDown: Bool

    public init(keysym: UInt, text: String, isControlDown: Bool = false, isShiftDown: Bool = false) {
        self.keysym = keysym
        self.text = text
        self.isControlDown = isControlDown
        self.isShiftDown = isShiftDown
    }

    public static let escapeKeysym: UInt = 0xff1b
}
