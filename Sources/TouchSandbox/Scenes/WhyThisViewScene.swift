import UIKit

/// A scene built to be explained by the Why tool (W): ten tiles, each with a green
/// target and one reason a touch on it goes elsewhere, or goes to it in spite of what
/// lies over it. Every reason UIKit's hit-test turns a view away occurs, an override's
/// answer as the container's `hitTest` replacing its target (Neuburg, "Touches":
/// "Hit-Testing" and "Restricting Touches"; Apple, "Handling Touches in Your View"):
///
/// 1. **hidden**: a hidden cover over the target; the walk skips it, the target is hit.
/// 2. **alpha 0.005**: a faint glass over the target, below UIKit's 0.01; skipped.
/// 3. **interaction off**: the target inside a box with `isUserInteractionEnabled`
///    false; the tile gets the touch.
/// 4. **outside bounds**: the target sticks out of a small box; where it sticks out it
///    is drawn but never reached.
/// 5. **covered**: a clear pane in front of half the target takes the touch there.
/// 6. **point(inside:)**: the target's override says no on its right half.
/// 7. **hitTest override**: a container whose `hitTest(_:with:)` answers itself, never
///    its target.
/// 8. **hit path**: a round target that hit-tests by its circle (`hitTestPath`); its
///    box's corners miss.
/// 9. **animating**: a target sliding without `.allowUserInteraction`; turned away
///    wherever it is.
/// 10. **drawn ≠ hit**: a target sliding with `.allowUserInteraction`, hit-tested at its
///    model frame (the far end), not where it is drawn.
///
/// Every view reports the touches it gets to the line at the bottom ("reached: target
/// of tile 5", or the tile, or the pane), so what the Why tool explains can be checked
/// against what happened.
@MainActor
public final class WhyThisViewScene: RebuildingSceneController, Scene {
    public static let name = "why-this-view"
    public static let caption = "Why this view? Ten tiles, ten reasons a touch misses the view you meant (Neuburg, \"Touches\": \"Hit-Testing\")"
    public static let hint: String? = "Press W (Why), then tap each tile's green target"

    /// The tiles' puzzles, in order.
    public enum Puzzle: Int, CaseIterable, Sendable {
        case hidden, alpha, interactionOff, outsideBounds, covered, pointInside, hitTestOverride, hitPath, animating,
             drawnElsewhere

        /// The tile's title.
        public var title: String {
            switch self {
            case .hidden: "hidden"
            case .alpha: "alpha 0.005"
            case .interactionOff: "interaction off"
            case .outsideBounds: "outside bounds"
            case .covered: "covered"
            case .pointInside: "point(inside:)"
            case .hitTestOverride: "hitTest override"
            case .hitPath: "hit path"
            case .animating: "animating"
            case .drawnElsewhere: "drawn \u{2260} hit"
            }
        }
    }

    static let targetColor = UIColor(red: 0.20, green: 0.74, blue: 0.36, alpha: 1)
    static let tileColor = UIColor(white: 0.17, alpha: 1)
    static let boxColor = UIColor(white: 0.30, alpha: 1)
    /// Seconds a sliding target takes one way.
    static let slideDuration: TimeInterval = 2

    /// Each puzzle's tile and target, and the views that make the puzzle.
    public private(set) var tiles: [Puzzle: UIView] = [:]
    public private(set) var targets: [Puzzle: UIView] = [:]
    /// The views over, around or in front of a target, by puzzle.
    public private(set) var obstacles: [Puzzle: UIView] = [:]
    /// What the last touch reached.
    public private(set) var reachedLine: UILabel!

    override func build(in area: CGRect) {
        tiles = [:]
        targets = [:]
        obstacles = [:]
        let margin: CGFloat = 12, gap: CGFloat = 10
        let columns = 5, rows = 2
        let lineHeight: CGFloat = 32
        let width = ((area.width - 2 * margin - CGFloat(columns - 1) * gap) / CGFloat(columns)).rounded(.down)
        let height = min(width * 1.35, ((area.height - 2 * margin - lineHeight - CGFloat(rows) * gap) / CGFloat(rows)).rounded(.down))
        let gridHeight = CGFloat(rows) * height + CGFloat(rows - 1) * gap
        let top = (area.minY + (area.height - gridHeight - lineHeight - gap) / 2).rounded()
        for puzzle in Puzzle.allCases {
            let column = puzzle.rawValue % columns, row = puzzle.rawValue / columns
            let frame = CGRect(x: area.minX + margin + CGFloat(column) * (width + gap), y: top + CGFloat(row) * (height + gap),
                               width: width, height: height)
            buildTile(puzzle, in: frame)
        }
        reachedLine = addStatusLine(y: top + gridHeight + gap, height: lineHeight, in: area, color: SandboxStyle.secondaryLabel)
        reachedLine.text = "reached: \u{2013}"
    }

    private func buildTile(_ puzzle: Puzzle, in frame: CGRect) {
        let tile = ReportingView(frame: frame, name: "tile \(puzzle.rawValue + 1)") { [weak self] in self?.reached($0) }
        tile.backgroundColor = Self.tileColor
        tile.layer.cornerRadius = 10
        stage.addSubview(tile)
        tiles[puzzle] = tile
        let title = UILabel(frame: .zero)
        title.text = "\(puzzle.rawValue + 1). \(puzzle.title)"
        // Smaller, and on up to three lines, where the tile is narrow (a 640-point window).
        title.font = .boldSystemFont(ofSize: frame.width < 150 ? 13 : 14)
        title.textColor = SandboxStyle.label
        title.numberOfLines = 3
        title.lineBreakMode = .byWordWrapping
        let titleHeight = title.sizeThatFits(CGSize(width: frame.width - 12, height: 80)).height.rounded(.up)
        title.frame = CGRect(x: 6, y: 6, width: frame.width - 12, height: titleHeight)
        tile.addSubview(title)
        // The play area under the title: the target is a square of most of its width.
        let play = CGRect(x: 0, y: titleHeight + 10, width: frame.width, height: frame.height - titleHeight - 10)
        let side = max(44, min(play.width * 0.56, play.height * 0.6)).rounded()
        let targetFrame = CGRect(x: ((play.width - side) / 2).rounded(), y: (play.midY - side / 2).rounded(), width: side, height: side)
        let report: (String) -> Void = { [weak self] in self?.reached($0) }
        let targetName = "target of tile \(puzzle.rawValue + 1)"
        func makeTarget(_ frame: CGRect, in parent: UIView) -> ReportingView {
            let target = ReportingView(frame: frame, name: targetName, report: report)
            target.backgroundColor = Self.targetColor
            target.layer.cornerRadius = 6
            parent.addSubview(target)
            targets[puzzle] = target
            return target
        }
        switch puzzle {
        case .hidden, .alpha:
            _ = makeTarget(targetFrame, in: tile)
            let cover = ReportingView(frame: targetFrame.insetBy(dx: -6, dy: -6), name: puzzle == .hidden ? "hidden cover" : "faint glass",
                                      report: report)
            cover.backgroundColor = .systemBlue
            if puzzle == .hidden { cover.isHidden = true } else { cover.alpha = 0.005 }
            tile.addSubview(cover)
            obstacles[puzzle] = cover
        case .interactionOff:
            let box = ReportingView(frame: targetFrame.insetBy(dx: -8, dy: -8), name: "disabled box", report: report)
            box.backgroundColor = Self.boxColor
            box.isUserInteractionEnabled = false
            tile.addSubview(box)
            obstacles[puzzle] = box
            _ = makeTarget(CGRect(x: 8, y: 8, width: side, height: side), in: box)
        case .outsideBounds:
            // The box holds the target's top-left third; the rest is drawn outside it.
            let box = ReportingView(frame: CGRect(x: targetFrame.minX - 10, y: targetFrame.minY - 10, width: side * 0.55, height: side * 0.55),
                                    name: "small box", report: report)
            box.backgroundColor = Self.boxColor
            tile.addSubview(box)
            obstacles[puzzle] = box
            _ = makeTarget(CGRect(x: 10, y: 10, width: side, height: side), in: box)
        case .covered:
            _ = makeTarget(targetFrame, in: tile)
            let pane = ReportingView(frame: CGRect(x: targetFrame.midX, y: targetFrame.minY - 8, width: side / 2 + 10, height: side + 16),
                                     name: "clear pane", report: report)
            pane.backgroundColor = UIColor(white: 1, alpha: 0.08)
            pane.layer.borderColor = UIColor(white: 1, alpha: 0.5).cgColor
            pane.layer.borderWidth = 1
            tile.addSubview(pane)
            obstacles[puzzle] = pane
        case .pointInside:
            let notched = NotchedTargetView(frame: targetFrame, name: targetName, report: report)
            notched.backgroundColor = Self.targetColor
            notched.layer.cornerRadius = 6
            tile.addSubview(notched)
            targets[puzzle] = notched
        case .hitTestOverride:
            let shield = ShieldView(frame: targetFrame.insetBy(dx: -8, dy: -8), name: "shield", report: report)
            shield.backgroundColor = Self.boxColor
            tile.addSubview(shield)
            obstacles[puzzle] = shield
            _ = makeTarget(CGRect(x: 8, y: 8, width: side, height: side), in: shield)
        case .hitPath:
            let round = makeTarget(targetFrame, in: tile)
            round.layer.cornerRadius = side / 2
            round.layer.hitTestPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: side, height: side), transform: nil)
            // Its box, faint: where a bounds test would answer.
            round.layer.borderColor = UIColor(white: 1, alpha: 0.3).cgColor
            round.layer.borderWidth = 1
        case .animating, .drawnElsewhere:
            let small = min(side, max(44, play.width * 0.36)).rounded()
            let start = CGRect(x: 8, y: targetFrame.midY - small / 2, width: small, height: small)
            let mover = makeTarget(start, in: tile)
            let travel = play.width - 16 - small
            var options: UIView.AnimationOptions = [.repeat, .autoreverse, .curveEaseInOut]
            if puzzle == .drawnElsewhere { options.insert(.allowUserInteraction) }
            UIView.animate(withDuration: Self.slideDuration, delay: 0, options: options, animations: {
                mover.center.x += travel
            })
        }
    }

    private func reached(_ name: String) {
        reachedLine.text = "reached: \(name)"
        reachedLine.textColor = name.hasPrefix("target") ? Self.targetColor : SandboxStyle.label
    }
}

/// A view of the scene that reports the touches beginning on it by name, and passes
/// nothing up the responder chain (so the line names the view UIKit chose).
@MainActor
class ReportingView: UIView {
    let name: String
    private let report: (String) -> Void

    init(frame: CGRect, name: String, report: @escaping (String) -> Void) {
        self.name = name
        self.report = report
        super.init(frame: frame)
        layer.name = name
    }

    required init?(coder: NSCoder) {
        fatalError("ReportingView is made in code")
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        report(name)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// A target whose `point(inside:with:)` says no on its right half (drawn darker there),
/// as a custom control with a dead zone would.
@MainActor
final class NotchedTargetView: ReportingView {
    override init(frame: CGRect, name: String, report: @escaping (String) -> Void) {
        super.init(frame: frame, name: name, report: report)
        // A layer, not a view: the shading is no step of the walk.
        let dead = CALayer()
        dead.frame = CGRect(x: frame.width / 2, y: 0, width: frame.width / 2, height: frame.height)
        dead.backgroundColor = UIColor(white: 0, alpha: 0.35).cgColor
        layer.addSublayer(dead)
    }

    required init?(coder: NSCoder) {
        fatalError("NotchedTargetView is made in code")
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        point.x < bounds.midX && super.point(inside: point, with: event)
    }
}

/// A container whose `hitTest(_:with:)` answers itself wherever its default walk would
/// answer: it swallows every touch meant for what it holds.
@MainActor
final class ShieldView: ReportingView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        super.hitTest(point, with: event) == nil ? nil : self
    }
}
