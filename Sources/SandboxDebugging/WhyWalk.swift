import Foundation
import UIKit

/// One finger's hit-test as the Why tool shows it: the explanation the touch routing
/// made when the finger landed (`UIKitDebug.setHitTestObserver(_:in:)`), turned into
/// what is drawn over the app (`marks`) and what the Why panel lists (`rows`).
///
/// It is a picture of that moment: the views are outlined where the walk found them
/// when the finger landed, and stay so (a view that moves on is not followed), since
/// that geometry is what decided the touch. The next finger replaces it.
///
/// **What is outlined.** The views under the finger, numbered in the walk's visit order
/// (the numbers are the steps', so they skip the views the point was outside of):
/// - the hit view, in the finger's colour;
/// - each view the walk turned away whose bounds or drawn frame hold the point, with
///   its reason in a few words ("hidden", "alpha 0.005", "interaction off");
/// - each view the walk never reached that lies under the point (found by geometry
///   after it): "covered by #7" (the view in front that took the touch), "outside #3's
///   bounds" (a subview sticking out), "inside #4 (hidden)";
/// - a view whose layer is animating: where it is drawn (solid) and where it is
///   hit-tested (dashed), in the frames overlay's colours.
///
/// The views the walk went through on the way (the window, containers) and the views the
/// point was outside of are listed in the panel only; a walk of a 10,000-view screen
/// would otherwise outline all of them.
@MainActor
public struct WhyWalk {
    /// What a mark stands for.
    public enum Kind: Equatable, Sendable {
        /// The view the touch went to.
        case hit
        /// A view the walk turned away, or whose own walk an override above replaced.
        case rejected
        /// A view the walk never asked (by geometry after it).
        case notReached
    }

    /// One outlined view.
    public struct Mark: Equatable {
        public var kind: Kind
        /// Its step's number in visit order (1 is the first window asked); nil for a view
        /// the walk never reached.
        public var number: Int?
        public var viewID: ObjectIdentifier
        /// Where it is hit-tested: its model bounds' corners, in the overlaid window's
        /// points.
        public var corners: [CGPoint]
        /// Where it is drawn, when its presentation differs (an animation in flight).
        public var drawnCorners: [CGPoint]?
        /// The label: the number and the reason in a few words ("#3 hidden").
        public var label: String
    }

    /// One line of the panel.
    public typealias Row = DebugListRow

    /// The finger, and where it landed in the overlaid window's points.
    public let touchID: TouchSample.ID
    public let location: CGPoint
    /// The panel's title: "Why Square?" (or "No view takes it").
    public let title: String
    /// The finger and where it landed: "finger 3 at (120, 80)".
    public let subtitle: String
    public let marks: [Mark]
    public let rows: [Row]
    /// The views the rows and marks name, by identity, for highlighting; weak, so a walk
    /// kept on screen keeps no view alive.
    private let views: [ObjectIdentifier: WeakView]

    /// The most views a walk outlines; the panel lists the rest.
    public static let markLimit = 24
    /// The most rows of steps the panel lists, and the most rows of views not reached; a
    /// last row says how many more there were.
    public static let rowLimit = 200

    /// The walk of `explanation`, drawn over `window` (the overlaid app window), made
    /// for finger `touchID`. The steps in system windows (`UIWindow.isSystemWindow`: the
    /// debug layer's, the sandbox gallery's chrome), which every touch passes through
    /// first, are left out and said so in one line: they explain the tools, not the app.
    public init(_ explanation: HitTestExplanation, touchID: TouchSample.ID, over window: UIWindow) {
        // The explanation is not kept: it holds its views strongly, and a walk on screen
        // must keep no view (nor its animations) alive.
        self.touchID = touchID
        func isTools(_ view: UIView) -> Bool { (view as? UIWindow ?? view.window)?.isSystemWindow ?? false }
        // The steps as shown and numbered: less those of the tools' windows.
        let steps = explanation.steps.filter { !isTools($0.view) }
        // In the outlines' space (the screen's), as the overlays draw.
        location = explanation.screenPoint
        let hitName = explanation.hitView.map { ViewOutline.name(of: $0) }
        title = hitName.map { "Why \($0)?" } ?? "No view takes it"
        subtitle = "finger \(touchID.number) at \(ViewOutline.point(location))"
        let marks = Self.marks(of: explanation, steps: steps, at: location)
        self.marks = marks
        let toolWindows = explanation.steps.filter { $0.depth == 0 && isTools($0.view) }.map { "\(type(of: $0.view))" }
        let passedThrough = toolWindows.isEmpty ? [] : [Row(
            text: "The tools' windows (\(toolWindows.joined(separator: ", "))) let the touch through", style: .note, depth: 0,
            viewID: nil)]
        rows = passedThrough + Self.rows(of: explanation, steps: steps)
        // The views a row or a mark names, for highlighting: not every step's.
        let named = Set(rows.compactMap(\.viewID) + marks.map(\.viewID))
        var views: [ObjectIdentifier: WeakView] = [:]
        for step in steps where named.contains(ObjectIdentifier(step.view)) { views[ObjectIdentifier(step.view)] = WeakView(step.view) }
        for missed in explanation.notReached where named.contains(ObjectIdentifier(missed.view)) {
            views[ObjectIdentifier(missed.view)] = WeakView(missed.view)
        }
        self.views = views
    }

    /// A view the walk or the geometric pass named, while it lives.
    public func view(for id: ObjectIdentifier) -> UIView? {
        views[id]?.view
    }

    // MARK: - Marks

    private static func marks(of explanation: HitTestExplanation, steps: [HitTestExplanation.Step], at location: CGPoint)
        -> [Mark] {
        var marks: [Mark] = []
        for (index, step) in steps.enumerated() {
            let view = step.view
            let kind: Kind
            let reason: String
            switch step.verdict {
            case .descended: continue
            case .hit:
                kind = .hit
                reason = ViewOutline.name(of: view)
            case .rejected(let why):
                kind = .rejected
                reason = shortReason(why)
            case .replaced(let owner):
                kind = .rejected
                reason = "replaced by \(owner)'s hitTest"
            }
            // Judged from the step before any geometry is made: a walk of 10,000 views
            // outlines a handful.
            let underModel = view.bounds.contains(step.point)
            guard kind == .hit || underModel || step.drawnFrame != nil else { continue }
            let model = ViewOutline.corners(of: view, presentation: false)
            let drawn = ViewOutline.corners(of: view, presentation: true)
            let isAnimating = drawn != model
            guard kind == .hit || underModel || (isAnimating && ViewOutline.contains(drawn, location)) else { continue }
            var label = "#\(index + 1) \(reason)"
            if isAnimating, case .rejected(.outsideBounds) = step.verdict {
                label = "#\(index + 1) drawn here, hit-tested at the dashed frame"
            }
            marks.append(Mark(kind: kind, number: index + 1, viewID: ObjectIdentifier(view), corners: model,
                              drawnCorners: isAnimating ? drawn : nil, label: label))
        }
        for missed in explanation.notReached {
            let model = ViewOutline.corners(of: missed.view, presentation: false)
            let drawn = ViewOutline.corners(of: missed.view, presentation: true)
            marks.append(Mark(kind: .notReached, number: nil, viewID: ObjectIdentifier(missed.view), corners: model,
                              drawnCorners: drawn == model ? nil : drawn,
                              label: notReachedLabel(missed.view, in: explanation, steps: steps)))
        }
        // The hit view first, then the walk's order: the limit keeps what matters most.
        let hitFirst = marks.filter { $0.kind == .hit } + marks.filter { $0.kind != .hit }
        return Array(hitFirst.prefix(markLimit))
    }

    /// The few words a mark's label gives a reason.
    public static func shortReason(_ reason: HitTestExplanation.Reason) -> String {
        switch reason {
        case .hidden: "hidden"
        case .alpha(let alpha): String(format: "alpha %g", Double(alpha))
        case .interactionDisabled: "interaction off"
        case .nonInteractiveAnimation: "animating without .allowUserInteraction"
        case .outsideBounds: "outside its bounds"
        case .outsideHitPath: "outside its hit path"
        case .pointInsideOverridden(let name): "\(name).point(inside:) said no"
        case .hitTestOverridden(let name, _, _): "\(name).hitTest returned nil"
        }
    }

    /// Why the walk never reached a view under the point, naming the step that stopped
    /// it: the view in front that took the touch, or the ancestor it turned away.
    static func notReachedLabel(_ view: UIView, in explanation: HitTestExplanation, steps: [HitTestExplanation.Step])
        -> String {
        // Inside a view the walk turned away: the outermost such ancestor.
        var ancestors: [UIView] = []
        var current = view.superview
        while let ancestor = current {
            ancestors.insert(ancestor, at: 0)
            current = ancestor.superview
        }
        for ancestor in ancestors {
            guard let step = explanation.step(for: ancestor), case .rejected(let reason) = step.verdict else { continue }
            let number = number(of: ancestor, in: steps)
            if case .outsideBounds = reason { return "outside #\(number)'s bounds" }
            return "inside #\(number) (\(shortReason(reason)))"
        }
        // Covered: the visited sibling in front of it (or of an ancestor) that took the
        // touch on its way.
        var link: UIView? = view
        while let child = link, let parent = child.superview {
            let siblings = parent.subviews
            if let position = siblings.firstIndex(where: { $0 === child }) {
                for sibling in siblings[(position + 1)...] {
                    guard let step = explanation.step(for: sibling) else { continue }
                    switch step.verdict {
                    case .hit, .descended, .replaced: return "covered by #\(number(of: sibling, in: steps))"
                    case .rejected: continue
                    }
                }
            }
            link = parent
        }
        return "not reached"
    }

    private static func number(of view: UIView, in steps: [HitTestExplanation.Step]) -> Int {
        (steps.firstIndex { $0.view === view } ?? 0) + 1
    }

    // MARK: - Rows

    private static func rows(of explanation: HitTestExplanation, steps: [HitTestExplanation.Step]) -> [Row] {
        var rows: [Row] = []
        var index = 0
        while index < steps.count, rows.count < rowLimit {
            let step = steps[index]
            // A run of views the point was outside of, side by side: one row.
            if case .rejected(.outsideBounds) = step.verdict {
                var end = index
                while end + 1 < steps.count, steps[end + 1].depth == step.depth,
                      case .rejected(.outsideBounds) = steps[end + 1].verdict { end += 1 }
                if end > index {
                    rows.append(Row(text: "#\(index + 1)\u{2013}#\(end + 1) \(end - index + 1) views: the point is outside them",
                                    style: .note, depth: step.depth, viewID: nil))
                    index = end + 1
                    continue
                }
            }
            rows.append(Row(text: "#\(index + 1) \(ViewOutline.name(of: step.view)): \(verdictText(step))", style: .view, depth: step.depth,
                            viewID: ObjectIdentifier(step.view)))
            index += 1
        }
        if index < steps.count {
            rows.append(Row(text: "\u{2026} and \(steps.count - index) more steps", style: .note, depth: 0, viewID: nil))
        }
        if !explanation.notReached.isEmpty {
            rows.append(Row(text: "Not reached (by geometry, not UIKit's walk)", style: .heading, depth: 0, viewID: nil))
            for missed in explanation.notReached.prefix(rowLimit) {
                rows.append(Row(text: "\(ViewOutline.name(of: missed.view)): \(notReachedLabel(missed.view, in: explanation, steps: steps))",
                                style: .view, depth: 0, viewID: ObjectIdentifier(missed.view)))
            }
            if explanation.notReached.count > rowLimit {
                rows.append(Row(text: "\u{2026} and \(explanation.notReached.count - rowLimit) more", style: .note, depth: 0, viewID: nil))
            }
        }
        if !explanation.recognizers.isEmpty {
            rows.append(Row(text: "Recognizers the touch goes to", style: .heading, depth: 0, viewID: nil))
            for note in explanation.recognizers {
                rows.append(Row(text: recognizerText(note), style: .note, depth: 0, viewID: nil))
            }
        }
        if !explanation.deliveryNotes.isEmpty {
            rows.append(Row(text: "Then", style: .heading, depth: 0, viewID: nil))
            rows += explanation.deliveryNotes.map { Row(text: $0, style: .note, depth: 0, viewID: nil) }
        }
        return rows
    }

    private static func verdictText(_ step: HitTestExplanation.Step) -> String {
        let drawn = step.drawnFrame.map { ", drawn at \(ViewOutline.point($0.origin)) while hit-tested at its model frame" } ?? ""
        switch step.verdict {
        case .hit: return "hit" + drawn
        case .descended: return "went inside" + drawn
        case .rejected(let reason): return "\(reason)" + drawn
        case .replaced(let owner): return "found, but \(owner)'s hitTest answered another view" + drawn
        }
    }

    private static func recognizerText(_ note: HitTestExplanation.RecognizerNote) -> String {
        var parts = ["\(note.name) on \(note.viewClass)"]
        parts.append(note.cancelsTouchesInView ? "cancels touches in view" : "does not cancel touches")
        if note.delaysTouchesBegan { parts.append("delays began") }
        if note.delaysTouchesEnded { parts.append("delays ended") }
        if !note.waitsToFail.isEmpty { parts.append("waits for \(note.waitsToFail.joined(separator: ", ")) to fail") }
        if note.hasDelegate { parts.append("its delegate may answer") }
        return parts.joined(separator: " \u{B7} ")
    }
}

/// A view held weakly.
@MainActor
private struct WeakView {
    weak var view: UIView?

    init(_ view: UIView) {
        self.view = view
    }
}
