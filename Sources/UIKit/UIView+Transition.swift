import Foundation

// UIKit's view transitions and snapshots.
//
// `transition(with:duration:options:animations:completion:)` takes a picture of the view
// (`snapshotView(afterScreenUpdates:)`'s frozen layer tree), makes the changes at once,
// and then animates from the picture to the view's new look in the style the
// transition option names (`UIViewTransition`). `transition(from:to:...)` does the same
// for the views' common superview while one replaces the other.

extension UIView {
    /// A new view showing this view as it looks now (its presentation, including its
    /// subviews), frozen: later changes to this view do not reach it. `afterScreenUpdates`
    /// is accepted; the picture is always of the current state, as nothing here is
    /// pending between a change and the screen.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let snapshot = UIView(frame: CGRect(origin: .zero, size: bounds.size))
        snapshot.isUserInteractionEnabled = false
        snapshot.layer.addSublayer(Self.frozenPicture(of: self))
        return snapshot
    }

    /// The view's layer tree frozen, placed to cover the view's bounds from inside it
    /// (the view's own transform and position left out).
    static func frozenPicture(of view: UIView) -> CALayer {
        let picture = view.layer.snapshotTree()
        picture.transform = CATransform3DIdentity
        picture.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        picture.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        picture.opacity = 1
        return picture
    }

    /// Makes the changes in `animations` at once, then animates `view` from how it
    /// looked before to how it looks now, in the style of the options' transition bits
    /// (`.transitionCrossDissolve`, `.transitionFlipFrom…`, `.transitionCurlUp/Down`;
    /// none: the change shows at once and the completion still runs); the curve bits
    /// pace it. While it runs, the view ignores touches unless `.allowUserInteraction`.
    /// Property changes inside `animations` are not animated one by one: the transition
    /// is the animation.
    public class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (@MainActor () -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let style = UIViewTransition.Style(options)
        guard duration > 0, areAnimationsEnabled, view.layer.superlayer != nil, let style else {
            if let animations { performWithoutAnimation(animations) }
            CAAnimationEngine.current.performOnNextTick { completion?(true) }
            return
        }
        let picture = frozenPicture(of: view)
        if let animations { performWithoutAnimation(animations) }
        UIViewTransition(view: view, before: picture, style: style, duration: duration, options: options,
                         completion: completion).start()
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview (at its place in the
    /// subviews), animating the superview with the options' transition; with
    /// `.showHideTransitionViews`, hides `fromView` and shows `toView` instead, leaving
    /// both in place. Without a superview, `toView` is not added and the completion
    /// runs at the next frame.
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        guard let container = fromView.superview else {
            CAAnimationEngine.current.performOnNextTick { completion?(true) }
            return
        }
        transition(with: container, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                let index = container.subviews.firstIndex { $0 === fromView } ?? container.subviews.count
                if toView.superview !== container { container.insertSubview(toView, at: index) }
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }
}
