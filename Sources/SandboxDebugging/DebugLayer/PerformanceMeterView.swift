import CairoRenderer
import UIKit

/// The meter as a panel of the debug layer: the frame rate while frames are drawn (else
/// "idle"), the latest and largest frame time, touch-to-pixel latency and its 99th
/// percentile, and a sparkline of the last frame times (`PerformanceOverlay` measures;
/// `DebugLayerView` places the panel).
///
/// It draws its content in `draw(_:)`: sixty bars and three lines of text, refreshed at
/// most four times a second (`PerformanceOverlay.refreshInterval`), kept in a backing
/// store at the screen's scale (crisp at `--scale 2`), so the frames it measures pay a
/// bitmap copy where they pass over it, not sixty layers. It takes no touches: a finger
/// on it reaches the app, and the debug layer moves the panel out of the way.
@MainActor
public final class PerformanceMeterView: UIView {
    public let meter: PerformanceOverlay
    /// The panel's size, the same at every screen size.
    public static let size = CGSize(width: 300, height: 100)
    /// The rate's type, and everything else's; no type under 13 points.
    static let rateSize: CGFloat = 15
    static let textSize: CGFloat = 13
    /// The sparkline, in the panel's points.
    static let sparklineArea = CGRect(x: 10, y: 48, width: size.width - 20, height: 44)

    public init(meter: PerformanceOverlay) {
        self.meter = meter
        super.init(frame: CGRect(origin: .zero, size: Self.size))
        backgroundColor = DebugPalette.panel.uiColor
        layer.cornerRadius = 8
        isUserInteractionEnabled = false
        matchScreenScale()
    }

    public required init?(coder: NSCoder) {
        fatalError("PerformanceMeterView is made in code")
    }

    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        Self.size
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        matchScreenScale()
    }

    /// What the first line says: the rate while frames come, else "idle".
    public var rateText: String { meter.texts.rate }

    public override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let texts = meter.texts
        let left: CGFloat = 10
        context.drawText(texts.rate, at: CGPoint(x: left, y: 20), size: Self.rateSize, color: DebugPalette.primaryText,
                         weight: .bold)
        let rateWidth = TextFont(size: Self.rateSize, weight: .bold).advance(of: texts.rate)
        context.drawText(texts.frame, at: CGPoint(x: left + rateWidth + 8, y: 20), size: Self.textSize,
                         color: DebugPalette.secondaryText)
        context.drawText(texts.latency, at: CGPoint(x: left, y: 40), size: Self.textSize, color: DebugPalette.primaryText)
        drawSparkline(in: Self.sparklineArea, context: context, scale: texts.scale)
    }

    /// One bar per frame, scaled to the largest shown (at least
    /// `PerformanceOverlay.sparklineFloor`), with the scale's top written in its corner.
    private func drawSparkline(in area: CGRect, context: CGContext, scale: String) {
        context.fill(area, with: DebugPalette.plate)
        let times = meter.readout.recentFrameTimes
        let top = max(PerformanceOverlay.sparklineFloor, times.max() ?? 0)
        let barWidth = area.width / CGFloat(PerformanceOverlay.sparklineLength)
        // Each bar on whole device pixels: Cairo fills aligned boxes at once, where it
        // rasterises unaligned ones row by row (sixty bars cost half a million
        // instructions a redraw).
        let pixelsPerPoint = max(layer.contentsScale, 1)
        func onPixels(_ value: CGFloat) -> CGFloat { (value * pixelsPerPoint).rounded() / pixelsPerPoint }
        var fast: [CGRect] = [], slow: [CGRect] = []
        for (index, time) in times.enumerated() {
            let height = max(1, CGFloat(time / top) * (area.height - 2))
            let x = area.maxX - CGFloat(times.count - index) * barWidth
            let left = onPixels(x), right = max(onPixels(x + max(1, barWidth - 1)), left + 1 / pixelsPerPoint)
            let barTop = min(onPixels(area.maxY - height), area.maxY - 1 / pixelsPerPoint)
            let bar = CGRect(x: left, y: barTop, width: right - left, height: area.maxY - barTop)
            if time > 1.0 / 60 { slow.append(bar) } else { fast.append(bar) }
        }
        // And one fill per colour (the bars do not overlap): a fill costs several thousand
        // instructions however small.
        for (bars, color) in [(fast, DebugPalette.green), (slow, DebugPalette.pink)] where !bars.isEmpty {
            context.setFillColor(color.cgColor)
            context.fill(bars)
        }
        context.drawText(scale, at: CGPoint(x: area.minX + 4, y: area.minY + 15), size: Self.textSize,
                         color: DebugPalette.secondaryText)
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
