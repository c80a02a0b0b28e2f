import Foundation

/// What a hit-test did, step by step: the answer to "why this view, and not that one?"
/// (`UIKitDebug.explainHitTest(at:in:target:)`).
///
/// The steps are the real walk, in the order it visited the views: the windows on
/// screen, front to back, then each view the walk asked, with the point in that view's
/// coordinates and its verdict: the hit view, a view the walk went through to the hit,
/// or a view it turned away, with the reason and its figures. App code ran as it runs for
/// a touch (overrides of `hitTest(_:with:)` and `point(inside:with:)` included); the
/// default implementations recorded their steps. Overrides are inferred, not looked up
/// (Swift on Linux cannot ask which methods a class overrides): a view whose default walk
/// never ran is one whose `hitTest(_:with:)` did not call `super`, and a view whose
/// answer differs from what its default walk found is one whose override changed it.
@MainActor
public struct HitTestExplanation {
    /// One view the walk visited.
    public struct Step {
        public let view: UIView
        /// The point the view was asked about, in its own coordinates.
        public let point: CGPoint
        /// How deep in the walk: 0 for a window.
        public let depth: Int
        public internal(set) var verdict: Verdict
        /// Where the view is drawn now (its presentation, in its superview's
        /// coordinates), when its layer has animations in flight and that differs from
        /// where it is hit-tested (its model frame).
        public internal(set) var drawnFrame: CGRect?
        /// What the view's own default walk answered, when it ran (for overrides).
        var defaultAnswer: UIView??
    }

    /// What the walk made of a view.
    public enum Verdict: Equatable, Sendable {
        /// The view the touch goes to.
        case hit
        /// The walk went through it to the hit view.
        case descended
        /// The walk turned it away (and so everything inside it).
        case rejected(Reason)
        /// Its default walk found it, but an ancestor's `hitTest(_:with:)` override
        /// answered another view (named).
        case replaced(byOverrideOf: String)
    }

    /// Why the walk turned a view away, with the figures.
    public enum Reason: Equatable, Sendable, CustomStringConvertible {
        case hidden
        /// Its alpha, below 0.01.
        case alpha(CGFloat)
        /// `isUserInteractionEnabled` is false on it.
        case interactionDisabled
        /// A `UIView` animation without `.allowUserInteraction` runs on it.
        case nonInteractiveAnimation
        /// The point (in its coordinates) is outside its bounds.
        case outsideBounds(CGPoint)
        /// The point is inside its bounds but outside its layer's hit-test path.
        case outsideHitPath(CGPoint)
        /// Its `point(inside:with:)` answered no where the default would have said yes.
        case pointInsideOverridden(className: String)
        /// Its `hitTest(_:with:)` answered nil: without calling `super`, or against what
        /// its default walk found (`defaultAnswer`, a class name).
        case hitTestOverridden(className: String, calledSuper: Bool, defaultAnswer: String?)

        public var description: String {
            switch self {
            case .hidden: "hidden"
            case .alpha(let alpha): String(format: "alpha %g", Double(alpha))
            case .interactionDisabled: "isUserInteractionEnabled false"
            case .nonInteractiveAnimation: "animating without .allowUserInteraction"
            case .outsideBounds(let point): "outside its bounds at (\(Self.figure(point.x)), \(Self.figure(point.y)))"
            case .outsideHitPath(let point): "outside its hit path at (\(Self.figure(point.x)), \(Self.figure(point.y)))"
            case .pointInsideOverridden(let name): "point(inside:) overridden by \(name) said no"
            case .hitTestOverridden(let name, let calledSuper, let defaultAnswer):
                calledSuper
                    ? "hitTest overridden by \(name): default \(defaultAnswer ?? "nil"), returned nil"
                    : "hitTest overridden by \(name), did not call super, returned nil"
            }
        }

        static func figure(_ value: CGFloat) -> String {
            String(format: "%g", Double((value * 10).rounded() / 10))
        }
    }

    /// Every step, in visit order.
    public internal(set) var steps: [Step] = [] {
        didSet { stepIndex = nil }
    }
    /// Where each visited view's step is, made on first lookup (a walk of 10,000 views
    /// is looked up as many times by the pass that finds the views not reached).
    private var stepIndex: [ObjectIdentifier: Int]?
    /// Where the walk was asked about, in screen points.
    public internal(set) var screenPoint: CGPoint = .zero
    /// The view the touch goes to, and its window; nil where no view takes it.
    public internal(set) var hitView: UIView?
    public internal(set) var hitWindow: UIWindow?
    /// Views whose `hitTest(_:with:)` answered a view their default walk did not (or
    /// answered without calling `super`): the override, and what it returned.
    public internal(set) var overrides: [(view: UIView, calledSuper: Bool, defaultAnswer: UIView?, returned: UIView?)] = []

    /// A recognizer a touch on the hit view is delivered to (attached to the hit view or
    /// an ancestor, enabled), nearest first, with what will decide the touch's fate.
    public struct RecognizerNote: Sendable, Equatable {
        /// As the gesture trace names it ("UITapGestureRecognizer#3").
        public var name: String
        /// The class of the view it is attached to.
        public var viewClass: String
        public var cancelsTouchesInView: Bool
        public var delaysTouchesBegan: Bool
        public var delaysTouchesEnded: Bool
        /// The recognizers it waits to fail (`require(toFail:)`), by name.
        public var waitsToFail: [String]
        /// Whether a delegate may answer for it (`shouldReceive`, `shouldBegin`,
        /// simultaneity), which the explanation does not call.
        public var hasDelegate: Bool
    }

    /// The recognizers the touch would be delivered to, nearest the hit view first.
    public internal(set) var recognizers: [RecognizerNote] = []
    /// What may keep the touch from the hit view after the walk, from the touches down
    /// now: it is not `isMultipleTouchEnabled` and holds one already, an exclusive view
    /// holds one elsewhere, or it is exclusive while others hold touches.
    public internal(set) var deliveryNotes: [String] = []

    /// A view under the point that the walk never asked, found by geometry after it, not
    /// by UIKit's walk: covered by a view in front that took the touch, or inside a view
    /// the walk turned away.
    public struct NotReached {
        public let view: UIView
        public let why: String
    }
    public internal(set) var notReached: [NotReached] = []

    /// The step for `view`, if the walk visited it.
    public func step(for view: UIView) -> Step? {
        if let stepIndex { return stepIndex[ObjectIdentifier(view)].map { steps[$0] } }
        return steps.first { $0.view === view }
    }

    /// Builds the lookup `step(for:)` uses, once the steps are final.
    mutating func indexSteps() {
        var index: [ObjectIdentifier: Int] = [:]
        index.reserveCapacity(steps.count)
        for (position, step) in steps.enumerated() where index[ObjectIdentifier(step.view)] == nil {
            index[ObjectIdentifier(step.view)] = position
        }
        stepIndex = index
    }

    /// Why the walk did not give the touch to `target`.
    public enum WhyNot: Equatable {
        /// It is the hit view.
        case isTheHitView
        /// A view on its chain (itself or an ancestor) was turned away, for this reason.
        case rejected(at: ObjectIdentifier, Reason)
        /// The walk never reached `ancestor` (on the target's chain): a view visited
        /// after it, in front of it, took the touch first (`coveredBy`), or its window was
        /// not the one the touch went to.
        case notReached(ancestor: ObjectIdentifier, coveredBy: ObjectIdentifier?)
        /// The walk went through the target to the hit view, a view inside it.
        case descendedTo(hit: ObjectIdentifier)
        /// The target's own walk found it, but an override above answered another view:
        /// the view whose override it was.
        case overridden(at: ObjectIdentifier)
    }

    /// Why not `target`: the first step on its ancestor chain, from its window down,
    /// that turned the walk away.
    public func whyNot(_ target: UIView) -> WhyNot {
        if target === hitView { return .isTheHitView }
        var chain: [UIView] = []
        var current: UIView? = target
        while let view = current {
            chain.insert(view, at: 0)
            current = view.superview
        }
        for view in chain {
            guard let step = step(for: view) else {
                return .notReached(ancestor: ObjectIdentifier(view), coveredBy: hitView.map(ObjectIdentifier.init))
            }
            if case .rejected(let reason) = step.verdict { return .rejected(at: ObjectIdentifier(view), reason) }
        }
        if let hitView, hitView.isDescendant(of: target) { return .descendedTo(hit: ObjectIdentifier(hitView)) }
        // Found by its own walk, replaced above: the nearest override that changed the answer.
        let replacer = overrides.first { $0.calledSuper && target.isDescendant(of: $0.view) && $0.view !== target }
        return .overridden(at: ObjectIdentifier(replacer?.view ?? target))
    }
}

// MARK: - Recording the walk

/// Records the default hit-test's steps while `UIKitDebug.explainHitTest` runs one.
@MainActor
final class HitTestRecorder {
    var explanation = HitTestExplanation()
    private var depth = 0

    /// The default walk of `view`, as `UIView.defaultHitTest` does it, recording each
    /// check; subviews are asked through their real `hitTest(_:with:)`.
    func walk(_ view: UIView, _ point: CGPoint, with event: UIEvent?, presentation: Bool) -> UIView? {
        let index = explanation.steps.count
        explanation.steps.append(HitTestExplanation.Step(view: view, point: point, depth: depth, verdict: .descended,
                                                         drawnFrame: Self.drawnFrame(of: view)))
        let answer = decide(view, point, with: event, presentation: presentation, step: index)
        explanation.steps[index].defaultAnswer = .some(answer)
        if answer === view { explanation.steps[index].verdict = .hit }
        return answer
    }

    private func decide(_ view: UIView, _ point: CGPoint, with event: UIEvent?, presentation: Bool, step index: Int) -> UIView? {
        func reject(_ reason: HitTestExplanation.Reason) -> UIView? {
            explanation.steps[index].verdict = .rejected(reason)
            return nil
        }
        let shown = presentation ? view.layer.presentationOrSelf() : view.layer
        if shown.isHidden { return reject(.hidden) }
        if shown.opacity < UIView.minimumHittableAlpha { return reject(.alpha(CGFloat(shown.opacity))) }
        if !view.isUserInteractionEnabled { return reject(.interactionDisabled) }
        if view.nonInteractiveAnimationCount > 0 { return reject(.nonInteractiveAnimation) }
        let byDefault = shown.hitTestsByPath ? shown.contains(point) : shown.boundsContain(point)
        let inside = presentation && shown !== view.layer ? byDefault : view.point(inside: point, with: event)
        if !inside {
            if byDefault { return reject(.pointInsideOverridden(className: Self.name(of: view))) }
            return reject(shown.boundsContain(point) ? .outsideHitPath(point) : .outsideBounds(point))
        }
        depth += 1
        let outerPresentation = UIView.isHitTestingPresentation
        if presentation { UIView.isHitTestingPresentation = true }
        defer {
            depth -= 1
            UIView.isHitTestingPresentation = outerPresentation
        }
        for subview in view.subviews.reversed() {
            let layer = presentation ? subview.layer.presentationOrSelf() : subview.layer
            let local = layer.pointFromSuperlayer(point)
            let before = explanation.steps.count
            let result = subview.hitTest(local, with: event)
            noteOverride(of: subview, at: local, stepsFrom: before, returned: result)
            if let result { return result }
        }
        return view
    }

    /// After a subview's real `hitTest(_:with:)` answered: a step for it when its
    /// default walk never ran (an override that did not call `super`), and the override
    /// noted when its answer is not its default walk's.
    private func noteOverride(of view: UIView, at point: CGPoint, stepsFrom before: Int, returned: UIView?) {
        let ranDefault = explanation.steps.count > before && explanation.steps[before].view === view
        if !ranDefault {
            let verdict: HitTestExplanation.Verdict = returned == nil
                ? .rejected(.hitTestOverridden(className: Self.name(of: view), calledSuper: false, defaultAnswer: nil))
                : (returned === view ? .hit : .descended)
            explanation.steps.insert(HitTestExplanation.Step(view: view, point: point, depth: depth, verdict: verdict,
                                                             drawnFrame: Self.drawnFrame(of: view)), at: before)
            explanation.overrides.append((view, false, nil, returned))
            return
        }
        guard case .some(let defaultAnswer) = explanation.steps[before].defaultAnswer, defaultAnswer !== returned else { return }
        explanation.overrides.append((view, true, defaultAnswer, returned))
        if returned == nil {
            explanation.steps[before].verdict = .rejected(.hitTestOverridden(
                className: Self.name(of: view), calledSuper: true, defaultAnswer: defaultAnswer.map { Self.name(of: $0) }))
        } else if returned === view {
            explanation.steps[before].verdict = .hit
        }
    }

    /// Where the view is drawn, when its layer animates and that is not where it is
    /// hit-tested.
    private static func drawnFrame(of view: UIView) -> CGRect? {
        guard view.layer.hasAnimations else { return nil }
        let drawn = view.layer.presentationOrSelf().frame
        return drawn == view.layer.frame ? nil : drawn
    }

    /// A class's name; UIKit's own classes say so ("UIKit's UISwitch").
    static func name(of view: UIView) -> String {
        let full = String(reflecting: type(of: view))
        let short = String(describing: type(of: view))
        return full.hasPrefix("UIKit.") ? "UIKit's \(short)" : short
    }
}
