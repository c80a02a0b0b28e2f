/// Hears of the dismissals the user starts (a sheet swiped down, an action sheet
/// tapped outside), not those the app makes with `dismiss(animated:completion:)`, as in
/// UIKit. Set it on the presented controller's `presentationController` before
/// presenting. Every method has a default that does nothing (or allows the dismissal).
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    /// Whether the user may dismiss now. Asked only when the presented controller's
    /// `isModalInPresentation` is false; false makes it an attempt
    /// (`presentationControllerDidAttemptToDismiss(_:)`).
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    /// The user's dismissal was refused: `isModalInPresentation` is true, or
    /// `presentationControllerShouldDismiss(_:)` said no. The place to ask "discard
    /// changes?".
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
    /// The user's dismissal is starting (before the transition's will-calls).
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// The user's dismissal ended: the presented controller is gone from the screen.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}
