import UIKit

/// Neuburg's "Restricting Touches", every restriction live: six panels, each with a
/// button that switches one restriction on a target view, and the target's counts of
/// the touches it was sent (and, where touches fall through, the counts of the view
/// behind it). Every target is a `TouchCountingView`, brightened while it holds a touch.
///
/// - `isUserInteractionEnabled`, `isHidden`, `alpha`: the target lies over a "behind"
///   view; restricted, a touch on it falls through to that view. `alpha` cycles
///   1 → 0.02 → 0.005: at 0.02 the target is all but invisible and still receives, at
///   0.005 it is below UIKit's 0.01 and ignored. A thin outline marks where a hidden
///   or transparent target is.
/// - `isMultipleTouchEnabled`: off, the target receives one touch at a time; a second
///   finger on it is never delivered, even after the first lifts.
/// - `isExclusiveTouch` of A: on, while A holds a touch, B receives no new one, and A
///   receives none while B holds one.
/// - `beginIgnoringInteractionEvents()`: the application drops every touch that begins
///   in the next 3 seconds, this scene's buttons' included; a delayed
///   `endIgnoringInteractionEvents()` ends it, since nothing can be tapped meanwhile.
@MainActor
public final class RestrictionsScene: UIViewController, Scene {
    public static let name = "restrictions"
    public static let caption = "Restricting touches: interaction, hidden, alpha, multiple and exclusive touch, ignoring (Neuburg, \"Touches\")"
    public static let hint: String? = "Switch a restriction with its button, then touch its coloured view"

    /// The alphas the alpha button cycles through: opaque, just above UIKit's 0.01
    /// threshold, just below it.
    static let alphaSteps: [CGFloat] = [1, 0.02, 0.005]
    /// How long the ignore button makes the application ignore touches.
    static let ignoringInterval: TimeInterval = 3
    static let toggleBackground = UIColor(red: 0x2C / 255, green: 0x2C / 255, blue: 0x2E / 255, alpha: 1)
    static let targetColor = UIColor(red: 0.29, green: 0.56, blue: 0.89, alpha: 1)
    static let behindColor = UIColor(white: 0.32, alpha: 1)

    // The targets and the views behind them.
    private(set) var interactionTarget: TouchCountingView!
    private(set) var interactionBehind: TouchCountingView!
    private(set) var hiddenTarget: TouchCountingView!
    private(set) var hiddenBehind: TouchCountingView!
    private(set) var alphaTarget: TouchCountingView!
    private(set) var alphaBehind: TouchCountingView!
    private(set) var multipleTouchTarget: TouchCountingView!
    private(set) var exclusiveView: TouchCountingView!
    private(set) var otherView: TouchCountingView!

    // The buttons, one per panel.
    private(set) var interactionToggle: UIButton!
    private(set) var hiddenToggle: UIButton!
    private(set) var alphaToggle: UIButton!
    private(set) var multipleTouchToggle: UIButton!
    private(set) var exclusiveToggle: UIButton!
    private(set) var ignoreButton: UIButton!
    /// What the application is doing about interaction events.
    private(set) var ignoringReadout: UILabel!
    /// Seconds of ignoring left while the ignore button's interval runs, else nil.
    private(set) var ignoringSecondsLeft: Int?

    private var stage: UIView!

    private var safeArea = SafeAreaTracker()

    public override func loadView() {
        stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        build(in: stage.bounds)
        view = stage
    }

    /// The panels in a grid of three columns and two rows filling the safe area. A new
    /// safe area (a resize) builds the panels anew for it, keeping each restriction as
    /// it was (the counts start again).
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        let kept = (interaction: interactionTarget.isUserInteractionEnabled, hidden: hiddenTarget.isHidden,
                    alpha: alphaTarget.alpha, multiple: multipleTouchTarget.isMultipleTouchEnabled,
                    exclusive: exclusiveView.isExclusiveTouch)
        for subview in stage.subviews { subview.removeFromSuperview() }
        build(in: area)
        interactionTarget.isUserInteractionEnabled = kept.interaction
        hiddenTarget.isHidden = kept.hidden
        alphaTarget.alpha = kept.alpha
        multipleTouchTarget.isMultipleTouchEnabled = kept.multiple
        exclusiveView.isExclusiveTouch = kept.exclusive
        updateToggles()
    }

    private func build(in area: CGRect) {
        let columns = 3, rows = 2
        let cellSize = CGSize(width: (area.width / CGFloat(columns)).rounded(.down), height: (area.height / CGFloat(rows)).rounded(.down))
        func cell(_ column: Int, _ row: Int) -> CGRect {
            CGRect(x: area.minX + CGFloat(column) * cellSize.width, y: area.minY + CGFloat(row) * cellSize.height,
                   width: cellSize.width, height: cellSize.height)
        }
        buildInteractionPanel(in: cell(0, 0))
        buildHiddenPanel(in: cell(1, 0))
        buildAlphaPanel(in: cell(2, 0))
        buildMultipleTouchPanel(in: cell(0, 1))
        buildExclusiveTouchPanel(in: cell(1, 1))
        buildIgnoringPanel(in: cell(2, 1))
        updateToggles()
    }

    // MARK: - Panels

    private func buildInteractionPanel(in cell: CGRect) {
        let layout = PanelLayout(cell: cell)
        interactionToggle = makeToggle(layout) { $0.interactionTarget.isUserInteractionEnabled.toggle() }
        (interactionTarget, interactionBehind) = makeTargetOverBehind(layout, outlined: false)
    }

    private func buildHiddenPanel(in cell: CGRect) {
        let layout = PanelLayout(cell: cell)
        hiddenToggle = makeToggle(layout) { $0.hiddenTarget.isHidden.toggle() }
        (hiddenTarget, hiddenBehind) = makeTargetOverBehind(layout, outlined: true)
    }

    private func buildAlphaPanel(in cell: CGRect) {
        let layout = PanelLayout(cell: cell)
        alphaToggle = makeToggle(layout) { scene in
            let steps = RestrictionsScene.alphaSteps
            let index = steps.firstIndex { abs($0 - scene.alphaTarget.alpha) < 1e-4 } ?? 0
            scene.alphaTarget.alpha = steps[(index + 1) % steps.count]
        }
        (alphaTarget, alphaBehind) = makeTargetOverBehind(layout, outlined: true)
    }

    private func buildMultipleTouchPanel(in cell: CGRect) {
        let layout = PanelLayout(cell: cell)
        multipleTouchToggle = makeToggle(layout) { $0.multipleTouchTarget.isMultipleTouchEnabled.toggle() }
        let target = TouchCountingView(frame: layout.demo, color: Self.targetColor)
        target.addSubview(makeCaption("put two fingers here", in: target.bounds))
        stage.addSubview(target)
        let counts = makeReadout(layout, line: 0)
        let held = makeReadout(layout, line: 1)
        target.countsChanged = { [unowned target] in
            counts.text = Self.balanced("target: \(target.counts)", in: counts)
            held.text = "holds \(target.heldTouches) touch\(target.heldTouches == 1 ? "" : "es") now"
        }
        target.countsChanged?()
        multipleTouchTarget = target
    }

    private func buildExclusiveTouchPanel(in cell: CGRect) {
        let layout = PanelLayout(cell: cell)
        exclusiveToggle = makeToggle(layout) { $0.exclusiveView.isExclusiveTouch.toggle() }
        let gap: CGFloat = 12
        let width = (layout.demo.width - gap) / 2
        let a = TouchCountingView(frame: CGRect(x: layout.demo.minX, y: layout.demo.minY, width: width, height: layout.demo.height),
                                  color: UIColor(red: 0.95, green: 0.61, blue: 0.07, alpha: 1))
        let b = TouchCountingView(frame: CGRect(x: layout.demo.maxX - width, y: layout.demo.minY, width: width, height: layout.demo.height),
                                  color: UIColor(red: 0.36, green: 0.72, blue: 0.36, alpha: 1))
        for (view, name, line) in [(a, "A", 0), (b, "B", 1)] {
            view.addSubview(makeCaption(name, in: view.bounds, size: 22))
            stage.addSubview(view)
            showCounts(of: view, named: name, in: makeReadout(layout, line: line))
        }
        (exclusiveView, otherView) = (a, b)
    }

    private func buildIgnoringPanel(in cell: CGRect) {
        let layout = PanelLayout(cell: cell)
        ignoreButton = makeToggle(layout) { $0.ignoreInteractionEvents() }
        let explanation = UILabel(frame: CGRect(x: layout.cell.minX + 4, y: layout.demo.minY,
                                                width: layout.cell.width - 8, height: layout.demo.height))
        explanation.numberOfLines = 0
        explanation.textAlignment = .center
        explanation.font = .systemFont(ofSize: 13)
        // The call in full where the panel has room for it, else broken where it reads.
        explanation.text = "UIApplication.shared\n.beginIgnoringInteractionEvents():\ntouch anything, nothing responds"
        if explanation.fittedHeight() > explanation.bounds.height {
            explanation.text = "beginIgnoring\nInteractionEvents():\nnothing responds"
        }
        explanation.textColor = SandboxStyle.secondaryLabel
        stage.addSubview(explanation)
        ignoringReadout = makeReadout(layout, line: 0)
    }

    // MARK: - Actions

    /// Ignores interaction events for `ignoringInterval`, counting the seconds down on
    /// the button; the end is scheduled here because no touch could end it.
    private func ignoreInteractionEvents() {
        UIApplication.shared.beginIgnoringInteractionEvents()
        let seconds = Int(Self.ignoringInterval)
        for elapsed in 1..<seconds {
            perform("countDown", afterDelay: TimeInterval(elapsed)) { [weak self] in
                self?.ignoringSecondsLeft = seconds - elapsed
                self?.updateToggles()
            }
        }
        perform("endIgnoring", afterDelay: Self.ignoringInterval) { [weak self] in
            UIApplication.shared.endIgnoringInteractionEvents()
            self?.ignoringSecondsLeft = nil
            self?.updateToggles()
        }
        ignoringSecondsLeft = seconds
        updateToggles()
    }

    /// Shows each restriction's current value on its button, in orange where it
    /// restricts touches.
    private func updateToggles() {
        show(interactionToggle, "isUserInteractionEnabled = \(interactionTarget.isUserInteractionEnabled)",
             restricting: !interactionTarget.isUserInteractionEnabled)
        show(hiddenToggle, "isHidden = \(hiddenTarget.isHidden)", restricting: hiddenTarget.isHidden)
        let alpha = alphaTarget.alpha
        show(alphaToggle, "alpha = \(Self.format(alpha))\(alpha < 0.01 ? " (< 0.01)" : "")", restricting: alpha < 0.01)
        show(multipleTouchToggle, "isMultipleTouchEnabled = \(multipleTouchTarget.isMultipleTouchEnabled)",
             restricting: !multipleTouchTarget.isMultipleTouchEnabled)
        show(exclusiveToggle, "A.isExclusiveTouch = \(exclusiveView.isExclusiveTouch)",
             restricting: exclusiveView.isExclusiveTouch)
        if let left = ignoringSecondsLeft {
            show(ignoreButton, "ignoring touches: \(left) s left", restricting: true)
        } else {
            show(ignoreButton, "ignore touches for \(Int(Self.ignoringInterval)) s", restricting: false)
        }
        ignoringReadout.text = "isIgnoringInteractionEvents = \(UIApplication.shared.isIgnoringInteractionEvents)"
    }

    private func show(_ toggle: UIButton, _ title: String, restricting: Bool) {
        toggle.setTitle(title, for: .normal)
        toggle.setTitleColor(restricting ? .systemOrange : SandboxStyle.label, for: .normal)
    }

    /// An alpha as typed in code: "1", "0.02", "0.005".
    static func format(_ alpha: CGFloat) -> String {
        let rounded = (alpha * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : "\(Double(rounded))"
    }

    // MARK: - Building blocks

    /// Where a panel's parts go: the button at the top, the demonstration under it, then
    /// two readout lines, the whole centred in the cell.
    @MainActor
    private struct PanelLayout {
        static let gap: CGFloat = 4
        /// A finger's height.
        static let toggleHeight: CGFloat = 44
        static let demoHeight: CGFloat = 100
        /// The least demonstration height: room for a target a finger's height tall.
        static let minimumDemoHeight: CGFloat = 52
        static let readoutFont = UIFont.systemFont(ofSize: 13)
        /// The longest readout a panel shows, for sizing its lines.
        static let widestReadout = "behind: began 99 \u{B7} ended 99 \u{B7} cancelled 99"
        let cell: CGRect
        let toggle: CGRect
        let demo: CGRect
        /// One readout's height: one line, or two where the cell is too narrow for one.
        let readoutHeight: CGFloat

        init(cell: CGRect) {
            self.cell = cell
            let probe = UILabel(frame: CGRect(x: 0, y: 0, width: cell.width - 8, height: 0))
            probe.font = Self.readoutFont
            probe.numberOfLines = 0
            probe.text = Self.widestReadout
            readoutHeight = probe.fittedHeight()
            let fixed = Self.toggleHeight + 3 * Self.gap + 2 * readoutHeight
            let demoHeight = min(Self.demoHeight, max(Self.minimumDemoHeight, cell.height - fixed))
            let height = fixed + demoHeight
            let top = cell.minY + max(0, (cell.height - height) / 2)
            let toggleWidth = min(cell.width - 16, 260)
            toggle = CGRect(x: cell.midX - toggleWidth / 2, y: top, width: toggleWidth, height: Self.toggleHeight)
            let demoWidth = min(cell.width - 24, 230)
            demo = CGRect(x: cell.midX - demoWidth / 2, y: toggle.maxY + Self.gap, width: demoWidth,
                          height: demoHeight)
        }

        /// Readout line `line` (0 or 1), as wide as the cell.
        func readout(line: Int) -> CGRect {
            CGRect(x: cell.minX + 4, y: demo.maxY + Self.gap + CGFloat(line) * (readoutHeight + Self.gap),
                   width: cell.width - 8, height: readoutHeight)
        }
    }

    private func makeToggle(_ layout: PanelLayout, action: @escaping @MainActor (RestrictionsScene) -> Void) -> UIButton {
        let toggle = UIButton(type: .custom)
        toggle.frame = layout.toggle
        toggle.backgroundColor = Self.toggleBackground
        toggle.layer.cornerRadius = 8
        toggle.titleLabel?.font = .systemFont(ofSize: 13)
        toggle.titleLabel?.numberOfLines = 0  // two lines where a narrow panel needs them
        toggle.addAction({ [unowned self] _ in
            action(self)
            updateToggles()
        }, for: .touchUpInside)
        stage.addSubview(toggle)
        return toggle
    }

    /// A "behind" view filling the demonstration area and a target over its right part;
    /// `outlined` draws a thin outline around the target, to find it when it cannot be seen.
    private func makeTargetOverBehind(_ layout: PanelLayout, outlined: Bool) -> (TouchCountingView, TouchCountingView) {
        let behind = TouchCountingView(frame: layout.demo, color: Self.behindColor)
        let inset = min(14, (layout.demo.height - 44) / 2)
        let left = CGRect(x: 0, y: 0, width: behind.bounds.width / 2, height: behind.bounds.height)
        behind.addSubview(makeCaption("behind", in: left))
        stage.addSubview(behind)
        let targetFrame = CGRect(x: layout.demo.midX, y: layout.demo.minY + inset,
                                 width: layout.demo.width / 2 - inset, height: layout.demo.height - 2 * inset)
        if outlined {
            let outline = UIView(frame: targetFrame.insetBy(dx: -3, dy: -3))
            outline.layer.borderWidth = 1
            outline.layer.borderColor = SandboxStyle.secondaryLabel.cgColor
            outline.layer.cornerRadius = 12
            outline.isUserInteractionEnabled = false  // a touch that falls through the target belongs to the view behind
            stage.addSubview(outline)
        }
        let target = TouchCountingView(frame: targetFrame, color: Self.targetColor)
        target.addSubview(makeCaption("target", in: target.bounds))
        stage.addSubview(target)
        showCounts(of: target, named: "target", in: makeReadout(layout, line: 0))
        showCounts(of: behind, named: "behind", in: makeReadout(layout, line: 1))
        return (target, behind)
    }

    private func showCounts(of view: TouchCountingView, named name: String, in readout: UILabel) {
        view.countsChanged = { [unowned view] in readout.text = Self.balanced("\(name): \(view.counts)", in: readout) }
        view.countsChanged?()
    }

    /// A readout as `label` shows it: on one line where it fits; else in two, how the
    /// touches began over how they finished ("target: began 0" over "ended 0 ·
    /// cancelled 0"), never with "cancelled 0" alone under the rest; where even that
    /// does not fit, at the separator (": " or " · ") that leaves the lines most even.
    static func balanced(_ text: String, in label: UILabel) -> String {
        let probe = UILabel(frame: .zero)
        probe.font = label.font
        func width(_ line: String) -> CGFloat {
            probe.text = line
            return probe.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 100)).width
        }
        let room = label.bounds.width
        guard width(text) > room else { return text }
        var breaks: [(first: String, second: String)] = []
        for separator in [" \u{B7} ", ": "] {
            var searchStart = text.startIndex
            while let range = text.range(of: separator, range: searchStart..<text.endIndex) {
                // A colon stays; a dot between counts is the line break itself.
                breaks.append((String(text[..<range.lowerBound]) + (separator == ": " ? ":" : ""), String(text[range.upperBound...])))
                searchStart = range.upperBound
            }
        }
        // The first dot's break (after "began") when both lines fit, else the most even.
        if let first = breaks.first, max(width(first.first), width(first.second)) <= room {
            return "\(first.first)\n\(first.second)"
        }
        let even = breaks.min { abs(width($0.first) - width($0.second)) < abs(width($1.first) - width($1.second)) }
        return even.map { "\($0.first)\n\($0.second)" } ?? text
    }

    private func makeReadout(_ layout: PanelLayout, line: Int) -> UILabel {
        let readout = UILabel(frame: layout.readout(line: line))
        readout.textAlignment = .center
        readout.numberOfLines = 0
        readout.font = PanelLayout.readoutFont
        readout.textColor = SandboxStyle.secondaryLabel
        stage.addSubview(readout)
        return readout
    }

    private func makeCaption(_ text: String, in frame: CGRect, size: CGFloat = 15) -> UILabel {
        let caption = UILabel(frame: frame)
        caption.text = text
        caption.numberOfLines = 0
        caption.textAlignment = .center
        caption.font = .boldSystemFont(ofSize: size)
        caption.textColor = SandboxStyle.label
        return caption
    }
}
