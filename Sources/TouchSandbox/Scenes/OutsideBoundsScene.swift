import UIKit

/// Neuburg's hit-test munging for subviews outside their superview's bounds, side by
/// side: in each panel a box (`clipsToBounds` false) holds a tab that hangs half out of
/// it, the box's edge drawn across the tab. On the left the box is a plain `UIView`, so
/// the outer half of the tab is seen but not touchable: the tap falls through to the
/// panel behind. On the right the box is an `OutsideBoundsHitTestingView` (Neuburg's
/// listing), and the whole tab answers. Under each panel, what the last tap reached; a
/// ring marks where it landed.
@MainActor
public final class OutsideBoundsScene: UIViewController, Scene {
    public static let name = "outside-bounds"
    public static let caption = "Touching a subview outside its superview's bounds: plain vs munged hitTest (Neuburg, \"Touches\": \"Hit-Testing\")"
    public static let hint: String? = "Tap the half of each orange tab that hangs outside its box"

    static let panelSize = CGSize(width: 340, height: 250)
    static let boxFrame = CGRect(x: 30, y: 30, width: 170, height: 130)
    /// The tab in the box's coordinates: its right and bottom halves are outside.
    static let tabFrame = CGRect(x: 100, y: 70, width: 140, height: 110)
    static let markerSide: CGFloat = 18
    static let tabColor = UIColor.systemOrange
    static let boxColor = UIColor(red: 0.29, green: 0.44, blue: 0.72, alpha: 1)

    /// One column of the scene: the panel behind, the box and its tab, and the result.
    struct Column {
        let panel: ForwardingResponderView
        let box: UIView
        let tab: UIView
        let result: UILabel
        let marker: UIView
    }

    /// The plain box (left) and the munged one (right).
    private(set) var columns: [Column] = []

    /// The columns' titles, left to right.
    private(set) var titleLabels: [UILabel] = []
    private var safeArea = SafeAreaTracker()

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        let titles = ["plain UIView", "OutsideBoundsHitTestingView"]
        for (index, title) in titles.enumerated() {
            let titleLabel = makeLabel(.zero, bold: true)
            titleLabel.text = title
            stage.addSubview(titleLabel)
            titleLabels.append(titleLabel)
            let column = makeColumn(frame: CGRect(origin: .zero, size: Self.panelSize), box: index == 0 ? UIView() : OutsideBoundsHitTestingView())
            stage.addSubview(column.panel)
            column.result.text = "no tap yet"
            column.result.textColor = SandboxStyle.secondaryLabel
            stage.addSubview(column.result)
            columns.append(column)
        }
        view = stage
    }

    /// The two columns side by side, centred in the safe area; panels narrow (to no
    /// less than the tab needs) in a small window.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        let gap: CGFloat = 24, margin: CGFloat = 16
        let titleHeight: CGFloat = 28
        let resultHeight: CGFloat = 28
        let panel = CGSize(width: min(Self.panelSize.width, ((area.width - 2 * margin - gap) / 2).rounded(.down)),
                           height: Self.panelSize.height)
        let top = (area.midY - (titleHeight + panel.height + 4 + resultHeight) / 2).rounded()
        let left = (area.midX - panel.width - gap / 2).rounded()
        for (index, column) in columns.enumerated() {
            let x = left + CGFloat(index) * (panel.width + gap)
            titleLabels[index].frame = CGRect(x: x, y: top, width: panel.width, height: titleHeight)
            column.panel.frame = CGRect(x: x, y: top + titleHeight, width: panel.width, height: panel.height)
            column.result.frame = CGRect(x: x, y: column.panel.frame.maxY + 4, width: panel.width, height: resultHeight)
        }
    }

    private func makeColumn(frame: CGRect, box: UIView) -> Column {
        // The panel keeps every touch that reaches it and reads the touch's view to
        // learn which view the touch was hit-tested to (box and tab pass theirs up).
        let panel = ForwardingResponderView(frame: frame)
        panel.handlesTouches = true
        panel.backgroundColor = UIColor(white: 0.17, alpha: 1)
        panel.layer.cornerRadius = 10

        box.frame = Self.boxFrame
        box.backgroundColor = Self.boxColor
        box.clipsToBounds = false
        panel.addSubview(box)
        let tab = UIView(frame: Self.tabFrame)
        tab.backgroundColor = Self.tabColor
        tab.layer.cornerRadius = 8
        box.addSubview(tab)
        // In the part outside the box, clear of the box's edge.
        let outside = CGRect(x: Self.boxFrame.width - Self.tabFrame.minX, y: Self.boxFrame.height - Self.tabFrame.minY,
                             width: Self.tabFrame.maxX - Self.boxFrame.width, height: Self.tabFrame.maxY - Self.boxFrame.height)
        let tabLabel = makeLabel(outside, bold: true)
        tabLabel.text = "tab"
        tabLabel.textAlignment = .center
        tabLabel.textColor = .black
        tab.addSubview(tabLabel)
        // The box's edge over the tab, so the outside half shows; deaf to touches, so
        // hit-testing passes it by.
        let edge = UIView(frame: box.bounds)
        edge.layer.borderWidth = 2
        edge.layer.borderColor = UIColor.white.cgColor
        edge.isUserInteractionEnabled = false
        box.addSubview(edge)

        let marker = UIView(frame: CGRect(x: 0, y: 0, width: Self.markerSide, height: Self.markerSide))
        marker.layer.cornerRadius = Self.markerSide / 2
        marker.layer.borderWidth = 3
        marker.isUserInteractionEnabled = false
        marker.isHidden = true
        panel.addSubview(marker)

        let result = makeLabel(.zero, bold: false)
        // The column is looked up, not captured: it holds the panel, which holds this
        // closure, and that cycle would keep the column alive after the scene is gone.
        panel.touchesReceived = { [unowned self, unowned panel] touches, phase, _ in
            guard phase == .began, let touch = touches.first,
                  let column = columns.first(where: { $0.panel === panel }) else { return }
            show(touch, in: column)
        }
        return Column(panel: panel, box: box, tab: tab, result: result, marker: marker)
    }

    /// What a touch hit-tested to `view` in `column` reached, in words.
    static func reached(_ view: UIView?, in column: Column) -> String {
        if view === column.tab { return "reached the tab (the subview)" }
        if view === column.box { return "reached the box (the superview)" }
        return "fell through to the panel behind"
    }

    private func show(_ touch: UITouch, in column: Column) {
        column.result.text = Self.reached(touch.view, in: column)
        let hitTab = touch.view === column.tab
        column.result.textColor = hitTab ? Self.tabColor : SandboxStyle.label
        column.marker.center = touch.location(in: column.panel)
        column.marker.layer.borderColor = (hitTab ? UIColor.systemGreen : UIColor.systemRed).cgColor
        column.marker.isHidden = false
    }

    private func makeLabel(_ frame: CGRect, bold: Bool) -> UILabel {
        let label = UILabel(frame: frame)
        label.font = bold ? .boldSystemFont(ofSize: 16) : .systemFont(ofSize: 16)
        label.textColor = SandboxStyle.label
        label.textAlignment = .center
        return label
    }
}
