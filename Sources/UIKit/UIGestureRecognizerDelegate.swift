/// What a recognizer asks its delegate (Neuburg, "Touches": "Gesture Recognizer
/// Delegate"; Apple, "Gesture Recognizers": "Preventing Gesture Recognizers from
/// Analyzing Touches" and "Permitting Simultaneous Gesture Recognition"). Every method
/// is optional: the defaults below are UIKit's.
@MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer is about to leave `possible` for began or recognized,
    /// after the hit-test views' `gestureRecognizerShouldBegin(_:)`; false makes it fail
    /// instead. Default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Asked once for each new touch before the recognizer sees it; false keeps that
    /// touch from it for the touch's whole life (the touch still reaches its view).
    /// Default true.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Asked when one of the two recognizing would force the other to fail; true lets
    /// both recognize. Asked of both recognizers' delegates; either true is enough.
    /// Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// True makes `gestureRecognizer` wait for `otherGestureRecognizer` to fail, as
    /// `require(toFail:)` does, for this gesture. Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// True makes `otherGestureRecognizer` wait for `gestureRecognizer` to fail.
    /// Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
