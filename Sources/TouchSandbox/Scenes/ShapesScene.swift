import UIKit

/// Layers hit-tested by their paths: a ring with a hole (even-odd), a five-pointed star
/// and an arrow, each a `CAShapeLayer` on one board, the star and the arrow turning.
/// Neuburg's "Hit-testing for layers" answers a tap by a layer's bounds, and his "for
/// drawings" by the drawn shape; this scene answers every tap both ways, for every
/// layer, where the layer is drawn now (its presentation, as the board hit-tests
/// presentation: `hitTestsPresentation`):
///
///     ring   bounds hit · path miss (the hole)
///     star   bounds miss · path miss
///     arrow  bounds hit · path hit
///
/// and says which layer the tap reached, by the rule the "hit-test by shape" switch
/// sets (`CAShapeLayer.hitTestsByShape`, this project's opt-in beyond Core Animation):
/// on, the shapes; off, their boxes. With the paths overlay (P) on, the shapes that
/// hit-test by path are tinted as they turn.
@MainActor
public final class ShapesScene: RebuildingSceneController, Scene {
    public static let name = "shapes"
    public static let caption = "Layers hit-tested by their paths: a ring with a hole, a turning star and arrow (Neuburg, \"Touches\": \"Hit-testing for layers\")"
    public static let hint: String? = "Tap the shapes, the ring's hole, the corners of their boxes; P tints the paths"

    /// One shape on the board.
    public enum Shape: String, CaseIterable, Sendable {
        case ring, star, arrow
    }

    /// A tap's answers for one layer.
    public struct Answer: Equatable, Sendable {
        public var shape: Shape
        public var boundsHit: Bool
        public var pathHit: Bool
    }

    /// Seconds a turn takes: the star clockwise, the arrow the other way.
    static let starTurn: CFTimeInterval = 12
    static let arrowTurn: CFTimeInterval = 16
    static let rotationKey = "turn"
    static let markerSide: CGFloat = 18
    static let colors: [Shape: UIColor] = [.ring: .systemBlue, .star: .systemYellow, .arrow: .systemRed]

    /// The board the shapes are sublayers of; taps on it are answered.
    private(set) var board: UIView!
    private(set) var layers: [Shape: CAShapeLayer] = [:]
    /// Turns path hit-testing on and off for every shape.
    private(set) var byShapeSwitch: UISwitch!
    /// What the last tap reached, and one line per shape.
    private(set) var reachedLabel: UILabel!
    private(set) var answerLabels: [Shape: UILabel] = [:]
    private(set) var marker: UIView!
    /// The last tap's answers, in the order of `Shape.allCases`.
    private(set) var lastAnswers: [Answer] = []
    /// Whether the shapes hit-test by their paths (the switch); on at first, so the
    /// paths overlay has something to show.
    private(set) var hitTestsByShape = true

    override func build(in area: CGRect) {
        let margin: CGFloat = 16, gap: CGFloat = 24
        let side = min(area.height - 2 * margin, ((area.width - 2 * margin - gap) * 0.55).rounded(.down))
        let columnWidth = min(360, area.width - 2 * margin - gap - side)
        let left = (area.midX - (side + gap + columnWidth) / 2).rounded()

        let board = UIView(frame: CGRect(x: left, y: (area.midY - side / 2).rounded(), width: side, height: side))
        board.backgroundColor = UIColor(white: 0.17, alpha: 1)
        board.layer.cornerRadius = 12
        // Taps are answered where the shapes are drawn, as they turn.
        board.hitTestsPresentation = true
        board.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ShapesScene.tapped))
        stage.addSubview(board)
        self.board = board
        layers = [:]
        let size = (side * 0.42).rounded()
        let places: [Shape: CGPoint] = [
            .ring: CGPoint(x: side * 0.28, y: side * 0.3), .star: CGPoint(x: side * 0.72, y: side * 0.34),
            .arrow: CGPoint(x: side * 0.5, y: side * 0.74),
        ]
        for shape in Shape.allCases {
            let layer = makeLayer(shape, side: size)
            layer.position = places[shape]!
            board.layer.addSublayer(layer)
            layers[shape] = layer
        }
        turn(layers[.star]!, every: Self.starTurn, clockwise: true)
        turn(layers[.arrow]!, every: Self.arrowTurn, clockwise: false)

        let marker = UIView(frame: CGRect(x: 0, y: 0, width: Self.markerSide, height: Self.markerSide))
        marker.layer.cornerRadius = Self.markerSide / 2
        marker.layer.borderWidth = 3
        marker.layer.borderColor = UIColor.white.cgColor
        marker.isUserInteractionEnabled = false
        marker.isHidden = true
        board.addSubview(marker)
        self.marker = marker

        // The column: the switch and its title, what the tap reached, a line per shape.
        let x = left + side + gap
        var y = board.frame.minY
        let switchTitle = makeLabel(CGRect(x: x, y: y, width: columnWidth - 64, height: 44), size: 16, bold: false)
        switchTitle.text = "hit-test by shape"
        stage.addSubview(switchTitle)
        let toggle = UISwitch(frame: CGRect(x: x + columnWidth - UISwitch.switchSize.width,
                                            y: y + (44 - UISwitch.switchSize.height) / 2, width: 0, height: 0))
        toggle.isOn = hitTestsByShape
        toggle.addAction({ [unowned self] sender in setHitTestsByShape((sender as? UISwitch)?.isOn ?? false) }, for: .valueChanged)
        stage.addSubview(toggle)
        byShapeSwitch = toggle
        y += 56
        reachedLabel = makeLabel(CGRect(x: x, y: y, width: columnWidth, height: 52), size: 18, bold: true)
        reachedLabel.numberOfLines = 2
        stage.addSubview(reachedLabel)
        y += 60
        answerLabels = [:]
        for shape in Shape.allCases {
            // Two lines, for the ring's note on a narrow window.
            let line = makeLabel(CGRect(x: x, y: y, width: columnWidth, height: 44), size: 16, bold: false)
            line.numberOfLines = 2
            stage.addSubview(line)
            answerLabels[shape] = line
            y += 48
        }
        show(lastAnswers, reached: lastAnswers.isEmpty ? nil : reached(by: lastAnswers))
    }

    // MARK: - Shapes

    private func makeLayer(_ shape: Shape, side: CGFloat) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        layer.fillColor = Self.colors[shape]!.cgColor
        // The layer's box, faint: where a bounds hit-test answers.
        layer.borderWidth = 1
        layer.borderColor = UIColor(white: 1, alpha: 0.25).cgColor
        layer.hitTestsByShape = hitTestsByShape
        let path = CGMutablePath()
        let center = CGPoint(x: side / 2, y: side / 2)
        switch shape {
        case .ring:
            path.addEllipse(in: CGRect(x: 0, y: 0, width: side, height: side))
            path.addEllipse(in: CGRect(x: side * 0.27, y: side * 0.27, width: side * 0.46, height: side * 0.46))
            // The inner circle inside the outer: even-odd leaves it a hole.
            layer.fillRule = .evenOdd
        case .star:
            let outer = side / 2, inner = side * 0.2
            for point in 0..<10 {
                let angle = -CGFloat.pi / 2 + CGFloat(point) * .pi / 5
                let radius = point.isMultiple(of: 2) ? outer : inner
                let corner = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                if point == 0 { path.move(to: corner) } else { path.addLine(to: corner) }
            }
            path.closeSubpath()
        case .arrow:
            // Pointing right: a shaft and a head, leaving the box's corners empty.
            let shaft = side * 0.16, head = side * 0.38
            path.addLines(between: [
                CGPoint(x: 0, y: center.y - shaft / 2), CGPoint(x: side * 0.58, y: center.y - shaft / 2),
                CGPoint(x: side * 0.58, y: center.y - head), CGPoint(x: side, y: center.y),
                CGPoint(x: side * 0.58, y: center.y + head), CGPoint(x: side * 0.58, y: center.y + shaft / 2),
                CGPoint(x: 0, y: center.y + shaft / 2),
            ])
            path.closeSubpath()
        }
        layer.path = path
        return layer
    }

    /// Turns a layer for ever with a `CABasicAnimation` (so Slow animations slows it), a
    /// turn every `period` seconds.
    private func turn(_ layer: CALayer, every period: CFTimeInterval, clockwise: Bool) {
        let animation = CABasicAnimation(keyPath: "transform.rotation.z")
        animation.fromValue = 0
        animation.toValue = clockwise ? 2 * Double.pi : -2 * Double.pi
        animation.duration = period
        animation.repeatCount = .infinity
        layer.add(animation, forKey: Self.rotationKey)
    }

    /// Switches path hit-testing on or off for every shape.
    func setHitTestsByShape(_ on: Bool) {
        hitTestsByShape = on
        for layer in layers.values { layer.hitTestsByShape = on }
        byShapeSwitch.isOn = on
        if !lastAnswers.isEmpty { show(lastAnswers, reached: reached(by: lastAnswers)) }
    }

    // MARK: - Taps

    private func tapped(_ recognizer: UIGestureRecognizer) {
        let point = recognizer.location(in: board)
        lastAnswers = answers(at: point)
        marker.center = point
        marker.isHidden = false
        show(lastAnswers, reached: reached(by: lastAnswers))
    }

    /// Every layer's two answers for a point in the board's coordinates, where the
    /// layers are drawn now: inside its box (its bounds), and inside its path by its
    /// fill rule.
    func answers(at point: CGPoint) -> [Answer] {
        Shape.allCases.compactMap { shape in
            guard let layer = layers[shape] else { return nil }
            let shown = layer.presentation() ?? layer
            let local = shown.pointFromSuperlayer(point)
            let pathHit = shown.path?.contains(local, using: layer.fillRule.pathFillRule) ?? false
            return Answer(shape: shape, boundsHit: shown.boundsContain(local), pathHit: pathHit)
        }
    }

    /// The layer a tap with these answers reaches, as `CALayer.hitTest(_:)` decides it:
    /// the frontmost (the last added) whose test says yes: its path while the shapes
    /// hit-test by shape, else its box.
    func reached(by answers: [Answer]) -> Shape? {
        answers.last { hitTestsByShape ? $0.pathHit : $0.boundsHit }?.shape
    }

    static func line(for answer: Answer) -> String {
        var line = "\(answer.shape.rawValue): bounds \(answer.boundsHit ? "hit" : "miss") \u{B7} path \(answer.pathHit ? "hit" : "miss")"
        if answer.shape == .ring, answer.boundsHit, !answer.pathHit { line += " (its hole, or a corner)" }
        return line
    }

    private func show(_ answers: [Answer], reached: Shape?) {
        guard !answers.isEmpty else {
            reachedLabel.text = "tap the board"
            reachedLabel.textColor = SandboxStyle.secondaryLabel
            for shape in Shape.allCases { answerLabels[shape]?.text = "\(shape.rawValue): \u{2013}" }
            return
        }
        reachedLabel.text = reached.map { "reached the \($0.rawValue) (by its \(hitTestsByShape ? "path" : "box"))" }
            ?? "reached no shape: the board"
        reachedLabel.textColor = reached.flatMap { Self.colors[$0] } ?? SandboxStyle.label
        for answer in answers {
            let label = answerLabels[answer.shape]
            label?.text = Self.line(for: answer)
            label?.textColor = answer.boundsHit == answer.pathHit ? SandboxStyle.label : UIColor.systemOrange
        }
    }

    private func makeLabel(_ frame: CGRect, size: CGFloat, bold: Bool) -> UILabel {
        let label = UILabel(frame: frame)
        label.font = bold ? .boldSystemFont(ofSize: size) : .systemFont(ofSize: size)
        label.textColor = SandboxStyle.label
        return label
    }
}
