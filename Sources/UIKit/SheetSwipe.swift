import CoreGraphics

/// The swipe that takes a page sheet down, as iOS 13 and later do: a pan on the sheet
/// (named "Sheet swipe" in the recognizer HUD; `SheetSwipeGestureRecognizer#n` in the
/// trace).
///
/// - The sheet follows the finger down (up, it gives a little and stops). Let go past
///   `GestureThresholds.sheetDismissFraction` of its height, or moving down faster than
///   `GestureThresholds.sheetDismissVelocity`, it is dismissed as by the user
///   (`presentationControllerDidDismiss` once it has gone); otherwise it springs back.
/// - The interactive dismissal starts when the sheet first moves: the delegate's
///   `presentationControllerWillDismiss`, then the presented controller's
///   `viewWillDisappear`; sprung back, it hears `viewWillAppear`, `viewIsAppearing` and
///   `viewDidAppear` (as iOS 17 was seen to call them: velog.io/@rudin_, "iOS LifeCycle
///   in Modal"), and the delegate nothing more.
/// - When the presented controller `isModalInPresentation`, or the delegate's
///   `presentationControllerShouldDismiss` says no, the sheet only gives a little and
///   springs back, and the delegate hears `presentationControllerDidAttemptToDismiss`
///   once per swipe.
/// - A vertical scroll view in the sheet scrolls as usual; dragged down while at its
///   top, it hands the drag to the sheet (its own pan is cancelled and its content
///   stays at the top), as on iOS 13 and later.
final class SheetSwipeGestureRecognizer: UIPanGestureRecognizer, UIGestureRecognizerDelegate {
    private unowned let presentation: UIPresentationController

    private enum Mode { case idle, dismissing, resisting }
    private var mode = Mode.idle
    /// The scroll view that handed the drag over, kept at its top.
    private weak var pinnedScrollView: UIScrollView?
    /// The sheet's scroll view whose pan drags along with this swipe (the arena asked
    /// whether the two may recognize together), for this gesture.
    private weak var companionScrollView: UIScrollView?

    init(presentation: UIPresentationController) {
        self.presentation = presentation
        super.init()
        name = "Sheet swipe"
        delegate = self
        _ = addAction { recognizer in
            (recognizer as? SheetSwipeGestureRecognizer)?.follow()
        }
    }

    // MARK: - Following the finger

    private func follow() {
        guard let sheet = presentation.sheetView, let container = presentation.containerView else { return }
        switch state {
        case .began, .changed:
            if presentation.containerView?.window?.modalTransition != nil { return }
            var drag = translation(in: container).y
            if mode == .idle, let scrollView = companionScrollView, scrollView.dragsOnAxis(horizontal: false),
               scrollView.panGestureRecognizer.state == .began || scrollView.panGestureRecognizer.state == .changed {
                let top = -scrollView.adjustedContentInset.top
                if scrollView.contentOffset.y > top + 0.5 || drag <= 0 {
                    // The scroll view scrolls: the sheet starts from here if it reaches its top.
                    setTranslation(.zero, in: container)
                    return
                }
                // At its top and dragged down: the sheet takes the drag.
                scrollView.panGestureRecognizer.isEnabled = false
                scrollView.panGestureRecognizer.isEnabled = true
                scrollView.contentOffset.y = top
                pinnedScrollView = scrollView
                setTranslation(.zero, in: container)
                drag = 0
            }
            if mode == .idle, drag > 0 { startInteraction() }
            if let pinned = pinnedScrollView { pinned.contentOffset.y = -pinned.adjustedContentInset.top }
            move(to: offset(for: drag, height: sheet.bounds.height))
        case .ended, .cancelled:
            let height = max(1, sheet.bounds.height)
            let progress = presentation.sheetOffset / height
            let velocity = velocity(in: container).y
            let dismisses = state == .ended && mode == .dismissing
                && (progress > GestureThresholds.sheetDismissFraction || velocity > GestureThresholds.sheetDismissVelocity)
            let ending = mode
            mode = .idle
            pinnedScrollView = nil
            // Dismissed by code meanwhile (which cancelled this swipe): that dismissal
            // takes the sheet away.
            if presentation.presentedViewController.isBeingDismissed { return }
            if dismisses,
               presentation.presentingViewController.dismiss(animated: true, byUser: presentation, completion: nil) {
                return
            }
            springBack(reappearing: ending == .dismissing)
        default:
            break
        }
    }

    /// The sheet's offset for a drag of `drag` points: followed down; up, or while the
    /// dismissal is refused, only a little.
    private func offset(for drag: CGFloat, height: CGFloat) -> CGFloat {
        if drag < 0 { return -min(12, -drag / 8) }
        return mode == .resisting ? min(40, drag / 5) : drag
    }

    private func startInteraction() {
        let presented = presentation.presentedViewController
        if presented.isModalInPresentation || presentation.delegate?.presentationControllerShouldDismiss(presentation) == false {
            mode = .resisting
            presentation.delegate?.presentationControllerDidAttemptToDismiss(presentation)
            return
        }
        mode = .dismissing
        presentation.delegate?.presentationControllerWillDismiss(presentation)
        presented.startAppearanceTransition(false, animated: true)
    }

    private func move(to offset: CGFloat) {
        presentation.sheetOffset = offset
        let height = max(1, presentation.sheetView?.bounds.height ?? 1)
        UIView.performWithoutAnimation {
            presentation.layoutInContainer()
            presentation.dimmingView?.alpha = 1 - min(1, max(0, offset) / height)
        }
    }

    private func springBack(reappearing: Bool) {
        let presented = presentation.presentedViewController
        if reappearing { presented.startAppearanceTransition(true, animated: true) }
        presentation.sheetOffset = 0
        UIView.animate(withDuration: 0.35, delay: 0, usingSpringWithDamping: 0.85, initialSpringVelocity: 0, animations: {
            self.presentation.layoutInContainer()
            self.presentation.dimmingView?.alpha = 1
        }, completion: { _ in
            guard reappearing else { return }
            presented.endAppearanceTransition()
        })
    }

    // MARK: - With the sheet's scroll views

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let scrollView = otherGestureRecognizer.view as? UIScrollView,
              otherGestureRecognizer === scrollView.panGestureRecognizer,
              let sheet = presentation.sheetView, scrollView.isDescendant(of: sheet) else { return false }
        companionScrollView = scrollView
        return true
    }

    override func reset() {
        companionScrollView = nil
        super.reset()
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        presentation.containerView?.window?.modalTransition == nil && presentation.presenting != nil
    }
}
