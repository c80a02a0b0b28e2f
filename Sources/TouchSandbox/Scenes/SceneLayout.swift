import UIKit

/// The part of a scene's root view it lays out in: its bounds inside its safe area (the
/// gallery's bars are drawn over the rest), remembered so that a scene lays out again
/// only when that part changes (a resize, new insets), never undoing a drag on an
/// unrelated layout pass.
@MainActor
struct SafeAreaTracker {
    private(set) var area: CGRect?

    /// `view`'s safe area if it differs from the one last laid out for, else nil.
    mutating func newArea(of view: UIView) -> CGRect? {
        let area = view.bounds.inset(by: view.safeAreaInsets)
        guard area != self.area, area.width > 0, area.height > 0 else { return nil }
        self.area = area
        return area
    }
}

/// A scene whose views are made for its safe area, and made anew, on an empty stage,
/// when that changes (a resize, new insets): a subclass makes them in `build(in:)`.
@MainActor
public class RebuildingSceneController: UIViewController {
    private var safeArea = SafeAreaTracker()
    /// The root view, built on by `build(in:)`.
    private(set) var stage: UIView!

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        self.stage = stage
        view = stage
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        for subview in stage.subviews { subview.removeFromSuperview() }
        build(in: area)
    }

    /// Makes the scene's views on `stage` for `area` (the safe area, in the stage's
    /// coordinates); the stage is empty when it is called.
    func build(in area: CGRect) {}

    /// A one-line, centred, 16-point label across `area` at `y` on the stage, `height`
    /// high: the line under a scene that says what happened.
    func addStatusLine(y: CGFloat, height: CGFloat, in area: CGRect, color: UIColor) -> UILabel {
        let line = UILabel(frame: CGRect(x: area.minX + 12, y: y, width: area.width - 24, height: height))
        line.textAlignment = .center
        line.font = .systemFont(ofSize: 16)
        line.textColor = color
        stage.addSubview(line)
        return line
    }
}

/// A view that keeps its frame inside `confinement` (in its superview's coordinates)
/// whatever sets its `center`: the listings drag by setting `center`, so a square
/// confined to the text-free part of a stage stops at its edge instead of covering the
/// text that explains it.
@MainActor
final class ConfinedView: UIView {
    var confinement: CGRect? {
        didSet { center = super.center }
    }

    override var center: CGPoint {
        get { super.center }
        set { super.center = confined(newValue) }
    }

    private func confined(_ point: CGPoint) -> CGPoint {
        guard let box = confinement else { return point }
        let half = CGSize(width: frame.width / 2, height: frame.height / 2)
        func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            high < low ? (low + high) / 2 : min(max(value, low), high)
        }
        return CGPoint(x: clamp(point.x, box.minX + half.width, box.maxX - half.width),
                       y: clamp(point.y, box.minY + half.height, box.maxY - half.height))
    }
}

extension UILabel {
    /// The height the label's text takes at its width, wrapped (for labels of more
    /// than one line), at least `minimum`.
    func fittedHeight(minimum: CGFloat = 0) -> CGFloat {
        max(minimum, sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude)).height)
    }
}

extension CGRect {
    /// A rectangle of `size` centred on this one's centre, on whole points.
    func centered(_ size: CGSize) -> CGRect {
        CGRect(x: (midX - size.width / 2).rounded(), y: (midY - size.height / 2).rounded(), width: size.width, height: size.height)
    }
}
