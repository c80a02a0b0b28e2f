/// One button of a `UIAlertController`: its title, style and handler.
@MainActor
open class UIAlertAction {
    /// How the button reads: plain, the one that cancels (bold, last, and run by a tap
    /// outside an action sheet), or one that destroys data (red).
    public enum Style: Int, Sendable {
        case `default` = 0, cancel = 1, destructive = 2
    }

    public let title: String?
    public let style: Style
    /// Run after the alert has been dismissed, when the button is tapped (or, for the
    /// cancel action of an action sheet, when the user taps outside it).
    let handler: (@MainActor (UIAlertAction) -> Void)?

    /// Whether the button can be tapped (a disabled one is grey). Can change while the
    /// alert shows.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { onEnabledChange?(isEnabled) } }
    }

    /// Tells the button that shows the action (set by the alert).
    var onEnabledChange: (@MainActor (Bool) -> Void)?

    public init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
