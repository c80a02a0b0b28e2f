import UIKit

/// The dimmed sheet behind a modal panel (the help): it takes every touch that lands on
/// it, so none reaches the app below, and a touch that lifts on it asks to close the
/// panel, as tapping outside a sheet does. A finger that lands on the veil belongs to it
/// for its whole life (UIKit's rule), so a drag that began outside the panel never
/// starts a gesture in the app either.
@MainActor
public final class DebugVeilView: UIView {
    /// Called when a touch lifts on the veil.
    public var onDismiss: (() -> Void)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.veil
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // Handled here rather than by a tap recognizer: the debug layer adds no recognizer
    // that could take part in the app's arbitration.
    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        onDismiss?()
    }
}
