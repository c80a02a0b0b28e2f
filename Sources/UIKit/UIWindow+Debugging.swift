// Read-only views of the touch machinery for debugging tools (the sandbox's overlays),
// beyond UIKit, which offers them only inside an event.

extension UIWindow {
    /// The touches down in this window now, in the order they began: every touch that
    /// began here and has not ended or been cancelled, whether or not its view receives
    /// it. A debugging hook (the sandbox's hit-test overlay outlines each one's `view`):
    /// it reads the window's application's touches and changes nothing. Allocates the
    /// array it returns.
    public var activeTouches: [UITouch] {
        let application = self.application
        // A loop: a closure made on the main actor checks its executor at every call.
        var touches: [UITouch] = []
        for touch in application.touchRouter.allLiveTouches where touch.window === self { touches.append(touch) }
        return touches
    }
}
