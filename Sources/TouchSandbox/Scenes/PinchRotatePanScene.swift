import Foundation
import UIKit

/// A photo that pinches, turns and moves at once, the delegate pattern Neuburg names
/// ("a view could respond to both a two-fingered pinch and a two-fingered pan") and
/// Apple's "Gesture Recognizers" describes ("Permitting Simultaneous Gesture
/// Recognition"): a pinch, a rotation and a pan on one image view, whose delegate (this
/// scene) lets any two of them recognize together.
///
/// Each action applies its change to the photo and resets the recognizer's value, the
/// usual incremental way: the pinch scales the transform by `scale` and sets `scale` to
/// 1, the rotation turns it by `rotation` and sets `rotation` to 0, the pan moves the
/// centre by the translation and sets the translation to zero. So each applies only
/// what changed since its last action, and the three compose in whatever order they
/// arrive. The photo starts at the window's centre, where the mouse's Ctrl fingers
/// mirror about; a double tap sends it back there. A line at the top reads the
/// transform.
@MainActor
public final class PinchRotatePanScene: RebuildingSceneController, Scene, UIGestureRecognizerDelegate {
    public static let name = "pinch-rotate-pan"
    public static let caption = "Pinch, rotate and pan at once, as the delegate allows (Neuburg, \"Touches\": \"Gesture Recognizer Delegate\")"
    public static let hint: String? = "Pinch, turn and drag the photo (mouse: Ctrl+drag, Ctrl+Shift+drag); double-tap resets"

    static let photoSize = CGSize(width: 240, height: 180)
    /// How long the double tap's return to the centre takes.
    static let resetDuration: TimeInterval = 0.3

    private(set) var photo: UIImageView!
    /// Where the photo rests: the window's centre.
    private(set) var home = CGPoint.zero
    private(set) var readout: UILabel!
    private(set) var pinch: UIPinchGestureRecognizer!
    private(set) var rotation: UIRotationGestureRecognizer!
    private(set) var pan: UIPanGestureRecognizer!


    override func build(in area: CGRect) {

        readout = UILabel(frame: CGRect(x: area.minX, y: area.minY + 12, width: area.width, height: 22))
        readout.textAlignment = .center
        readout.font = .systemFont(ofSize: 16)
        readout.textColor = SandboxStyle.secondaryLabel

        // A resize makes the photo anew: it keeps its scale and turn, and its offset from
        // home, so the window's new size does not undo the gesture.
        let previous = photo.map { (transform: $0.transform, offset: CGPoint(x: $0.center.x - home.x, y: $0.center.y - home.y)) }
        photo = UIImageView(image: Self.drawPhoto(size: Self.photoSize))
        home = CGPoint(x: stage.bounds.midX, y: stage.bounds.midY)
        photo.center = CGPoint(x: home.x + (previous?.offset.x ?? 0), y: home.y + (previous?.offset.y ?? 0))
        photo.transform = previous?.transform ?? .identity
        photo.isUserInteractionEnabled = true  // image views ignore touches unless told
        photo.isMultipleTouchEnabled = true
        stage.addSubview(photo)

        pinch = UIPinchGestureRecognizer(target: self, action: PinchRotatePanScene.pinched)
        rotation = UIRotationGestureRecognizer(target: self, action: PinchRotatePanScene.rotated)
        pan = UIPanGestureRecognizer(target: self, action: PinchRotatePanScene.panned)
        for recognizer in [pinch!, rotation!, pan!] as [UIGestureRecognizer] {
            recognizer.delegate = self
            photo.addGestureRecognizer(recognizer)
        }
        let doubleTap = UITapGestureRecognizer(target: self, action: PinchRotatePanScene.resetPhoto)
        doubleTap.numberOfTapsRequired = 2
        photo.addGestureRecognizer(doubleTap)
        // Above the photo, so a photo grown or moved under it never hides it (labels
        // ignore touches: they reach the photo).
        stage.addSubview(readout)
        showReadout()
    }

    // MARK: - UIGestureRecognizerDelegate

    /// The pinch, the rotation and the pan recognize together; the double tap does not.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        let together: [UIGestureRecognizer] = [pinch, rotation, pan]
        return together.contains { $0 === gestureRecognizer } && together.contains { $0 === otherGestureRecognizer }
    }

    // MARK: - Actions

    /// Applies while the gesture runs and when it ends: the lift may carry the fingers'
    /// last move.
    private static func applies(_ state: UIGestureRecognizer.State) -> Bool {
        state == .began || state == .changed || state == .ended
    }

    func pinched(_ p: UIPinchGestureRecognizer) {
        guard let v = p.view, Self.applies(p.state) else { return }
        v.transform = v.transform.scaledBy(x: p.scale, y: p.scale)
        p.scale = 1
        showReadout()
    }

    func rotated(_ r: UIRotationGestureRecognizer) {
        guard let v = r.view, Self.applies(r.state) else { return }
        v.transform = v.transform.rotated(by: r.rotation)
        r.rotation = 0
        showReadout()
    }

    func panned(_ p: UIPanGestureRecognizer) {
        guard let v = p.view, Self.applies(p.state) else { return }
        let delta = p.translation(in: v.superview)
        v.center = CGPoint(x: v.center.x + delta.x, y: v.center.y + delta.y)
        p.setTranslation(.zero, in: v.superview)
        showReadout()
    }

    func resetPhoto() {
        UIView.animate(withDuration: Self.resetDuration) {
            self.photo.transform = .identity
            self.photo.center = self.home
        }
        showReadout()
    }

    // MARK: - Readout

    private func showReadout() {
        readout.text = Self.readout(transform: photo.transform, offset: CGPoint(x: photo.center.x - home.x, y: photo.center.y - home.y))
    }

    /// "scale ×1.50 · rotation 30° · moved (12, -40)".
    static func readout(transform t: CGAffineTransform, offset: CGPoint) -> String {
        let scale = hypot(t.a, t.b)
        let degrees = Int((atan2(t.b, t.a) * 180 / .pi).rounded())
        return String(format: "scale \u{D7}%.2f \u{B7} rotation %d\u{B0} \u{B7} moved (%d, %d)", Double(scale), degrees,
                      Int(offset.x.rounded()), Int(offset.y.rounded()))
    }

    // MARK: - The photo

    /// A small landscape in a white print border: sky, sun, two hills.
    static func drawPhoto(size: CGSize) -> UIImage {
        UIGraphicsImageRenderer(size: size).image { _ in
            let bounds = CGRect(origin: .zero, size: size)
            UIColor(white: 0.96, alpha: 1).setFill()
            UIBezierPath(roundedRect: bounds, cornerRadius: 6).fill()
            let picture = bounds.insetBy(dx: 10, dy: 10)
            UIBezierPath(rect: picture).addClip()
            UIColor(red: 0.47, green: 0.71, blue: 0.95, alpha: 1).setFill()
            UIBezierPath(rect: picture).fill()
            UIColor(red: 1, green: 0.84, blue: 0.3, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: picture.maxX - 70, y: picture.minY + 18, width: 40, height: 40)).fill()
            UIColor(red: 0.27, green: 0.55, blue: 0.33, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: picture.minX - 60, y: picture.midY + 5, width: 220, height: 160)).fill()
            UIColor(red: 0.4, green: 0.7, blue: 0.36, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: picture.midX - 40, y: picture.midY + 30, width: 240, height: 150)).fill()
        }
    }
}
