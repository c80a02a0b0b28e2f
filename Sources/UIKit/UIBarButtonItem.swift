/// A button in a navigation bar (`UINavigationItem.leftBarButtonItem`,
/// `rightBarButtonItem`): a title, a style and an action. The action is a method
/// reference, as controls' are here (`action: MyController.save`), called with the item or
/// with nothing; the target is held weakly, as UIKit holds it.
@MainActor
open class UIBarButtonItem {
    /// How the title reads: plain, or bold for the action that finishes (`.done`).
    public enum Style: Int, Sendable {
        case plain = 0, done = 2
    }

    open var title: String? {
        didSet { onChange?() }
    }
    open var style: Style {
        didSet { onChange?() }
    }
    /// Whether the button can be tapped (a disabled one is grey).
    open var isEnabled = true {
        didSet { onChange?() }
    }

    /// Sends the item's action (what a tap on its button does).
    private var send: (@MainActor (UIBarButtonItem) -> Void)?
    /// Tells the bar that shows the item to show it again.
    var onChange: (@MainActor () -> Void)?

    public init(title: String?, style: Style = .plain) {
        self.title = title
        self.style = style
    }

    /// An item whose tap calls `action` on `target` with the item.
    public convenience init<Target: AnyObject>(
        title: String?, style: Style, target: Target, action: @escaping @MainActor (Target) -> @MainActor (UIBarButtonItem) -> Void
    ) {
        self.init(title: title, style: style)
        send = { [weak target] item in
            guard let target else { return }
            action(target)(item)
        }
    }

    /// An item whose tap calls `action` on `target`.
    public convenience init<Target: AnyObject>(
        title: String?, style: Style, target: Target, action: @escaping @MainActor (Target) -> @MainActor () -> Void
    ) {
        self.init(title: title, style: style)
        send = { [weak target] _ in
            guard let target else { return }
            action(target)()
        }
    }

    /// An item whose tap runs `handler` (UIKit's `primaryAction`, as a closure).
    public convenience init(title: String?, style: Style = .plain, handler: @escaping @MainActor (UIBarButtonItem) -> Void) {
        self.init(title: title, style: style)
        send = handler
    }

    /// What a tap on the item's button does: its action, when it is enabled.
    func performAction() {
        guard isEnabled else { return }
        send?(self)
    }
}
