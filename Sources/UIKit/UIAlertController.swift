import CoreGraphics

/// An alert or an action sheet: a title, a message and buttons (`UIAlertAction`),
/// presented modally with `present(_:animated:completion:)`.
///
/// - `.alert`: a 270 pt card in the middle of the window over a light dimming; two
///   actions sit side by side (a cancel action on the left), more are stacked with the
///   cancel action last. A tap outside does nothing, as on iOS.
/// - `.actionSheet`: cards at the bottom of the window, the cancel action in a card of
///   its own below the others. There are no popovers here, so an action sheet never
///   points at a source view (`popoverPresentationController` does not exist); a tap
///   outside it is a dismissal by the user: the alert is dismissed and the cancel
///   action's handler runs (or it is just dismissed, with no cancel action), unless
///   `isModalInPresentation` (then the presentation delegate hears of the attempt).
///
/// Buttons are 44 pt high in an alert and 57 pt in an action sheet, across the card.
/// When the buttons do not fit in the window, they scroll. A tapped action's handler
/// runs once the alert has been dismissed (so it can present something else); after
/// one action is chosen the others do nothing. Only one action may be `.cancel`: a
/// second is refused with a warning (UIKit raises an exception). Alerts have no text
/// fields here (there is no `UITextField`).
///
/// Presenting it is an over-full-screen presentation: the presenter stays on screen and
/// hears no appearance calls. It appears in 0.25 s (an alert fades in from 1.15 times
/// its size; an action sheet slides up) and goes in 0.2 s.
@MainActor
open class UIAlertController: UIViewController {
    /// Alert or action sheet, with UIKit's names.
    public enum Style: Int, Sendable {
        case actionSheet = 0, alert = 1
    }

    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }

    public private(set) var preferredStyle = Style.alert

    /// The text under the title.
    open var message: String? {
        didSet { alertView?.setNeedsRebuild() }
    }

    open override var title: String? {
        didSet { alertView?.setNeedsRebuild() }
    }

    /// The actions, in the order they were added.
    public private(set) var actions: [UIAlertAction] = []

    /// The action drawn bold in an alert (instead of the cancel action), which must be
    /// one of `actions`.
    open var preferredAction: UIAlertAction? {
        didSet {
            if let preferredAction, !actions.contains(where: { $0 === preferredAction }) {
                UIKitDebug.log(.hierarchy, "UIAlertController.preferredAction must be one of its actions: ignored")
                self.preferredAction = oldValue
                return
            }
            alertView?.setNeedsRebuild()
        }
    }

    /// Adds a button. A second `.cancel` action is refused with a warning.
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            UIKitDebug.log(.hierarchy, "UIAlertController can only have one action with the .cancel style: \"\(action.title ?? "")\" not added")
            return
        }
        actions.append(action)
        alertView?.setNeedsRebuild()
    }

    open override func loadView() {
        view = AlertView(controller: self)
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        hasChosen = false
    }

    private var alertView: AlertView? { viewIfLoaded as? AlertView }

    /// Set once an action is chosen: the others do nothing.
    private var hasChosen = false

    /// A button was tapped: the alert goes, then the action's handler runs.
    func choose(_ action: UIAlertAction) {
        guard !hasChosen, action.isEnabled, presentingViewController != nil else { return }
        hasChosen = true
        let started = dismiss(animated: true, byUser: nil) { action.handler?(action) }
        if !started { hasChosen = false }
    }

    /// A tap outside an action sheet: the user's dismissal, then the cancel action's
    /// handler.
    func tapOutside() {
        guard preferredStyle == .actionSheet, !hasChosen, let presentation = presentationController else { return }
        let cancel = actions.first { $0.style == .cancel }
        hasChosen = true
        let started = presentation.dismissByUser(animated: true) { cancel?.handler?(cancel!) }
        if !started { hasChosen = false }
    }

}

/// An alert presents itself: over a light dimming, its card growing in (an action
/// sheet's cards rising) in 0.25 s, and going in 0.2 s.
extension UIAlertController: PresentationAppearance {
    var presentationDimming: CGFloat { 0.2 }

    func presentationDuration(entering: Bool) -> TimeInterval {
        entering ? 0.25 : 0.2
    }

    func applyPresentationState(shown: Bool) {
        alertView?.applyTransitionState(shown: shown)
    }

    func removePresentationAnimations() {
        alertView?.removeTransitionAnimations()
    }
}
