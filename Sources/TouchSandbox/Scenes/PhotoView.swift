import UIKit

/// A "photo" for the `zoom-pager` scene, drawn in `draw(_:)` to fill its bounds: a sky
/// in bands, a sun or moon, two ranges of hills, and a scattering of trees or stars.
/// Like a photo it is a bitmap once drawn (the view's backing store), so zooming in
/// shows its pixels larger, as zooming an image view does on iOS.
@MainActor
final class PhotoView: UIView {
    /// What one photo shows.
    struct Subject {
        var title: String
        var skyTop: UIColor
        var skyBottom: UIColor
        /// The sun or moon's colour and place, in fractions of the photo's size.
        var sunColor: UIColor
        var sun: CGPoint
        var farHills: UIColor
        var nearHills: UIColor
        /// Stars in the sky instead of trees on the hills.
        var isNight = false
    }

    static let subjects = [
        Subject(title: "Morning fields", skyTop: UIColor(red: 0.55, green: 0.75, blue: 0.95, alpha: 1),
                skyBottom: UIColor(red: 0.98, green: 0.86, blue: 0.7, alpha: 1), sunColor: UIColor(red: 1, green: 0.9, blue: 0.55, alpha: 1),
                sun: CGPoint(x: 0.22, y: 0.3), farHills: UIColor(red: 0.45, green: 0.62, blue: 0.4, alpha: 1),
                nearHills: UIColor(red: 0.3, green: 0.52, blue: 0.25, alpha: 1)),
        Subject(title: "Harbour at noon", skyTop: UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1),
                skyBottom: UIColor(red: 0.65, green: 0.85, blue: 1, alpha: 1), sunColor: UIColor(red: 1, green: 0.95, blue: 0.7, alpha: 1),
                sun: CGPoint(x: 0.7, y: 0.16), farHills: UIColor(red: 0.35, green: 0.55, blue: 0.7, alpha: 1),
                nearHills: UIColor(red: 0.1, green: 0.35, blue: 0.6, alpha: 1)),
        Subject(title: "Dunes at dusk", skyTop: UIColor(red: 0.35, green: 0.25, blue: 0.55, alpha: 1),
                skyBottom: UIColor(red: 0.98, green: 0.55, blue: 0.35, alpha: 1), sunColor: UIColor(red: 1, green: 0.45, blue: 0.25, alpha: 1),
                sun: CGPoint(x: 0.5, y: 0.55), farHills: UIColor(red: 0.8, green: 0.5, blue: 0.3, alpha: 1),
                nearHills: UIColor(red: 0.62, green: 0.35, blue: 0.2, alpha: 1)),
        Subject(title: "Mountains by night", skyTop: UIColor(red: 0.02, green: 0.04, blue: 0.15, alpha: 1),
                skyBottom: UIColor(red: 0.12, green: 0.18, blue: 0.38, alpha: 1), sunColor: UIColor(red: 0.95, green: 0.95, blue: 0.85, alpha: 1),
                sun: CGPoint(x: 0.78, y: 0.22), farHills: UIColor(red: 0.15, green: 0.2, blue: 0.32, alpha: 1),
                nearHills: UIColor(red: 0.06, green: 0.09, blue: 0.16, alpha: 1), isNight: true),
    ]

    let subject: Subject

    init(frame: CGRect, subject: Subject) {
        self.subject = subject
        super.init(frame: frame)
        backgroundColor = subject.skyBottom
    }

    required init?(coder: NSCoder) {
        fatalError("not used")
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let size = bounds.size
        drawSky(in: context, size: size)
        let sunRadius = min(size.width, size.height) * 0.08
        context.setFillColor(subject.sunColor.cgColor)
        context.fillEllipse(in: CGRect(x: size.width * subject.sun.x - sunRadius, y: size.height * subject.sun.y - sunRadius,
                                       width: 2 * sunRadius, height: 2 * sunRadius))
        drawHills(in: context, size: size, baseline: 0.62, height: 0.2, waves: 2, color: subject.farHills)
        drawHills(in: context, size: size, baseline: 0.78, height: 0.14, waves: 3, color: subject.nearHills)
        if subject.isNight {
            drawStars(in: context, size: size)
        } else {
            drawTrees(in: context, size: size)
        }
    }

    /// Twenty-four bands from the top colour to the bottom one.
    private func drawSky(in context: CGContext, size: CGSize) {
        let bands = 24
        var top = (r: CGFloat(0), g: CGFloat(0), b: CGFloat(0), a: CGFloat(0))
        var bottom = top
        subject.skyTop.getRed(&top.r, green: &top.g, blue: &top.b, alpha: &top.a)
        subject.skyBottom.getRed(&bottom.r, green: &bottom.g, blue: &bottom.b, alpha: &bottom.a)
        for band in 0..<bands {
            let t = CGFloat(band) / CGFloat(bands - 1)
            context.setFillColor(red: top.r + (bottom.r - top.r) * t, green: top.g + (bottom.g - top.g) * t,
                                 blue: top.b + (bottom.b - top.b) * t, alpha: 1)
            let height = size.height * 0.7 / CGFloat(bands)
            context.fill(CGRect(x: 0, y: CGFloat(band) * height, width: size.width, height: height + 1))
        }
    }

    /// A range of rounded hills: `waves` crests about `baseline` (a fraction of the
    /// height), filled to the bottom.
    private func drawHills(in context: CGContext, size: CGSize, baseline: CGFloat, height: CGFloat, waves: Int, color: UIColor) {
        let step = size.width / CGFloat(waves * 2)
        context.beginPath()
        context.move(to: CGPoint(x: 0, y: size.height))
        context.addLine(to: CGPoint(x: 0, y: size.height * baseline))
        for index in 0..<(waves * 2) {
            let crest = index.isMultiple(of: 2) ? -height : height * 0.4
            let x = CGFloat(index) * step
            context.addQuadCurve(to: CGPoint(x: x + step, y: size.height * baseline),
                                 control: CGPoint(x: x + step / 2, y: size.height * (baseline + crest)))
        }
        context.addLine(to: CGPoint(x: size.width, y: size.height))
        context.closePath()
        context.setFillColor(color.cgColor)
        context.fillPath()
    }

    /// Small dark trees along the near hills, at fixed places so every drawing agrees.
    private func drawTrees(in context: CGContext, size: CGSize) {
        let treeHeight = size.height * 0.07
        context.setFillColor(UIColor(red: 0.12, green: 0.3, blue: 0.15, alpha: 1).cgColor)
        for fraction in [0.08, 0.14, 0.37, 0.55, 0.61, 0.86] as [CGFloat] {
            let x = size.width * fraction, y = size.height * 0.86
            context.beginPath()
            context.move(to: CGPoint(x: x, y: y - treeHeight))
            context.addLine(to: CGPoint(x: x + treeHeight * 0.35, y: y))
            context.addLine(to: CGPoint(x: x - treeHeight * 0.35, y: y))
            context.closePath()
            context.fillPath()
        }
    }

    /// Stars at fixed places in the upper sky.
    private func drawStars(in context: CGContext, size: CGSize) {
        let radius = max(1, min(size.width, size.height) * 0.004)
        context.setFillColor(UIColor(white: 1, alpha: 0.85).cgColor)
        let places: [(CGFloat, CGFloat)] = [(0.05, 0.1), (0.12, 0.32), (0.2, 0.08), (0.31, 0.22), (0.4, 0.05), (0.47, 0.3),
                                            (0.56, 0.14), (0.63, 0.36), (0.9, 0.1), (0.95, 0.3), (0.35, 0.4), (0.08, 0.45)]
        for (x, y) in places {
            context.fillEllipse(in: CGRect(x: size.width * x - radius, y: size.height * y - radius, width: 2 * radius, height: 2 * radius))
        }
    }
}
