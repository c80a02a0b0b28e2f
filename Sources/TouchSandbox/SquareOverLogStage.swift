import UIKit

/// The stage of the scenes that show one gesture-driven square and the actions it sent
/// (`tap-double-pan`, `swipe-vs-pan`): a rounded square with a legend on the left, and
/// an `ActionLogView` in a column of its own on the right. The square is confined to the
/// part left of the log (`ConfinedView`), so dragging it never covers the log that
/// explains it. Laid out by `layout(in:)` for the safe area the scene gets.
@MainActor
struct SquareOverLogStage {
    static let gap: CGFloat = 24
    /// The log column's width: room for its longest lines at its type size.
    static let logWidth: CGFloat = 260

    let stage: UIView
    let square: ConfinedView
    let log: ActionLogView

    init(squareSide side: CGFloat, color: UIColor, legend text: String, visibleLines: Int) {
        stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        square = ConfinedView(frame: CGRect(x: 0, y: 0, width: side, height: side))
        square.backgroundColor = color
        square.layer.cornerRadius = 18
        let legend = UILabel(frame: square.bounds.insetBy(dx: 12, dy: 12))
        legend.text = text
        legend.numberOfLines = 0
        legend.textAlignment = .center
        legend.font = .boldSystemFont(ofSize: 17)
        legend.textColor = .white
        square.addSubview(legend)  // labels ignore touches: they reach the square

        log = ActionLogView(top: 0, width: Self.logWidth, lines: visibleLines)
        stage.addSubview(log)
        stage.addSubview(square)
    }

    /// The part of `area` the square may be dragged in: everything left of the log.
    static func dragArea(in area: CGRect) -> CGRect {
        CGRect(x: area.minX, y: area.minY, width: max(0, area.width - logWidth - gap), height: area.height)
    }

    /// Puts the log in its column at the right of `area`, centred vertically, and the
    /// square in the middle of the rest, confined there.
    func layout(in area: CGRect) {
        let drag = Self.dragArea(in: area)
        log.frame = CGRect(x: area.maxX - Self.logWidth, y: (area.midY - log.bounds.height / 2).rounded(),
                           width: Self.logWidth, height: log.bounds.height)
        square.confinement = nil
        square.frame = drag.centered(square.bounds.size)
        square.confinement = drag
    }
}
