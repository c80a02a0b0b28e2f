import Foundation

extension UIKitDebug {
    /// Explains the hit-test of a touch beginning at `point` (in `window`'s coordinates):
    /// every step of the walk, as `HitTestExplanation` describes it; its `whyNot(_:)`
    /// says why the touch does not go to a view of one's choosing.
    ///
    /// The walk starts from the screen, as the touch routing's does: the windows on
    /// screen under the point, front to back, each asked with its real
    /// `hitTest(_:with:)`, until one finds a view. So app overrides run, once, as they run
    /// for a touch; the default implementations record their steps while this runs.
    public static func explainHitTest(at point: CGPoint, in window: UIWindow) -> HitTestExplanation {
        explainScreenHitTest(at: window.convertToScreen(point),
                             in: ScreenTouchRouting.frontToBack(window.application.visibleWindows), with: nil)
    }

    /// Sets what hears the explanation of every new finger's hit-test in `application`,
    /// or with nil stops explaining them. While one is set, the touch routing runs each
    /// new finger's walk explained (`explainHitTest(at:in:)`'s walk, with the touch's
    /// event) and takes the view it found, so the app's overrides run once per touch, as
    /// they do without it; the observer hears the explanation and the sample, before the
    /// touch is delivered. A finger whose routed hit does not stand (another window's
    /// run, earlier in the same batch, sent an event first) is hit-tested again by its
    /// window, unexplained: the explanation is then the routing's.
    ///
    /// Without an observer the routing pays one test per new finger.
    public static func setHitTestObserver(_ observer: (@MainActor (HitTestExplanation, TouchSample) -> Void)?,
                                          in application: UIApplication) {
        application.hitTestObserver = observer
    }

    /// The explained walk from the screen: the windows of `frontToBack` under
    /// `screenPoint`, each asked with its real `hitTest(_:with:)`, until one finds a view.
    static func explainScreenHitTest(at screenPoint: CGPoint, in frontToBack: [UIWindow], with event: UIEvent?)
        -> HitTestExplanation {
        let recorder = HitTestRecorder()
        let outer = UIView.hitTestRecorder
        UIView.hitTestRecorder = recorder
        defer { UIView.hitTestRecorder = outer }
        for candidate in frontToBack where candidate.frame.contains(screenPoint) {
            candidate.layoutIfNeeded()
            let before = recorder.explanation.steps.count
            let local = candidate.convertFromScreen(screenPoint)
            let hit = candidate.hitTest(local, with: event)
            if recorder.explanation.steps.count == before {
                // A window whose hitTest did not call super.
                recorder.explanation.steps.append(HitTestExplanation.Step(
                    view: candidate, point: local, depth: 0,
                    verdict: hit == nil ? .rejected(.hitTestOverridden(className: HitTestRecorder.name(of: candidate),
                                                                         calledSuper: false, defaultAnswer: nil))
                        : (hit === candidate ? .hit : .descended)))
            } else if case .some(let found) = recorder.explanation.steps[before].defaultAnswer, found !== hit {
                // A window whose override answered other than its default walk: nil (it
                // turned the point away), or another view.
                recorder.explanation.overrides.append((candidate, true, found, hit))
                recorder.explanation.steps[before].verdict = hit == nil
                    ? .rejected(.hitTestOverridden(className: HitTestRecorder.name(of: candidate), calledSuper: true,
                                                   defaultAnswer: found.map { HitTestRecorder.name(of: $0) }))
                    : (hit === candidate ? .hit : .descended)
            }
            if let hit {
                recorder.explanation.hitView = hit
                recorder.explanation.hitWindow = candidate
                break
            }
        }
        // A view whose own walk found it, where an ancestor's override answered another:
        // replaced, by the override nearest above it that changed the answer.
        var explanation = recorder.explanation
        for index in explanation.steps.indices where explanation.steps[index].verdict == .hit
            && explanation.steps[index].view !== explanation.hitView {
            let view = explanation.steps[index].view
            let replacer = explanation.overrides.first { override in
                override.calledSuper && view.isDescendant(of: override.view) && override.view !== view
            }
            if let replacer { explanation.steps[index].verdict = .replaced(byOverrideOf: HitTestRecorder.name(of: replacer.view)) }
        }
        explanation.indexSteps()
        explanation.screenPoint = screenPoint
        if let window = explanation.hitWindow {
            explanation.notReached = notReached(at: window.convertFromScreen(screenPoint), in: window, by: explanation)
        }
        if let hit = explanation.hitView {
            explanation.recognizers = recognizerNotes(from: hit)
            explanation.deliveryNotes = deliveryNotes(for: hit)
        }
        return explanation
    }

    /// The enabled recognizers on the hit view and its ancestors, nearest first.
    private static func recognizerNotes(from hit: UIView) -> [HitTestExplanation.RecognizerNote] {
        var notes: [HitTestExplanation.RecognizerNote] = []
        var current: UIView? = hit
        while let view = current {
            for recognizer in view.gestureRecognizers ?? [] where recognizer.isEnabled {
                notes.append(HitTestExplanation.RecognizerNote(
                    name: recognizer.traceName, viewClass: String(describing: type(of: view)),
                    cancelsTouchesInView: recognizer.cancelsTouchesInView, delaysTouchesBegan: recognizer.delaysTouchesBegan,
                    delaysTouchesEnded: recognizer.delaysTouchesEnded,
                    waitsToFail: recognizer.failureRequirements.compactMap { $0.recognizer?.traceName },
                    hasDelegate: recognizer.delegate != nil))
            }
            current = view.superview
        }
        return notes
    }

    /// What may keep a new touch from the hit view after the walk, from the touches
    /// down now: the hit view holding one and not `isMultipleTouchEnabled`; an exclusive
    /// view holding one elsewhere in the window; the hit view exclusive while other views
    /// hold touches.
    private static func deliveryNotes(for hit: UIView) -> [String] {
        guard let window = hit.window else { return [] }
        let holders = window.application.touchRouter.liveTouchViews(in: window)
        var notes: [String] = []
        if !hit.isMultipleTouchEnabled, holders.contains(where: { $0 === hit }) {
            notes.append("\(type(of: hit)) is not isMultipleTouchEnabled and holds a touch: a second finger is not delivered to it")
        }
        if let exclusive = holders.first(where: { $0 !== hit && $0.isExclusiveTouch }) {
            notes.append("\(type(of: exclusive)) isExclusiveTouch and holds a touch: no other view of the window gets a new one")
        }
        if hit.isExclusiveTouch, holders.contains(where: { $0 !== hit }) {
            notes.append("\(type(of: hit)) isExclusiveTouch while other views hold touches: it does not get this one")
        }
        return notes
    }

    /// The views under `point` (window coordinates) the walk never asked: covered by the
    /// view that took the touch, or inside a view it turned away. By geometry (frames,
    /// hidden views included), after the walk.
    private static func notReached(at point: CGPoint, in window: UIWindow, by explanation: HitTestExplanation)
        -> [HitTestExplanation.NotReached] {
        var found: [HitTestExplanation.NotReached] = []
        // The point carried down in each view's coordinates, as the walk maps it.
        func visit(_ view: UIView, at point: CGPoint, turnedAwayAbove: UIView?) {
            for subview in view.subviews {
                let local = subview.layer.pointFromSuperlayer(point)
                let under = subview.bounds.contains(local)
                let step = explanation.step(for: subview)
                var rejection = turnedAwayAbove
                if let step, case .rejected = step.verdict { rejection = rejection ?? subview }
                if under, step == nil {
                    let why = turnedAwayAbove.map { "inside \(type(of: $0)), which the walk turned away" }
                        ?? explanation.hitView.map { "covered by \(type(of: $0)), which took the touch first" }
                        ?? "not reached"
                    found.append(HitTestExplanation.NotReached(view: subview, why: why))
                }
                visit(subview, at: local, turnedAwayAbove: rejection)
            }
        }
        visit(window, at: point, turnedAwayAbove: nil)
        return found
    }
}
