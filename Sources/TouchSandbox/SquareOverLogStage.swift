import UIKit

/// The stage of the scenes that show one gesture-driven square and the actions it sent
/// (`tap-double-pan`, `swipe-vs-pan`): a rounded square with a legend, centred in the
/// chrome's clear area above an `ActionLogView`. The square is added last, so a dragged
/// square passes over the log rather than under it.
@MainActor
struct SquareOverLogStage {
    static let gap: CGFloat = 24

    let stage: UIView
    let square: UIView
    let log: ActionLogView

    init(squareSide side: CGFloat, color: UIColor, legend text: String, visibleLines: Int) {
        stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        let area = SandboxChrome.clearArea(in: stage.bounds.size)
        let logHeight = ActionLogView.lineHeight * CGFloat(visibleLines + 1)
        let top = area.minY + max(0, (area.height - side - Self.gap - logHeight) / 2)

        square = UIView(frame: CGRect(x: area.midX - side / 2, y: top, width: side, height: side))
        square.backgroundColor = color
        square.layer.cornerRadius = 18
        let legend = UILabel(frame: square.bounds.insetBy(dx: 12, dy: 12))
        legend.text = text
        legend.numberOfLines = 0
        legend.textAlignment = .center
        legend.font = .boldSystemFont(ofSize: 17)
        legend.textColor = .white
        square.addSubview(legend)  // labels ignore touches: they reach the square

        log = ActionLogView(top: square.frame.maxY + Self.gap, width: area.width, lines: visibleLines)
        stage.addSubview(log)
        stage.addSubview(square)
    }
}
