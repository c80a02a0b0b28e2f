import UIKit

/// While the Inspect tool is on, a view over the whole screen, under the debug layer's
/// panels and toolbar: every touch that begins elsewhere (but on what `passesThrough`
/// keeps usable) lands here, picks the view under it (`onPick`, in screen points) as it
/// lands and as it moves, and never reaches the app, as an inspector's select mode does.
@MainActor
public final class DebugInspectCatcherView: UIView {
    /// Told where a finger is, in screen points, when it lands and as it moves.
    public var onPick: (@MainActor (CGPoint) -> Void)?
    /// Whether a point (screen points) belongs to something below that stays usable
    /// while inspecting (an embedding app's chrome); the catcher lets it through.
    public var passesThrough: @MainActor (CGPoint) -> Bool = { _ in false }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    public required init?(coder: NSCoder) {
        fatalError("DebugInspectCatcherView is made in code")
    }

    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard super.point(inside: point, with: event), let window else { return false }
        return !passesThrough(window.convertToScreen(convert(point, to: window)))
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        pick(touches)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        pick(touches)
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    private func pick(_ touches: Set<UITouch>) {
        guard let touch = touches.first, let window else { return }
        onPick?(window.convertToScreen(touch.location(in: window)))
    }
}
