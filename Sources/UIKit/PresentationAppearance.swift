import CoreGraphics

/// A presented controller that shows and hides itself in its own way during a modal
/// transition, instead of the transition style's slide or fade: an alert's card grows
/// in, an action sheet's cards rise (`UIAlertController`). `ModalTransition` asks it
/// for the dimming behind it, the durations, and the shown and hidden states to animate
/// between.
@MainActor
protocol PresentationAppearance: AnyObject {
    /// The dimming view's opacity behind the presented view.
    var presentationDimming: CGFloat { get }
    /// How long the transition in (`entering`) or out takes.
    func presentationDuration(entering: Bool) -> TimeInterval
    /// Puts the views where a transition starts (hidden) or ends (shown); called inside
    /// the transition's animation block to animate.
    func applyPresentationState(shown: Bool)
    /// Drops the transition's animations (a transition finished at once).
    func removePresentationAnimations()
}
