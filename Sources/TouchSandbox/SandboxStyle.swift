import CairoRenderer
import UIKit

/// The sandbox's colours, in one place so the scenes and the chrome agree.
enum SandboxStyle {
    static let background = UIColor(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255, alpha: 1)
    /// Text of the scenes' own labels, matching the chrome's `primaryText` and
    /// `secondaryText`.
    static let label = UIColor(red: 0xF2 / 255, green: 0xF2 / 255, blue: 0xF7 / 255, alpha: 1)
    static let secondaryLabel = UIColor(red: 0x8E / 255, green: 0x8E / 255, blue: 0x93 / 255, alpha: 1)
    static let keyCap = Canvas.Color(hex: 0x1C1C1E)
    static let chrome = Canvas.Color(hex: 0x2C2C2E)
    static let primaryText = Canvas.Color(hex: 0xF2F2F7)
    static let secondaryText = Canvas.Color(hex: 0x8E8E93)
    static let accent = Canvas.Color(hex: 0x0A84FF)
    /// Toolbar buttons: at rest, and while a finger holds one.
    static let button = Canvas.Color(hex: 0x3A3A3C)
    static let pressedButton = Canvas.Color(hex: 0x636366)
    /// Panels over the scene (help, scene list) and the veil that dims the scene behind.
    static let panel = Canvas.Color(hex: 0x2C2C2E, alpha: 0.97)
    static let veil = Canvas.Color(hex: 0x000000, alpha: 0.55)
    /// The status badge in the caption bar (slow animations, a saved screenshot).
    static let badge = Canvas.Color(hex: 0xFF9F0A)
}
