import UIKit

/// Neuburg, "Touches": "Hit-testing during animation", in four lanes. In each, a
/// button-like view slides back and forth for ever (`UIView.animate`, `.repeat` and
/// `.autoreverse`) and an outline marks its model frame, which sits at the far end all
/// the while.
///
/// 1. Model (UIKit's default, `.allowUserInteraction`): a tap on the moving view
///    misses it, a tap on the outline hits it.
/// 2. Presentation by Neuburg's munging (`PresentationHitTestingView`): the moving
///    view is hit where it is seen; the outline is dead.
/// 3. Presentation by this project's opt-in `hitTestsPresentation` on the lane: the
///    same, without an override ("what you see is what you touch").
/// 4. The animated view "swallows the touch": a `UIButton` animated without
///    `.allowUserInteraction` ignores touches, so its action is never sent; Neuburg's
///    workaround, a tap recognizer on the lane that hit-tests the button's presentation
///    layer, reports the hit.
///
/// Each lane counts hits and misses and rings the last tap (green hit, red miss). The
/// animations run on the media clock, so they slow down with the animation engine.
@MainActor
public final class HitTestAnimationScene: RebuildingSceneController, Scene {
    public static let name = "hit-test-animation"
    public static let caption = "Hit-testing a moving view: model vs presentation (Neuburg, \"Touches\": \"Hit-testing during animation\")"
    public static let hint: String? = "Tap the moving views, then their \"model\" outlines; compare the lanes"

    /// One way across: slow enough to follow and to aim at.
    static let crossingDuration: TimeInterval = 2.5
    static let moverSize = CGSize(width: 84, height: 46)
    static let labelColumnWidth: CGFloat = 250
    static let markerSide: CGFloat = 16
    static let moverColor = UIColor(red: 0.29, green: 0.56, blue: 0.89, alpha: 1)

    /// How each lane hit-tests its moving view.
    public enum Kind: CaseIterable, Sendable {
        case model, munged, presentation, swallowed
    }

    /// One lane: the panel that keeps every touch reaching it, the track the view
    /// moves along (its superview), the moving view, and what the lane shows.
    struct Lane {
        let kind: Kind
        let panel: ForwardingResponderView
        let track: UIView
        let mover: UIView
        let result: UILabel
        let marker: UIView
    }

    private(set) var lanes: [Lane] = []
    /// Per lane (in `Kind` order): taps that hit the moving view, and those that missed.
    private(set) var hits = [Int](repeating: 0, count: Kind.allCases.count)
    private(set) var misses = [Int](repeating: 0, count: Kind.allCases.count)
    /// Lane 4: actions the animated button sent (touches never reach it), and the
    /// workaround recognizer's answers.
    private(set) var buttonActions = 0
    private(set) var recognizerHits = 0
    private(set) var recognizerMisses = 0


    override func build(in area: CGRect) {
        lanes = []
        let gap: CGFloat = 8
        let count = CGFloat(Kind.allCases.count)
        let laneHeight = max(74, min(110, ((area.height - 16 - gap * (count - 1)) / count).rounded(.down)))
        let width = min(area.width - 40, 960)
        var y = area.midY - (laneHeight * count + gap * (count - 1)) / 2
        for kind in Kind.allCases {
            let lane = makeLane(kind, frame: CGRect(x: area.midX - width / 2, y: y, width: width, height: laneHeight))
            stage.addSubview(lane.panel)
            lanes.append(lane)
            showResult(of: lane)
            y += laneHeight + gap
        }
        for lane in lanes { startMoving(lane) }
    }

    // MARK: - Lanes

    private func makeLane(_ kind: Kind, frame: CGRect) -> Lane {
        let panel = ForwardingResponderView(frame: frame)
        panel.handlesTouches = true
        panel.backgroundColor = UIColor(white: 0.15, alpha: 1)
        panel.layer.cornerRadius = 10

        let (title, detail) = Self.describe(kind)
        let column = Self.labelColumnWidth
        // Title, two lines of detail and the result, one under the other (a lane is at
        // least 74 points tall).
        let titleLabel = makeLabel(CGRect(x: 12, y: 4, width: column - 16, height: 18), size: 14, bold: true)
        titleLabel.text = title
        panel.addSubview(titleLabel)
        let detailLabel = makeLabel(CGRect(x: 12, y: 22, width: column - 16, height: 32), size: 13, bold: false)
        detailLabel.text = detail
        detailLabel.numberOfLines = 2
        detailLabel.textColor = SandboxStyle.secondaryLabel
        panel.addSubview(detailLabel)
        let result = makeLabel(CGRect(x: 12, y: max(54, frame.height - 22), width: column - 16, height: 18), size: 13, bold: false)
        panel.addSubview(result)

        let track: UIView
        switch kind {
        case .munged: track = PresentationHitTestingView()
        default: track = UIView()
        }
        track.frame = CGRect(x: column, y: 6, width: frame.width - column - 6, height: frame.height - 12)
        track.backgroundColor = UIColor(white: 0.22, alpha: 1)
        track.layer.cornerRadius = 8
        track.hitTestsPresentation = kind == .presentation
        panel.addSubview(track)

        let moverFrame = CGRect(origin: CGPoint(x: 8, y: (track.bounds.height - Self.moverSize.height) / 2), size: Self.moverSize)
        let modelOutline = UIView(frame: moverFrame.offsetBy(dx: Self.travel(in: track), dy: 0))
        modelOutline.layer.cornerRadius = 10
        modelOutline.layer.borderWidth = 2
        modelOutline.layer.borderColor = UIColor(white: 0.6, alpha: 1).cgColor
        modelOutline.isUserInteractionEnabled = false
        track.addSubview(modelOutline)
        let outlineLabel = makeLabel(modelOutline.bounds, size: 13, bold: false)
        outlineLabel.text = "model"
        outlineLabel.textAlignment = .center
        outlineLabel.textColor = UIColor(white: 0.6, alpha: 1)
        modelOutline.addSubview(outlineLabel)

        let mover = kind == .swallowed ? makeButton(frame: moverFrame) : UIView(frame: moverFrame)
        mover.backgroundColor = Self.moverColor
        mover.layer.cornerRadius = 10
        track.addSubview(mover)
        (track as? PresentationHitTestingView)?.animatedSubview = mover

        let marker = UIView(frame: CGRect(x: 0, y: 0, width: Self.markerSide, height: Self.markerSide))
        marker.layer.cornerRadius = Self.markerSide / 2
        marker.layer.borderWidth = 3
        marker.isUserInteractionEnabled = false
        marker.isHidden = true
        track.addSubview(marker)

        let lane = Lane(kind: kind, panel: panel, track: track, mover: mover, result: result, marker: marker)
        if kind == .swallowed {
            track.addGestureRecognizer(UITapGestureRecognizer(target: self, action: HitTestAnimationScene.laneTapped))
        } else {
            // The lane is looked up, not captured: it holds the panel, which holds this
            // closure, and that cycle would keep the lane and its endless animation
            // alive after the scene is gone.
            panel.touchesReceived = { [unowned self, unowned panel] touches, phase, _ in
                guard phase == .began, let touch = touches.first,
                      let lane = lanes.first(where: { $0.panel === panel }) else { return }
                touchBegan(touch, in: lane)
            }
        }
        return lane
    }

    static func describe(_ kind: Kind) -> (title: String, detail: String) {
        switch kind {
        case .model: ("1. model (UIKit)", "hit where the model is: the outline")
        case .munged: ("2. munged hitTest", "Neuburg's PresentationHitTestingView")
        case .presentation: ("3. hitTestsPresentation", "this project's opt-in, set on the lane")
        case .swallowed: ("4. the touch is swallowed", "no .allowUserInteraction; a tap recognizer tests the presentation")
        }
    }

    /// How far the view travels: to the far end of the track.
    static func travel(in track: UIView) -> CGFloat {
        track.bounds.width - moverSize.width - 16
    }

    private func makeButton(frame: CGRect) -> UIButton {
        let button = UIButton(frame: frame)
        button.setTitle("button", for: .normal)
        button.addTarget(self, action: HitTestAnimationScene.buttonTapped, for: .touchUpInside)
        return button
    }

    /// Slides the view to the far end and back, for ever. Lanes 1 to 3 let it take
    /// touches while it moves; lane 4 does not, which is the point of lane 4.
    private func startMoving(_ lane: Lane) {
        var options: UIView.AnimationOptions = [.repeat, .autoreverse, .curveEaseInOut]
        if lane.kind != .swallowed { options.insert(.allowUserInteraction) }
        let mover = lane.mover
        let end = mover.center.x + Self.travel(in: lane.track)
        UIView.animate(withDuration: Self.crossingDuration, delay: 0, options: options, animations: {
            mover.center.x = end
        })
    }

    // MARK: - Touches

    /// Lanes 1 to 3: the touch's view is what hit-testing chose.
    private func touchBegan(_ touch: UITouch, in lane: Lane) {
        let index = Kind.allCases.firstIndex(of: lane.kind)!
        let hit = touch.view === lane.mover
        if hit { hits[index] += 1 } else { misses[index] += 1 }
        mark(touch.location(in: lane.track), in: lane, hit: hit)
        showResult(of: lane)
    }

    /// Lane 4, Neuburg's workaround: hit-test where the button is seen.
    func laneTapped(_ g: UITapGestureRecognizer) {
        guard let lane = lanes.first(where: { $0.kind == .swallowed }) else { return }
        let p = g.location(in: lane.track)
        let shown = lane.mover.layer.presentation() ?? lane.mover.layer
        let hit = shown.hitTest(p) != nil
        if hit { recognizerHits += 1 } else { recognizerMisses += 1 }
        mark(p, in: lane, hit: hit)
        showResult(of: lane)
    }

    func buttonTapped() {
        buttonActions += 1
        if let lane = lanes.first(where: { $0.kind == .swallowed }) { showResult(of: lane) }
    }

    private func mark(_ point: CGPoint, in lane: Lane, hit: Bool) {
        lane.marker.center = point
        lane.marker.layer.borderColor = (hit ? UIColor.systemGreen : UIColor.systemRed).cgColor
        lane.marker.isHidden = false
    }

    private func showResult(of lane: Lane) {
        if lane.kind == .swallowed {
            lane.result.text = "recognizer hits \(recognizerHits) \u{B7} button actions \(buttonActions)"
        } else {
            let index = Kind.allCases.firstIndex(of: lane.kind)!
            lane.result.text = "hits \(hits[index]) \u{B7} misses \(misses[index])"
        }
    }

    private func makeLabel(_ frame: CGRect, size: CGFloat, bold: Bool) -> UILabel {
        let label = UILabel(frame: frame)
        label.font = bold ? .boldSystemFont(ofSize: size) : .systemFont(ofSize: size)
        label.textColor = SandboxStyle.label
        return label
    }
}
