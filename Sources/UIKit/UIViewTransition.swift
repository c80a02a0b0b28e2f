import Foundation

/// One running view transition: the view's picture from before the change, laid over
/// its new look inside the view, animated away in the transition's style, then removed.
///
/// The styles, drawn as well as a 2D renderer can (Core Animation turns a 3D page):
/// - cross-dissolve: the old picture fades out over the new look;
/// - flip from left/right (top/bottom): the view narrows to an edge-on line about its
///   vertical (horizontal) centre line showing the old picture, then widens again
///   showing the new look; both halves take half the time. Without perspective the
///   direction does not show: left and right look alike, as do top and bottom;
/// - curl up (down): the old picture is taken away from the bottom edge upwards (from
///   the top edge downwards), uncovering the new look; the page's edge is straight and
///   unshaded, as no page turns in 2D.
@MainActor
final class UIViewTransition {
    enum Style: Equatable {
        case crossDissolve
        case flip(vertical: Bool)
        case curl(up: Bool)

        /// The style the options' transition bits name; `nil` for none.
        init?(_ options: UIView.AnimationOptions) {
            switch options.intersection(.transitionMask) {
            case .transitionCrossDissolve: self = .crossDissolve
            case .transitionFlipFromLeft, .transitionFlipFromRight: self = .flip(vertical: false)
            case .transitionFlipFromTop, .transitionFlipFromBottom: self = .flip(vertical: true)
            case .transitionCurlUp: self = .curl(up: true)
            case .transitionCurlDown: self = .curl(up: false)
            default: return nil
            }
        }
    }

    /// The key the transition's animations go by on the view's layer and on the layer
    /// that holds the old picture.
    static let animationKey = "transition"

    let view: UIView
    let style: Style
    /// Holds the old picture over the view's content (and clips it, for curls).
    let cover = CALayer()
    private let block: UIViewAnimationBlock

    init(view: UIView, before picture: CALayer, style: Style, duration: TimeInterval,
         options: UIView.AnimationOptions, completion: (@MainActor (Bool) -> Void)?) {
        self.view = view
        self.style = style
        let cover = cover
        block = UIViewAnimationBlock(duration: duration, delay: 0, options: options, spring: nil) { finished in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            cover.removeFromSuperlayer()
            CATransaction.commit()
            completion?(finished)
        }
        cover.name = "transition picture"
        cover.addSublayer(picture)
    }

    /// Lays the picture over the view and starts the animations.
    func start() {
        let bounds = view.bounds
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        cover.bounds = CGRect(origin: .zero, size: bounds.size)
        cover.position = CGPoint(x: bounds.midX, y: bounds.midY)
        if case .curl(let up) = style {
            cover.masksToBounds = true
            // Anchored at the edge that stays: the top for a curl up, the bottom for down.
            cover.anchorPoint = CGPoint(x: 0.5, y: up ? 0 : 1)
            cover.position = CGPoint(x: bounds.midX, y: up ? bounds.minY : bounds.maxY)
        }
        view.layer.addSublayer(cover)
        CATransaction.commit()
        block.run { [self] in addAnimations(size: bounds.size) }
    }

    private func addAnimations(size: CGSize) {
        let key = Self.animationKey
        switch style {
        case .crossDissolve:
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = Float(1)
            fade.toValue = Float(0)
            setWithoutActions { cover.opacity = 0 }
            add(fade, to: cover, key: key)
        case .flip(let vertical):
            // The view's own transform, narrowed to an edge at the half and back. Not
            // to zero: a transform that flat has no rotation and scale to interpolate
            // from; 1/10,000 of the view is far under a pixel.
            let edge: CGFloat = 1e-4
            let edgeOn = vertical ? CATransform3DMakeScale(1, edge, 1) : CATransform3DMakeScale(edge, 1, 1)
            let turn = CAKeyframeAnimation(keyPath: "transform")
            turn.isAdditive = true
            turn.values = [CATransform3DIdentity, edgeOn, CATransform3DIdentity]
            turn.keyTimes = [0, 0.5, 1]
            add(turn, to: view.layer, key: key)
            // The old picture shows for the first half only.
            let swap = CAKeyframeAnimation(keyPath: "opacity")
            swap.calculationMode = .discrete
            swap.values = [Float(1), Float(0)]
            swap.keyTimes = [0, 0.5, 1]
            setWithoutActions { cover.opacity = 0 }
            add(swap, to: cover, key: key)
        case .curl(let up):
            let lift = CABasicAnimation(keyPath: "bounds")
            lift.fromValue = CGRect(origin: .zero, size: size)
            let gone = up ? CGRect(x: 0, y: 0, width: size.width, height: 0)
                : CGRect(x: 0, y: size.height, width: size.width, height: 0)
            lift.toValue = gone
            setWithoutActions { cover.bounds = gone }
            add(lift, to: cover, key: key)
        }
    }

    private func add(_ animation: CAPropertyAnimation, to layer: CALayer, key: String) {
        animation.duration = block.duration
        animation.timingFunction = block.options.timingFunction
        block.add(animation, forKey: key, to: layer, of: view)
    }

    private func setWithoutActions(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }
}
