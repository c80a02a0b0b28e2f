import UIKit

/// What a fuzzing view or action does of its own accord when told of a touch: the
/// handler-made mutations that found the delivery defects of issue 12 (a view that
/// cancels every touch from its `touchesBegan`, a recognizer whose action disables it).
enum FuzzReaction: CaseIterable, Sendable {
    case nothing
    case cancelAllTouches
    case removeFromSuperview
    case hide
    case disableInteraction
    /// For recognizers: `isEnabled = false`; for views: as `nothing`.
    case disableRecognizer
    /// For recognizers: detached from their view; for views: as `nothing`.
    case detachRecognizer
}

/// A view of a fuzzing scenario: it may pass its touches up the responder chain (to a
/// control or view above it), and may react once to a phase.
@MainActor
final class FuzzView: UIView {
    var forwardsToSuperview = false
    /// How the view's hit-testing departs from the default, as apps' do.
    var hitTestOverride: FuzzHitTestOverride = .none
    var reaction: FuzzReaction = .nothing
    /// The phase that triggers `reaction`.
    var reactsTo: UITouch.Phase = .began
    /// Reactions fire at most once per scenario, as a handler that misbehaves once would.
    private var hasReacted = false

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if forwardsToSuperview { super.touchesBegan(touches, with: event) }
        react(to: .began)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if forwardsToSuperview { super.touchesMoved(touches, with: event) }
        react(to: .moved)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if forwardsToSuperview { super.touchesEnded(touches, with: event) }
        react(to: .ended)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if forwardsToSuperview { super.touchesCancelled(touches, with: event) }
        react(to: .cancelled)
    }

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        switch hitTestOverride {
        case .none, .narrowPointInside: return super.hitTest(point, with: event)
        case .refusesWithoutSuper: return nil
        case .takesOverSubviews:
            // Neuburg-style munging the other way: a touch on a subview is this view's.
            return super.hitTest(point, with: event) == nil ? nil : self
        }
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard hitTestOverride == .narrowPointInside else { return super.point(inside: point, with: event) }
        return point.x < bounds.midX && super.point(inside: point, with: event)
    }

    private func react(to phase: UITouch.Phase) {
        guard phase == reactsTo, !hasReacted else { return }
        hasReacted = true
        switch reaction {
        case .nothing, .disableRecognizer, .detachRecognizer: break
        case .cancelAllTouches: UIApplication.shared.cancelAllTouches()
        case .removeFromSuperview: removeFromSuperview()
        case .hide: isHidden = true
        case .disableInteraction: isUserInteractionEnabled = false
        }
    }
}

extension UIGestureRecognizer {
    /// Makes the recognizer's action react once when it is sent for `state`.
    func fuzzReact(_ reaction: FuzzReaction, at state: UIGestureRecognizer.State) {
        let once = Once()
        addAction { recognizer in
            guard recognizer.state == state, !once.hasHappened else { return }
            once.hasHappened = true
            switch reaction {
            case .nothing: break
            case .cancelAllTouches: UIApplication.shared.cancelAllTouches()
            case .removeFromSuperview: recognizer.view?.removeFromSuperview()
            case .hide: recognizer.view?.isHidden = true
            case .disableInteraction: recognizer.view?.isUserInteractionEnabled = false
            case .disableRecognizer: recognizer.isEnabled = false
            case .detachRecognizer: recognizer.view?.removeGestureRecognizer(recognizer)
            }
        }
    }
}

/// A delegate that lets chosen pairs recognize together and may keep touches out.
@MainActor
final class FuzzDelegate: UIGestureRecognizerDelegate {
    var allowsSimultaneity: Bool
    var refusesEveryOtherTouch: Bool
    private var touchCount = 0

    init(allowsSimultaneity: Bool, refusesEveryOtherTouch: Bool) {
        self.allowsSimultaneity = allowsSimultaneity
        self.refusesEveryOtherTouch = refusesEveryOtherTouch
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        allowsSimultaneity
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        touchCount += 1
        return !(refusesEveryOtherTouch && touchCount % 2 == 0)
    }
}

/// A flag a closure can set (a captured `var` cannot be mutated from a main-actor
/// closure in Swift 6).
@MainActor
final class Once {
    var hasHappened = false
}

/// How a fuzz view overrides hit-testing: not at all, answering nil without asking
/// `super`, taking the touches of its subviews for itself, or a `point(inside:with:)`
/// that says no on its right half.
enum FuzzHitTestOverride: CaseIterable {
    case none, refusesWithoutSuper, takesOverSubviews, narrowPointInside
}
