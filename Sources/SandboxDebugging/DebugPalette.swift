import CairoRenderer

/// The overlays' colours: the sandbox's dark chrome and text (the same values as
/// `SandboxStyle` in the app) and the touch spots' system colours, so every overlay
/// reads as part of one tool.
public enum DebugPalette {
    /// Panels: the chrome's grey, translucent so the scene shows through where they
    /// cover none of its text or controls.
    public static let panel = Canvas.Color(hex: 0x2C2C2E, alpha: 0.88)
    /// A panel that has to cover some of the app's text or controls (no free room):
    /// opaque, so the app's text never shows through the panel's.
    public static let opaquePanel = Canvas.Color(hex: 0x2C2C2E)
    /// Tracks and label plates on top of panels or the scene.
    public static let plate = Canvas.Color(hex: 0x1C1C1E, alpha: 0.82)
    /// A label's plate over the app's text or controls: opaque.
    public static let opaquePlate = Canvas.Color(hex: 0x1C1C1E)
    public static let primaryText = Canvas.Color(hex: 0xF2F2F7)
    public static let secondaryText = Canvas.Color(hex: 0x8E8E93)

    public static let blue = Canvas.Color(hex: 0x0A84FF)
    public static let pink = Canvas.Color(hex: 0xFF375F)
    public static let green = Canvas.Color(hex: 0x30D158)
    public static let orange = Canvas.Color(hex: 0xFF9F0A)
    public static let purple = Canvas.Color(hex: 0xBF5AF2)
    public static let cyan = Canvas.Color(hex: 0x64D2FF)
    public static let yellow = Canvas.Color(hex: 0xFFD60A)
}
