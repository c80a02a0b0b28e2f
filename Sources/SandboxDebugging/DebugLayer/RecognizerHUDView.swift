import CairoRenderer
import UIKit

/// The recognizer HUD as a panel of the debug layer: every recognizer of the touches'
/// swarms, one row each with its name, its view, its status and a bar of its states on
/// one time axis, and why it failed or waited (`RecognizerHUD` keeps the timeline,
/// `RecognizerHUDLayout` lays it out). `DebugLayerView` places it, offering a width and
/// the height there is room for (`sizeThatFits(_:)`); rows that do not fit are counted.
///
/// It draws its content in `draw(_:)` rather than being built of labels: a row is a
/// dozen coloured segments, ticks and three texts, and the panel changes at most every
/// `RecognizerHUD.pollInterval`, while frames come at up to 240 a second for a finger
/// moving elsewhere. Drawn once into a backing store at the screen's scale (crisp at
/// `--scale 2`), each frame that passes over it then costs one bitmap copy, not a few
/// dozen layers and text layouts. It takes no touches: a finger on it reaches the app,
/// and the debug layer moves the panel out of the way.
@MainActor
public final class RecognizerHUDView: UIView {
    /// The timeline shown.
    public let hud: RecognizerHUD
    /// The layout last made for the view's size (nil while there is nothing to show).
    private(set) var layout: RecognizerHUDLayout?
    /// What `layout` was made from: the HUD's change count, the width and the height.
    private var laidOutFor: (change: Int, width: CGFloat, height: CGFloat)?
    private let measurer = TextMeasurer()

    public init(hud: RecognizerHUD) {
        self.hud = hud
        super.init(frame: .zero)
        backgroundColor = DebugPalette.panel.uiColor
        layer.cornerRadius = 8
        isUserInteractionEnabled = false
        matchScreenScale()
    }

    public required init?(coder: NSCoder) {
        fatalError("RecognizerHUDView is made in code")
    }

    /// The panel at `size.width`, as tall as its rows need within `size.height`.
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        layout(width: size.width, height: size.height)?.frame.size ?? .zero
    }

    /// The smallest height worth showing at `width`: the header, one row, the legend.
    public func minimumHeight(forWidth width: CGFloat) -> CGFloat {
        RecognizerHUDLayout.minimumHeight(width: width, measurer: measurer)
    }

    /// The layout at `width` within `height`, made again only when the HUD changed or
    /// the room did.
    private func layout(width: CGFloat, height: CGFloat) -> RecognizerHUDLayout? {
        guard let timeline = hud.timeline else { return nil }
        if let layout, let made = laidOutFor, made == (hud.changeCount, width, height) { return layout }
        let made = RecognizerHUDLayout(timeline: timeline, axisEnd: hud.axisEnd, width: width, maximumHeight: height,
                                       measurer: measurer)
        layout = made
        laidOutFor = (hud.changeCount, width, height)
        return made
    }

    /// The HUD changed: redraw (the debug layer places the panel again).
    public func contentChanged() {
        setNeedsDisplay()
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        matchScreenScale()
        if let made = laidOutFor, made.width == bounds.width, made.height == bounds.height { return }
        // A new size redraws the backing store, which has the old one's pixels.
        setNeedsDisplay()
    }

    public override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let timeline = hud.timeline,
              let layout = layout(width: bounds.width, height: bounds.height) else { return }
        layout.draw(timeline, axisEnd: hud.axisEnd, in: context)
    }

    /// Draws at the screen's scale. UIKit here sets a drawing view's scale when it first
    /// renders, unless display was asked for before that (which the debug layer does when
    /// it shows a panel): then the backing store would be one pixel per point, blurred at
    /// `--scale 2`.
    func matchScreenScale() {
        guard layer.contentsScale != UIScreen.main.scale else { return }
        layer.contentsScale = UIScreen.main.scale
        setNeedsDisplay()
    }
}
