import UIKit

/// The responder chain (seed 003, "The Responder Chain" and "Forwarding an Event";
/// seed 000, "Touches and the Responder Chain"): three nested views, each a
/// `ForwardingResponderView` with a button that makes it handle touches or pass them
/// on. A touch starts at the view it hit and climbs view → superview → … → the stage
/// (the root view) → this view controller → the window → the application → its
/// delegate (when that is a responder), until a responder keeps it. Each view it reaches flashes, one after the other in the order
/// the touch travelled (yellow: passed on, green: kept), and the list beside the views
/// names every responder on the way.
///
/// The window and the application do not override the touches methods, so they record
/// nothing: this controller, the last responder the scene owns, lists them by following
/// `next`, which is exactly where its `super` call sends the touches on.
@MainActor
public final class ResponderChainScene: UIViewController, Scene {
    public static let name = "responder-chain"
    public static let caption = "The responder chain: a touch climbs until a responder keeps it (seed 003; seed 000)"
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

    public override func loadView() {
        let stage = ForwardingResponderView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        let area = SandboxChrome.clearArea(in: stage.bounds.size)
        let listWidth: CGFloat = 330
        let gap: CGFloat = 30
        let boxSize = CGSize(width: 400, height: min(340, area.height - 30))
        let left = area.midX - (boxSize.width + gap + listWidth) / 2
        let outerFrame = CGRect(x: left, y: area.midY - boxSize.height / 2, width: boxSize.width, height: boxSize.height)

        outer = makeBox("outer view", frame: outerFrame, color: UIColor(red: 0.20, green: 0.24, blue: 0.36, alpha: 1), in: stage)
        middle = makeBox("middle view", frame: Self.nestedFrame(in: outer.bounds),
                         color: UIColor(red: 0.25, green: 0.33, blue: 0.52, alpha: 1), in: outer)
        inner = makeBox("inner view", frame: Self.nestedFrame(in: middle.bounds),
                        color: UIColor(red: 0.29, green: 0.44, blue: 0.72, alpha: 1), in: middle)
        outer.handlesTouches = true
        for box in [outer!, middle!, inner!] { showToggle(of: box) }

        self.stage = stage
        names[ObjectIdentifier(stage)] = "stage (root view)"
        names[ObjectIdentifier(self)] = "scene (view controller)"
        stage.touchesReceived = { [unowned self, unowned stage] touches, phase, kept in
            received(touches, phase, by: stage, kept: kept)
        }

        let listX = left + boxSize.width + gap
        let listTop = area.midY - Self.lineHeight * CGFloat(Self.listLines + 1) / 2
        let header = makeLabel(CGRect(x: listX, y: listTop, width: listWidth, height: Self.lineHeight), size: 15)
        header.text = "the last touch's trip, in order:"
        header.textColor = SandboxStyle.secondaryLabel
        stage.addSubview(header)
        for index in 0..<Self.listLines {
            let frame = CGRect(x: listX, y: listTop + Self.lineHeight * CGFloat(index + 1), width: listWidth, height: Self.lineHeight)
            let line = makeLabel(frame, size: 15)
            stage.addSubview(line)
            listLabels.append(line)
        }
        view = stage
        showChain()
    }

    /// The next box in: inset, with room above for the outer box's title and button.
    static func nestedFrame(in bounds: CGRect) -> CGRect {
        CGRect(x: 25, y: 46, width: bounds.width - 50, height: bounds.height - 46 - 25)
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

    private func makeBox(_ title: String, frame: CGRect, color: UIColor, in parent: UIView) -> ForwardingResponderView {
        let box = ForwardingResponderView(frame: frame)
        box.backgroundColor = color
        box.layer.cornerRadius = 12
        box.layer.borderWidth = 1
        box.layer.borderColor = UIColor(white: 1, alpha: 0.25).cgColor
        names[ObjectIdentifier(box)] = title
        box.touchesReceived = { [unowned self, unowned box] touches, phase, kept in
            received(touches, phase, by: box, kept: kept)
        }

        let label = makeLabel(CGRect(x: 14, y: 10, width: 150, height: 26), size: 16)
        label.text = title
        label.font = .boldSystemFont(ofSize: 16)
        box.addSubview(label)

        let toggle = UIButton(frame: CGRect(x: frame.width - 144, y: 9, width: 132, height: 28))
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
