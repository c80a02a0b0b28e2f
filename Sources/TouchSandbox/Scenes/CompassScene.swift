import UIKit

/// Neuburg's CompassView (`CompassView`): every tap on the compass is answered twice,
/// by layer hit-testing (the arrow layer's bounds, drawn as a faint box) and by the
/// arrow's outline, and the two answers show beside the compass while a ring marks
/// where the tap landed. A tap in the box's empty corners is a layer hit but no path
/// hit: Neuburg's complaint that hit-testing "knows nothing of drawing".
@MainActor
public final class CompassScene: UIViewController, Scene {
    public static let name = "compass"
    public static let caption = "Layer hit-testing (bounds) vs the arrow's outline (Neuburg, \"Touches\": \"Hit-testing for layers\" and \"for drawings\")"
    public static let hint: String? = "Tap the red arrow, the empty corners of its faint box, or elsewhere on the compass"

    static let markerSide: CGFloat = 18
    /// The ring's colours: both answers yes, the answers differ, both no.
    static let bothColor = UIColor.systemGreen
    static let disagreeingColor = UIColor.systemOrange
    static let neitherColor = UIColor.systemGray

    private(set) var compass: CompassView!
    /// "layer hit: yes · path hit: no" after a tap.
    private(set) var answerLabel: UILabel!
    /// The ring at the last tap, hidden before the first.
    private(set) var marker: UIView!

    /// How the two answers are found, under the answer.
    private(set) var explanationLabel: UILabel!
    private var safeArea = SafeAreaTracker()

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        compass = makeCompass(side: 280, in: stage)

        answerLabel = makeLabel(.zero, size: 20, bold: true)
        answerLabel.text = "tap the compass"
        answerLabel.textColor = SandboxStyle.secondaryLabel
        answerLabel.numberOfLines = 2
        stage.addSubview(answerLabel)
        explanationLabel = makeLabel(.zero, size: 15, bold: false)
        explanationLabel.text = "layer hit: the compass layer's hitTest(_:) returns the arrow layer: its bounds, the faint box\n"
            + "path hit: CGPath.contains on the arrow's outline, the red shape (even-odd)"
        explanationLabel.textColor = SandboxStyle.secondaryLabel
        explanationLabel.numberOfLines = 0
        stage.addSubview(explanationLabel)

        // A view above the compass, not a layer in it, so the compass's layer
        // hit-testing never finds the ring; and deaf to touches, so taps reach the
        // compass through it.
        let marker = UIView(frame: CGRect(x: 0, y: 0, width: Self.markerSide, height: Self.markerSide))
        marker.layer.cornerRadius = Self.markerSide / 2
        marker.layer.borderWidth = 3
        marker.isUserInteractionEnabled = false
        marker.isHidden = true
        stage.addSubview(marker)
        self.marker = marker
        view = stage
    }

    /// The compass and, beside it, the answer over the explanation, the pair centred in
    /// the safe area; the compass shrinks and the text column narrows (and wraps) to fit
    /// a small window.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        let margin: CGFloat = 16, gap: CGFloat = 32
        let side = min(280, area.height - 40, (area.width - 2 * margin - gap) * 0.42).rounded()
        let panelWidth = min(340, area.width - 2 * margin - side - gap)
        let left = (area.midX - (side + gap + panelWidth) / 2).rounded()
        if compass.bounds.width != side {
            // The listing's layer makes its parts once, for the size it first gets: a
            // compass of another size is a new compass.
            let old = compass!
            compass = makeCompass(side: side, in: view)
            view.insertSubview(compass, aboveSubview: old)
            old.removeFromSuperview()
        }
        compass.frame = CGRect(x: left, y: (area.midY - side / 2).rounded(), width: side, height: side)
        marker.isHidden = true
        let panelX = left + side + gap
        answerLabel.frame = CGRect(x: panelX, y: 0, width: panelWidth, height: 0)
        answerLabel.frame.size.height = 2 * 26
        explanationLabel.frame = CGRect(x: panelX, y: 0, width: panelWidth, height: 0)
        explanationLabel.frame.size.height = explanationLabel.fittedHeight()
        let height = answerLabel.frame.height + 8 + explanationLabel.frame.height
        answerLabel.frame.origin.y = (area.midY - height / 2).rounded()
        explanationLabel.frame.origin.y = answerLabel.frame.maxY + 8
    }

    private func makeCompass(side: CGFloat, in stage: UIView) -> CompassView {
        let compass = CompassView(frame: CGRect(x: 0, y: 0, width: side, height: side))
        compass.onTap = { [unowned self] tap in show(tap) }
        stage.addSubview(compass)
        return compass
    }

    /// The words shown for a tap's two answers.
    static func answer(for tap: CompassView.Tap) -> String {
        "layer hit: \(tap.layerHit ? "yes" : "no") \u{B7} path hit: \(tap.pathHit ? "yes" : "no")"
    }

    static func color(for tap: CompassView.Tap) -> UIColor {
        switch (tap.layerHit, tap.pathHit) {
        case (true, true): bothColor
        case (false, false): neitherColor
        default: disagreeingColor
        }
    }

    private func show(_ tap: CompassView.Tap) {
        answerLabel.text = Self.answer(for: tap)
        answerLabel.textColor = Self.color(for: tap)
        marker.center = compass.convert(tap.location, to: view)
        marker.layer.borderColor = Self.color(for: tap).cgColor
        marker.isHidden = false
    }

    private func makeLabel(_ frame: CGRect, size: CGFloat, bold: Bool) -> UILabel {
        let label = UILabel(frame: frame)
        label.font = bold ? .boldSystemFont(ofSize: size) : .systemFont(ofSize: size)
        return label
    }
}
