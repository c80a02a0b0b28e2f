import UIKit

/// The responder chain (Beginning iPhone Development with Swift, ch. 18: "The Responder
/// Chain" and "Forwarding an Event"; Neuburg, "Touches": "Touches and the Responder
/// Chain"): three nested views, each a `ForwardingResponderView` with a button that
/// makes it handle touches or pass them on. A touch starts at the view it hit and
/// climbs view → superview → … → the stage (the root view) → this view controller → the
/// window → the application → its delegate (when that is a responder), until a
/// responder keeps it. Each view it reaches flashes, one after the other in the order
/// the touch travelled (yellow: passed on, green: kept), and the list beside the views
/// names every responder on the way.
///
/// The window and the application do not override the touches methods, so they record
/// nothing: this controller, the last responder the scene owns, lists them by following
/// `next`, which is exactly where its `super` call sends the touches on.
@MainActor
public final class ResponderChainScene: UIViewController, Scene {
    public static let name = "responder-chain"
    public static let caption = "The responder chain: a touch climbs until a responder keeps it (Beginning iPhone Development with Swift, ch. 18; Neuburg, \"Touches\")"
    public static let hint: String? = "Tap a box; its button decides whether the box handles touches or passes them on"

    /// The flash of the first responder starts at once, each next one this much later.
    static let flashStagger: TimeInterval = 0.15
    static let flashDuration: TimeInterval = 0.5
    static let flashKey = "flash"
    static let passedColor = UIColor.systemYellow
    static let keptColor = UIColor.systemGreen
    static let listLines = 10
    static let lineHeight: CGFloat = 24

    /// The nested views, outermost first, and the stage that holds them.
    private(set) var outer: ForwardingResponderView!
    private(set) var middle: ForwardingResponderView!
    private(set) var inner: ForwardingResponderView!
    private(set) var stage: ForwardingResponderView!
    /// The buttons that switch each box between handling and passing on.
    private(set) var toggles: [ForwardingResponderView: UIButton] = [:]
    private(set) var listLabels: [UILabel] = []

    /// The responders the last touch reached, in the order it reached them.
    /// Held weakly: the chain runs through this scene, its window and the application,
    /// and a strong list of them would keep the scene (and the window) alive for good.
    var chain: [UIResponder] {
        chainLinks.compactMap(\.responder)
    }
    private var chainLinks: [WeakResponder] = []
    /// The responder that kept the last touch; nil when it ran off the end of the chain.
    private(set) weak var keeper: UIResponder?
    private weak var currentTouch: UITouch?
    private var names: [ObjectIdentifier: String] = [:]

    /// Wide enough for the longest line ("6. SandboxAppDelegate: passes it on
    /// (default)", 351 points at 15 points): the boxes narrow instead.
    static let listWidth: CGFloat = 360
    static let toggleSize = CGSize(width: 132, height: 44)
    private var header: UILabel!
    /// Each box's title label.
    private var titleLabels: [ForwardingResponderView: UILabel] = [:]
    private var safeArea = SafeAreaTracker()

    public override func loadView() {
        let stage = ForwardingResponderView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        outer = makeBox("outer view", color: UIColor(red: 0.20, green: 0.24, blue: 0.36, alpha: 1), in: stage)
        middle = makeBox("middle view", color: UIColor(red: 0.25, green: 0.33, blue: 0.52, alpha: 1), in: outer)
        inner = makeBox("inner view", color: UIColor(red: 0.29, green: 0.44, blue: 0.72, alpha: 1), in: middle)
        outer.handlesTouches = true
        for box in [outer!, middle!, inner!] { showToggle(of: box) }

        self.stage = stage
        names[ObjectIdentifier(stage)] = "stage (root view)"
        names[ObjectIdentifier(self)] = "scene (view controller)"
        stage.touchesReceived = { [unowned self, unowned stage] touches, phase, kept in
            received(touches, phase, by: stage, kept: kept)
        }

        header = makeLabel(.zero, size: 15)
        header.text = "the last touch's trip, in order:"
        header.textColor = SandboxStyle.secondaryLabel
        stage.addSubview(header)
        for _ in 0..<Self.listLines {
            let line = makeLabel(.zero, size: 15)
            stage.addSubview(line)
            listLabels.append(line)
        }
        view = stage
        showChain()
    }

    /// The nested boxes and, beside them, the list, centred in the safe area. Where the
    /// innermost box is too narrow for its title and button side by side, each box puts
    /// its button under its title.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        let margin: CGFloat = 16, gap: CGFloat = 24
        let listWidth = Self.listWidth
        let boxSize = CGSize(width: min(400, area.width - 2 * margin - gap - listWidth), height: min(340, area.height - 20))
        let left = (area.midX - (boxSize.width + gap + listWidth) / 2).rounded()
        outer.frame = CGRect(x: left, y: (area.midY - boxSize.height / 2).rounded(), width: boxSize.width, height: boxSize.height)
        let innerWidth = boxSize.width - 4 * Self.nestingInset
        let titleWidth = titleLabels[inner]?.sizeThatFits(CGSize(width: 1000, height: 100)).width ?? 0
        let compact = 14 + titleWidth + 8 + Self.toggleSize.width + 10 > innerWidth
        let headerHeight = compact ? Self.compactHeaderHeight : Self.headerHeight
        middle.frame = Self.nestedFrame(in: outer.bounds, headerHeight: headerHeight)
        inner.frame = Self.nestedFrame(in: middle.bounds, headerHeight: headerHeight)
        for box in [outer!, middle!, inner!] {
            titleLabels[box]?.frame = CGRect(x: 14, y: 10, width: box.bounds.width - 28, height: 26)
            let toggleWidth = min(Self.toggleSize.width, box.bounds.width - 28)
            toggles[box]?.frame = compact
                ? CGRect(x: 14, y: 38, width: toggleWidth, height: Self.toggleSize.height)
                : CGRect(x: box.bounds.width - toggleWidth - 10, y: 5, width: toggleWidth, height: Self.toggleSize.height)
            if !compact { titleLabels[box]?.frame.size.width = box.bounds.width - 28 - toggleWidth - 8 }
        }

        let listX = left + boxSize.width + gap
        let listTop = (area.midY - Self.lineHeight * CGFloat(Self.listLines + 1) / 2).rounded()
        header.frame = CGRect(x: listX, y: listTop, width: listWidth, height: Self.lineHeight)
        for (index, line) in listLabels.enumerated() {
            line.frame = CGRect(x: listX, y: listTop + Self.lineHeight * CGFloat(index + 1), width: listWidth, height: Self.lineHeight)
        }
    }

    /// How far each box sits inside the one around it, at the sides and the bottom.
    static let nestingInset: CGFloat = 16
    /// The room above a nested box for the title and the button beside it, or the
    /// title and the button under it.
    static let headerHeight: CGFloat = 54
    static let compactHeaderHeight: CGFloat = 90

    /// The next box in: inset, with room above for the outer box's title and button.
    static func nestedFrame(in bounds: CGRect, headerHeight: CGFloat = headerHeight) -> CGRect {
        CGRect(x: nestingInset, y: headerHeight, width: bounds.width - 2 * nestingInset,
               height: bounds.height - headerHeight - nestingInset)
    }

    // MARK: - The chain

    /// The controller is the stage's next responder: a touch no view kept arrives here.
    /// It passes it on with `super` (UIResponder's default), after listing the
    /// responders that the default will carry it through.
    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        chainLinks.append(WeakResponder(responder: self))
        var responder = next
        while let current = responder {
            chainLinks.append(WeakResponder(responder: current))
            responder = current.next
        }
        showChain()
        super.touchesBegan(touches, with: event)
    }

    private func received(_ touches: Set<UITouch>, _ phase: UITouch.Phase, by box: ForwardingResponderView, kept: Bool) {
        guard phase == .began else { return }
        if let touch = touches.first, touch !== currentTouch {
            currentTouch = touch
            chainLinks = []
            keeper = nil
        }
        chainLinks.append(WeakResponder(responder: box))
        if kept { keeper = box }
        flash(box, step: chainLinks.count - 1, kept: kept)
        showChain()
    }

    /// Pulses the view's background from the flash colour back to its own, starting
    /// `step` staggers from now, so the flashes run in the order of the chain.
    private func flash(_ box: UIView, step: Int, kept: Bool) {
        let flash = CABasicAnimation(keyPath: "backgroundColor")
        let color = kept ? Self.keptColor : Self.passedColor
        // The stage fills the window: a full-strength flash there would glare.
        flash.fromValue = (box === stage ? color.withAlphaComponent(0.3) : color).cgColor
        flash.toValue = box.backgroundColor?.cgColor
        flash.duration = Self.flashDuration
        // On the layer tree's clock, as on iOS, so slow animations stretch the stagger too.
        flash.beginTime = box.layer.convertTime(CACurrentMediaTime(), from: nil) + Self.flashStagger * Double(step)
        box.layer.add(flash, forKey: Self.flashKey)
    }

    /// The list's lines for the current chain: one per responder, then where it ended.
    func chainLines() -> [String] {
        var lines: [String] = []
        let chain = self.chain
        for (index, responder) in chain.enumerated() {
            let action: String
            if responder === keeper {
                action = "handles it: the chain stops"
            } else if names[ObjectIdentifier(responder)] != nil {
                action = "passes it on"
            } else {
                action = "passes it on (default)"
            }
            lines.append("\(index + 1). \(name(of: responder)): \(action)")
        }
        if !chain.isEmpty, keeper == nil { lines.append("end of the chain: nobody kept it") }
        return lines
    }

    private func showChain() {
        let lines = chainLines()
        let chain = self.chain
        for (index, label) in listLabels.enumerated() {
            label.text = index < lines.count ? lines[index] : nil
            let isKeeper = index < chain.count && chain[index] === keeper
            label.textColor = isKeeper ? Self.keptColor : SandboxStyle.label
        }
        if lines.isEmpty {
            listLabels.first?.text = "none yet: tap a box"
            listLabels.first?.textColor = SandboxStyle.secondaryLabel
        }
    }

    private func name(of responder: UIResponder) -> String {
        names[ObjectIdentifier(responder)] ?? String(describing: type(of: responder))
    }

    // MARK: - The boxes

    private func makeBox(_ title: String, color: UIColor, in parent: UIView) -> ForwardingResponderView {
        let box = ForwardingResponderView(frame: .zero)
        box.backgroundColor = color
        box.layer.cornerRadius = 12
        box.layer.borderWidth = 1
        box.layer.borderColor = UIColor(white: 1, alpha: 0.25).cgColor
        names[ObjectIdentifier(box)] = title
        box.touchesReceived = { [unowned self, unowned box] touches, phase, kept in
            received(touches, phase, by: box, kept: kept)
        }

        let label = makeLabel(.zero, size: 16)
        label.text = title
        label.font = .boldSystemFont(ofSize: 16)
        box.addSubview(label)
        titleLabels[box] = label

        let toggle = UIButton(frame: CGRect(origin: .zero, size: Self.toggleSize))
        toggle.layer.cornerRadius = 8
        toggle.titleLabel?.font = .systemFont(ofSize: 14)
        toggle.addTarget(self, action: ResponderChainScene.toggleTapped, for: .touchUpInside)
        box.addSubview(toggle)
        toggles[box] = toggle
        parent.addSubview(box)
        return box
    }

    /// A box's button switches it between handling touches and passing them on.
    func toggleTapped(_ sender: UIButton) {
        guard let box = sender.superview as? ForwardingResponderView else { return }
        box.handlesTouches.toggle()
        showToggle(of: box)
    }

    /// The button says what the box does now, in the colour its flash uses.
    private func showToggle(of box: ForwardingResponderView) {
        guard let toggle = toggles[box] else { return }
        toggle.setTitle(box.handlesTouches ? "handles touches" : "passes them on", for: .normal)
        toggle.setTitleColor(.black, for: .normal)
        toggle.backgroundColor = box.handlesTouches ? Self.keptColor : Self.passedColor
    }

    private func makeLabel(_ frame: CGRect, size: CGFloat) -> UILabel {
        let label = UILabel(frame: frame)
        label.font = .systemFont(ofSize: size)
        label.textColor = SandboxStyle.label
        return label
    }
}

/// A link of the chain as the scene lists it, held weakly.
private struct WeakResponder {
    weak var responder: UIResponder?
}
