import CoreGraphics
import Foundation
@testable import QuartzCore

// The random layer trees and changes of `DamageRenderingPropertyTests`.

/// A layer that draws a disc of a colour picked by `hue` through `draw(in:)`, so that
/// `setNeedsDisplay()` has something to redraw.
final class DrawnDiscLayer: CALayer {
    var hue: CGFloat = 0

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: hue, green: 1 - hue, blue: 0.5, alpha: 1))
        ctx.fillEllipse(in: bounds.insetBy(dx: 2, dy: 2))
    }
}

/// A seeded random layer tree and random changes to it.
@MainActor
struct RandomTree {
    static let size = CGSize(width: 160, height: 120)

    let root: CALayer
    private var state: UInt64
    private var layers: [CALayer] = []
    /// The scrolling lists (`makeList()`), which `change()` scrolls more often.
    private var lists: [CALayer] = []
    /// Whether the tree has lists and `change()` scrolls.
    private let scrolling: Bool

    init(seed: UInt64, scrolling: Bool = false) {
        state = seed
        self.scrolling = scrolling
        root = CALayer()
        root.frame = CGRect(origin: .zero, size: Self.size)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layers = [root]
        for _ in 0..<int(4...10) {
            let layer = makeLayer()
            pick(layers).addSublayer(layer)
            layers.append(layer)
        }
        if scrolling, chance(0.7) { pick(layers).addSublayer(makeList()) }
    }

    // MARK: - Randomness (SplitMix64)

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ p: Double) -> Bool { double(0...1) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    mutating func color() -> CGColor {
        CGColor(red: double(0...1), green: double(0...1), blue: double(0...1), alpha: pick([1, 1, 0.6]))
    }

    mutating func point() -> CGPoint {
        CGPoint(x: double(-20...180).rounded() / 2 * 2 + pick([0, 0.5, 0.3]), y: double(-20...140) + pick([0, 0.5]))
    }

    mutating func size() -> CGSize {
        CGSize(width: double(4...70), height: double(4...60))
    }

    mutating func transform() -> CATransform3D {
        switch int(0...3) {
        case 0: return CATransform3DIdentity
        case 1: return CATransform3DMakeRotation(double(-3...3), 0, 0, 1)
        case 2: return CATransform3DMakeScale(double(0.4...1.6), double(0.4...1.6), 1)
        default:
            return CATransform3DMakeAffineTransform(
                CGAffineTransform(rotationAngle: double(-3...3)).scaledBy(x: double(0.5...1.5), y: double(0.5...1.5)))
        }
    }

    mutating func path(in size: CGSize) -> CGPath {
        let rect = CGRect(x: double(-10...10), y: double(-10...10), width: size.width * double(0.5...1.4),
                          height: size.height * double(0.5...1.4))
        switch int(0...2) {
        case 0: return CGPath(ellipseIn: rect, transform: nil)
        case 1: return CGPath(rect: rect, transform: nil)
        default:
            let path = CGMutablePath()
            path.move(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.closeSubpath()
            return path
        }
    }

    mutating func image() -> CGImage {
        let width = int(3...24), height = int(3...24)
        let bitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo)!
        context.setFillColor(color())
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        context.setFillColor(color())
        context.fill(CGRect(x: 0, y: 0, width: width / 2, height: height / 2))
        return context.makeImage()!
    }

    // MARK: - Layers

    mutating func makeLayer() -> CALayer {
        let layer: CALayer
        switch int(0...5) {
        case 0:
            let shape = CAShapeLayer()
            shape.fillColor = chance(0.7) ? color() : nil
            shape.strokeColor = chance(0.6) ? color() : nil
            shape.lineWidth = double(0...6)
            shape.lineJoin = pick([.miter, .round, .bevel])
            layer = shape
        case 1:
            let text = CATextLayer()
            text.string = pick(["Hi", "Touch", "a longer line of text", "W"])
            text.fontSize = double(8...20)
            text.foregroundColor = color()
            text.alignmentMode = pick([.left, .center, .right])
            layer = text
        case 2:
            let drawn = DrawnDiscLayer()
            drawn.hue = double(0...1)
            drawn.setNeedsDisplay()
            layer = drawn
        default:
            layer = CALayer()
        }
        layer.bounds = CGRect(origin: .zero, size: size())
        layer.position = point()
        if let shape = layer as? CAShapeLayer { shape.path = path(in: layer.bounds.size) }
        if chance(0.3) { layer.anchorPoint = CGPoint(x: double(0...1), y: double(0...1)) }
        if chance(0.4) { layer.transform = transform() }
        if chance(0.7) { layer.backgroundColor = color() }
        if chance(0.3) {
            layer.borderWidth = double(0.5...5)
            layer.borderColor = color()
        }
        if chance(0.3) { layer.cornerRadius = double(0...20) }
        if chance(0.25) { layer.masksToBounds = true }
        if chance(0.2) { layer.opacity = Float(pick([0, 0.5, 0.8])) }
        if chance(0.1) { layer.isHidden = true }
        if chance(0.25) { setShadow(on: layer) }
        if chance(0.15) {
            layer.contents = image()
            layer.contentsGravity = pick([.resize, .center, .topLeft, .resizeAspect, .bottomRight])
        }
        return layer
    }

    mutating func setShadow(on layer: CALayer) {
        layer.shadowOpacity = Float(double(0...1))
        layer.shadowRadius = double(0...8)
        layer.shadowOffset = CGSize(width: double(-8...8), height: double(-8...8))
        layer.shadowColor = color()
        if chance(0.3) { layer.shadowPath = path(in: layer.bounds.size) }
    }

    /// A scroll view's layer: a `masksToBounds` layer whose rows run far past its
    /// bounds, so that most of them are outside the clip and scrolling (`bounds.origin`)
    /// brings them in. Some rows carry a sublayer that pokes out of the row, a shadow,
    /// or a list of their own; the rows join `layers`, so any change may hit them while
    /// they are out of view.
    mutating func makeList(depth: Int = 0) -> CALayer {
        let list = CALayer()
        let width = double(30...90), rowHeight = double(6...14)
        list.bounds = CGRect(x: 0, y: double(-10...40), width: width, height: double(20...70))
        list.position = point()
        list.masksToBounds = true
        if chance(0.5) { list.backgroundColor = color() }
        if chance(0.3) { list.transform = transform() }
        if chance(0.2) { setShadow(on: list) }
        layers.append(list)
        lists.append(list)
        for index in 0..<int(12...40) {
            let row: CALayer
            if depth == 0, chance(0.05) {
                row = makeList(depth: depth + 1)
                row.position = CGPoint(x: width / 2, y: rowHeight * (CGFloat(index) + 0.5))
            } else {
                row = CALayer()
                row.frame = CGRect(x: double(-4...4), y: rowHeight * CGFloat(index), width: width, height: rowHeight)
                layers.append(row)
            }
            row.backgroundColor = chance(0.8) ? color() : nil
            if chance(0.1) { setShadow(on: row) }
            if chance(0.05) { row.isHidden = true }
            if chance(0.3) {
                let poking = makeLayer()
                poking.position = CGPoint(x: double(-20...(width + 20)), y: double(-15...(rowHeight + 15)))
                row.addSublayer(poking)
                layers.append(poking)
            }
            list.addSublayer(row)
        }
        return list
    }

    /// A new scroll position: mostly a list's, within or past its rows.
    mutating func scroll() -> String {
        let attached = lists.filter { $0.isDescendant(of: root) }
        let layer = attached.isEmpty || chance(0.2) ? pick(layers.filter { $0.isDescendant(of: root) }) : pick(attached)
        let name = "layer \(layers.firstIndex { $0 === layer }!)"
        let content = layer.sublayers?.reduce(CGRect.null) { $0.union($1.frame) } ?? .null
        let range = content.isNull ? -40.0...40.0 : Double(content.minY - 30)...Double(content.maxY + 30)
        let origin = chance(0.3)
            ? CGPoint(x: layer.bounds.minX, y: layer.bounds.minY + double(-6...6))
            : CGPoint(x: double(-10...10), y: double(range))
        if chance(0.15) {
            let animation = CABasicAnimation(keyPath: "bounds")
            animation.fromValue = layer.bounds
            animation.toValue = CGRect(origin: origin, size: layer.bounds.size)
            animation.duration = double(0.2...2)
            layer.add(animation, forKey: "a")
        }
        layer.bounds.origin = origin
        return "\(name) scrolled to \(origin)"
    }

    func describe(at point: CGPoint) -> String {
        var lines: [String] = []
        for (index, layer) in layers.enumerated() where layer.isDescendant(of: root) {
            let shown = layer.presentation() ?? layer
            lines.append("  #\(index) \(type(of: layer)) frame \(shown.frame) t \(shown.affineTransform()) op \(shown.opacity) hid \(shown.isHidden) bg \(shown.backgroundColor != nil) img \(shown.contents != nil) \(shown.contentsGravity.rawValue) border \(shown.borderWidth) corner \(shown.cornerRadius) masks \(shown.masksToBounds) shadow \(shown.shadowOpacity) parent \(layers.firstIndex { $0 === layer.superlayer } ?? -1) anims \(layer.animationKeys() ?? []) fp \(layer.damageState.footprint)")
        }
        return "at \(point):\n" + lines.joined(separator: "\n")
    }

    /// One random change; returns what it did.
    mutating func change() -> String {
        let attached = layers.filter { $0 === root || $0.superlayer != nil && $0.isDescendant(of: root) }
        let layer = pick(attached)
        let name = "layer \(layers.firstIndex { $0 === layer }!)"
        switch int(0...(scrolling ? 23 : 19)) {
        case 0:
            layer.position = point(); return "\(name) moved"
        case 1:
            layer.bounds.size = size(); return "\(name) resized"
        case 2:
            layer.anchorPoint = CGPoint(x: double(0...1), y: double(0...1)); return "\(name) anchor"
        case 3:
            layer.transform = transform(); return "\(name) transform"
        case 4:
            layer.opacity = Float(pick([0, 0.4, 1])); return "\(name) opacity \(layer.opacity)"
        case 5:
            layer.isHidden.toggle(); return "\(name) hidden \(layer.isHidden)"
        case 6:
            let added = makeLayer()
            layer.addSublayer(added)
            layers.append(added)
            return "added layer \(layers.count - 1) to \(name)"
        case 7:
            guard layer !== root else { return "nothing" }
            let detail = "parent \(layers.firstIndex { $0 === layer.superlayer } ?? -1) fp \(layer.damageState.footprint) hidden \(layer.isHidden) op \(layer.opacity) sub \(layer.sublayers?.count ?? 0)"
            layer.removeFromSuperlayer(); return "\(name) removed \(detail)"
        case 8:
            guard let parent = layer.superlayer else { return "nothing" }
            if chance(0.5) { parent.insertSublayer(layer, at: 0) } else { parent.addSublayer(layer) }
            return "\(name) reordered"
        case 9:
            layer.contents = chance(0.7) ? image() : nil
            layer.contentsGravity = pick([.resize, .center, .topLeft, .resizeAspectFill, .right])
            return "\(name) contents"
        case 10:
            layer.backgroundColor = chance(0.8) ? color() : nil; return "\(name) background"
        case 11:
            layer.borderWidth = chance(0.7) ? double(0.5...6) : 0
            layer.borderColor = color()
            return "\(name) border"
        case 12:
            layer.cornerRadius = double(0...25); return "\(name) corner"
        case 13:
            layer.masksToBounds.toggle(); return "\(name) masks \(layer.masksToBounds)"
        case 14:
            if chance(0.2) { layer.shadowOpacity = 0 } else { setShadow(on: layer) }
            return "\(name) shadow"
        case 15:
            if let shape = layer as? CAShapeLayer {
                switch int(0...3) {
                case 0: shape.path = path(in: shape.bounds.size)
                case 1: shape.fillColor = chance(0.8) ? color() : nil
                case 2: shape.strokeColor = color(); shape.lineWidth = double(0...8)
                default: shape.strokeEnd = double(0...1)
                }
                return "\(name) shape"
            }
            if let text = layer as? CATextLayer {
                text.string = pick(["Moved", "x", "two words here", "Ω and more"])
                if chance(0.5) { text.fontSize = double(8...24) }
                return "\(name) text"
            }
            if let drawn = layer as? DrawnDiscLayer {
                drawn.hue = double(0...1)
                drawn.setNeedsDisplay()
                return "\(name) redisplay"
            }
            layer.zPosition = double(-2...2).rounded()
            return "\(name) z"
        case 16, 17:
            let animation = randomAnimation()
            layer.add(animation, forKey: chance(0.5) ? "a" : "b")
            return "\(name) animates \((animation as? CABasicAnimation)?.keyPath ?? "")"
        case 18:
            if chance(0.5) { layer.removeAllAnimations() } else { layer.removeAnimation(forKey: "a") }
            return "\(name) animations removed"
        case 19:
            layer.setNeedsDisplay(); return "\(name) setNeedsDisplay"
        case 20:
            let list = makeList()
            layer.addSublayer(list)
            return "added list layer \(layers.firstIndex { $0 === list }!) to \(name)"
        default:
            return scroll()
        }
    }

    mutating func randomAnimation() -> CAAnimation {
        let animation: CABasicAnimation
        switch int(0...5) {
        case 0:
            animation = CABasicAnimation(keyPath: "position")
            animation.fromValue = point()
            animation.toValue = point()
        case 1:
            animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = Float(double(0...1))
            animation.toValue = Float(double(0...1))
        case 2:
            animation = CABasicAnimation(keyPath: "transform")
            animation.fromValue = transform()
            animation.toValue = transform()
        case 3:
            animation = CABasicAnimation(keyPath: "bounds")
            animation.fromValue = CGRect(origin: .zero, size: size())
            animation.toValue = CGRect(origin: .zero, size: size())
        case 4:
            animation = CABasicAnimation(keyPath: "backgroundColor")
            animation.fromValue = color()
            animation.toValue = color()
        default:
            animation = CABasicAnimation(keyPath: "shadowRadius")
            animation.fromValue = double(0...6)
            animation.toValue = double(0...10)
        }
        animation.duration = double(0.2...2)
        if chance(0.3) { animation.fillMode = .forwards; animation.isRemovedOnCompletion = false }
        return animation
    }
}
