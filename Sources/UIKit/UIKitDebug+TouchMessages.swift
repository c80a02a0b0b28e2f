// A read-only hook on what views are told, for debugging tools and the fuzzer.

extension UIKitDebug {
    /// Called with every touches… message the touch machinery sends a view, just before
    /// the view gets it: the view the touches were delivered to (their hit-test view, not
    /// the responders a view passes them on to), the phase of the call, and its touches.
    /// Beyond UIKit. The fuzzer checks with it that every view that heard a touch begin
    /// hears exactly one end for it and nothing after; it must not change what it sees.
    /// `nil` (the default) costs one test per call.
    public static var touchMessageObserver: (@MainActor (_ view: UIView, _ phase: UITouch.Phase, _ touches: Set<UITouch>) -> Void)?
}
