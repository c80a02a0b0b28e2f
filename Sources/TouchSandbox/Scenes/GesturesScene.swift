import Foundation
import UIKit

/// Listings 1-3 to 1-5 of Apple's "Gesture Recognizers" (`GestureImageTarget`) on the
/// whole stage: a tap, a swipe left or right, a rotation and a pinch each show their
/// pictogram where the gesture is, and animate it away as the listings write: the tap's
/// fades in place, the swipe's slides 220 pt the swipe's way while fading, the
/// rotation's and the pinch's follow the fingers and turn or shrink back as they fade.
/// A legend at the top shows the five pictograms; under it, a line says what the last
/// gesture was.
///
/// The recognizers are on the stage, so a gesture anywhere counts; with a mouse,
/// Ctrl+drag makes the second finger mirrored about the window's centre, so rotations
/// and pinches happen about the centre.
@MainActor
public final class GesturesScene: UIViewController, Scene {
    public static let name = "gestures"
    public static let caption = "Tap, swipe, rotation, pinch: an image shows each and animates away (Apple, \"Gesture Recognizers\": Listings 1-3 to 1-5)"
    public static let hint: String? = "Tap, swipe left or right, rotate or pinch (mouse: Ctrl+drag about the centre)"

    /// The side of the image a gesture shows, in points.
    static let imageSide: CGFloat = 96
    static let legendIconSide: CGFloat = 40
    static let legendSpacing: CGFloat = 100

    /// The listing: the recognizers' target, kept here because they hold it weakly.
    let gestures = GestureImageTarget()
    /// What the last gesture was and where.
    private(set) var statusLabel: UILabel!

    public override func loadView() {
        let stage = UIView(frame: UIScreen.main.bounds)
        stage.backgroundColor = SandboxStyle.background
        stage.isMultipleTouchEnabled = true
        for gesture in GestureImageTarget.Gesture.allCases {
            gestures.images[gesture] = Self.pictogram(gesture, side: Self.imageSide)
        }
        gestures.configure(stage)
        for recognizer in gestures.recognizers {
            recognizer.addAction { [unowned self] recognizer in showStatus(of: recognizer) }
        }
        statusLabel = UILabel(frame: .zero)
        statusLabel.textAlignment = .center
        statusLabel.font = .systemFont(ofSize: 16)
        statusLabel.textColor = SandboxStyle.secondaryLabel
        statusLabel.text = "the last gesture shows here"
        stage.addSubview(statusLabel)
        view = stage
    }

    private var safeArea = SafeAreaTracker()
    private var legendViews: [UIView] = []

    /// The legend across the top of the safe area and the status line under it; again
    /// when the safe area changes.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let area = safeArea.newArea(of: view) else { return }
        let stage = view!
        for legend in legendViews { legend.removeFromSuperview() }
        legendViews = []
        let legendTop = area.minY + 14
        for (index, gesture) in GestureImageTarget.Gesture.allCases.enumerated() {
            let centerX = area.midX + (CGFloat(index) - 2) * Self.legendSpacing
            let icon = UIImageView(image: Self.pictogram(gesture, side: Self.legendIconSide))
            icon.center = CGPoint(x: centerX, y: legendTop + Self.legendIconSide / 2)
            stage.addSubview(icon)
            legendViews.append(icon)
            let name = UILabel(frame: CGRect(x: centerX - Self.legendSpacing / 2, y: legendTop + Self.legendIconSide + 4,
                                             width: Self.legendSpacing, height: 18))
            name.text = Self.legendName(gesture)
            name.textAlignment = .center
            name.font = .systemFont(ofSize: 13)
            name.textColor = SandboxStyle.secondaryLabel
            stage.addSubview(name)
            legendViews.append(name)
        }
        statusLabel.frame = CGRect(x: area.minX, y: legendTop + Self.legendIconSide + 30, width: area.width, height: 22)
    }

    // MARK: - The status line

    private func showStatus(of recognizer: UIGestureRecognizer) {
        statusLabel.text = Self.status(of: recognizer, in: view)
        statusLabel.textColor = SandboxStyle.label
    }

    /// What the status line says after an action of `recognizer`.
    static func status(of recognizer: UIGestureRecognizer, in view: UIView?) -> String {
        let at = recognizer.location(in: view)
        let place = "(\(Int(at.x.rounded())), \(Int(at.y.rounded())))"
        let ending = recognizer.state == .ended || recognizer.state == .cancelled ? ", \(recognizer.state)" : ""
        switch recognizer {
        case let swipe as UISwipeGestureRecognizer:
            return "swipe \(swipe.direction == .left ? "left" : "right") from \(place)"
        case let rotation as UIRotationGestureRecognizer:
            return "rotation \(Int((rotation.rotation * 180 / .pi).rounded()))\u{B0} at \(place)\(ending)"
        case let pinch as UIPinchGestureRecognizer:
            return String(format: "pinch \u{D7}%.2f at %@%@", Double(pinch.scale), place, ending)
        default:
            return "tap at \(place)"
        }
    }

    private static func legendName(_ gesture: GestureImageTarget.Gesture) -> String {
        switch gesture {
        case .tap: "tap"
        case .swipeLeft: "swipe left"
        case .swipeRight: "swipe right"
        case .rotation: "rotate"
        case .pinch: "pinch"
        }
    }

    // MARK: - Pictograms

    /// A rounded tile in the gesture's colour with a white sign: a dot in a ring for the
    /// tap, an arrow for a swipe, a turning arrow for the rotation, a double arrow
    /// for the pinch. Drawn for `side` points, so it stays sharp at any scale.
    static func pictogram(_ gesture: GestureImageTarget.Gesture, side: CGFloat) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { _ in
            // Drawn on a 96-point grid, scaled to `side`.
            let unit = side / 96
            func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x * unit, y: y * unit) }
            color(of: gesture).setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: side, height: side), cornerRadius: 22 * unit).fill()
            UIColor.white.setFill()
            UIColor.white.setStroke()
            let sign = UIBezierPath()
            sign.lineWidth = 7 * unit
            sign.lineCapStyle = .round
            sign.lineJoinStyle = .round
            switch gesture {
            case .tap:
                UIBezierPath(ovalIn: CGRect(origin: p(36, 36), size: CGSize(width: 24 * unit, height: 24 * unit))).fill()
                sign.append(UIBezierPath(ovalIn: CGRect(origin: p(18, 18), size: CGSize(width: 60 * unit, height: 60 * unit))))
                sign.lineWidth = 5 * unit
            case .swipeLeft, .swipeRight:
                let (tail, tip) = gesture == .swipeRight ? (p(20, 48), p(76, 48)) : (p(76, 48), p(20, 48))
                sign.move(to: tail)
                sign.addLine(to: tip)
                addArrowHead(to: sign, at: tip, pointing: gesture == .swipeRight ? 0 : .pi, length: 20 * unit)
            case .rotation:
                // Three quarters of a circle, turning clockwise, as the image turns
                // with fingers turning clockwise.
                let end: CGFloat = .pi / 4
                sign.addArc(withCenter: p(48, 48), radius: 26 * unit, startAngle: end - 1.5 * .pi, endAngle: end, clockwise: true)
                let tip = CGPoint(x: 48 * unit + 26 * unit * cos(end), y: 48 * unit + 26 * unit * sin(end))
                addArrowHead(to: sign, at: tip, pointing: end + .pi / 2, length: 18 * unit)
            case .pinch:
                sign.move(to: p(28, 68))
                sign.addLine(to: p(68, 28))
                addArrowHead(to: sign, at: p(68, 28), pointing: -.pi / 4, length: 18 * unit)
                addArrowHead(to: sign, at: p(28, 68), pointing: 3 * .pi / 4, length: 18 * unit)
            }
            sign.stroke()
        }
    }

    private static func color(of gesture: GestureImageTarget.Gesture) -> UIColor {
        switch gesture {
        case .tap: UIColor(red: 0.29, green: 0.56, blue: 0.89, alpha: 1)
        case .swipeLeft, .swipeRight: UIColor(red: 0.95, green: 0.61, blue: 0.07, alpha: 1)
        case .rotation: UIColor(red: 0.36, green: 0.72, blue: 0.36, alpha: 1)
        case .pinch: UIColor(red: 0.69, green: 0.42, blue: 0.87, alpha: 1)
        }
    }

    /// The two barbs of an arrow whose tip is at `tip`, pointing along `angle`.
    private static func addArrowHead(to path: UIBezierPath, at tip: CGPoint, pointing angle: CGFloat, length: CGFloat) {
        for barb in [angle + .pi * 0.8, angle - .pi * 0.8] {
            path.move(to: tip)
            path.addLine(to: CGPoint(x: tip.x + length * cos(barb), y: tip.y + length * sin(barb)))
        }
    }
}
