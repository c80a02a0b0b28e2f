import UIKit

/// What an overlay derives from a window's layer tree to draw it (the layers it
/// outlines, their labels), kept for the rest of one frame.
///
/// A host takes a frame's damage and then draws it rectangle by rectangle, every overlay
/// once per rectangle, inside one `holdingTime(_:)` call of the windows' engine. The windows
/// are laid out as their damage is taken, before the overlays' (`X11Host` orders the
/// overlays' frame stage after every window's), and drawing does not change the tree.
/// So what an overlay derives for its damage holds for every rectangle: it is kept
/// under that call's number (`CAAnimationEngine.current.heldScope`) and made again under any
/// other, or every time outside such a call (a screenshot, a test drawing once).
///
/// What the contract leaves out: a change to the tree after the overlays' damage in
/// the same frame (a frame stage ordered above the overlays that lays out a window in
/// its damage, or a view's `draw(_:)` changing the tree while its backing store is
/// drawn) shows in the overlays from the next frame, not this one. The value stays
/// held (with any layers it names) until the next call replaces it, in a frame or out.
@MainActor
struct KeptForFrame<Value> {
    private var scope: UInt64?
    private weak var window: UIWindow?
    private var value: Value?

    /// The value kept for this frame and window, or `make()`'s, kept when in a frame.
    mutating func value(in window: UIWindow, _ make: () -> Value) -> Value {
        let current = window.layer.animationEngine.heldScope
        if let current, current == scope, window === self.window, let value {
            return value
        }
        let made = make()
        scope = current
        self.window = window
        // Outside a frame nothing is kept: the next call may see a changed tree.
        value = current == nil ? nil : made
        return made
    }
}
