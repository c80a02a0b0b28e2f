/// One value an animation moves a layer property through, in the shape the property
/// has. Animations hold their values as `Any?`, as Core Animation does; the engine
/// converts them into this once, when the animation is attached, so that a value of the
/// wrong type is found (and logged) once instead of on every frame.
enum CAAnimatedValue: Equatable {
    case scalar(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case color(CGColor)
    case transform(CATransform3D)

    /// The shapes a property can have.
    enum Kind: String {
        case scalar, point, size, rect, color, transform
    }

    var kind: Kind {
        switch self {
        case .scalar: .scalar
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        }
    }

    /// `value` as a `kind`: a number of any standard type for a scalar, a
    /// `CATransform3D` or a `CGAffineTransform` for a transform, the type itself for the
    /// others. `nil` when it is none of these.
    init?(_ value: Any, as kind: Kind) {
        switch kind {
        case .scalar:
            guard let number = CAAnimatedValue.number(value) else { return nil }
            self = .scalar(number)
        case .point:
            guard let point = value as? CGPoint else { return nil }
            self = .point(point)
        case .size:
            guard let size = value as? CGSize else { return nil }
            self = .size(size)
        case .rect:
            guard let rect = value as? CGRect else { return nil }
            self = .rect(rect)
        case .color:
            guard let color = value as? CGColor else { return nil }
            self = .color(color)
        case .transform:
            if let transform = value as? CATransform3D {
                self = .transform(transform)
            } else if let affine = value as? CGAffineTransform {
                self = .transform(CATransform3DMakeAffineTransform(affine))
            } else {
                return nil
            }
        }
    }

    private static func number(_ value: Any) -> Double? {
        switch value {
        case let v as CGFloat: Double(v)
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as any BinaryInteger: Double(v)
        case let v as any BinaryFloatingPoint: Double(v)
        default: nil
        }
    }

    /// The value as a property holds it (a scalar as a `CGFloat`), for handing to
    /// `fromValue` and action arguments.
    var anyValue: Any {
        switch self {
        case .scalar(let v): CGFloat(v)
        case .point(let p): p
        case .size(let s): s
        case .rect(let r): r
        case .color(let c): c
        case .transform(let t): t
        }
    }

    /// The value that adding leaves unchanged: 0, the zero point, size and rectangle,
    /// transparent black, the identity transform.
    static func zero(_ kind: Kind) -> CAAnimatedValue {
        switch kind {
        case .scalar: .scalar(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .color: .color(CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: .transform(CATransform3DIdentity)
        }
    }

    /// The value a fraction of the way to `other` (see `CAInterpolatable`); `self` when
    /// the kinds differ, which validation rules out.
    func interpolated(to other: CAAnimatedValue, fraction: Double) -> CAAnimatedValue {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): .scalar(a.interpolated(to: b, fraction: fraction))
        case (.point(let a), .point(let b)): .point(a.interpolated(to: b, fraction: fraction))
        case (.size(let a), .size(let b)): .size(a.interpolated(to: b, fraction: fraction))
        case (.rect(let a), .rect(let b)): .rect(a.interpolated(to: b, fraction: fraction))
        case (.color(let a), .color(let b)): .color(a.interpolated(to: b, fraction: fraction))
        case (.transform(let a), .transform(let b)): .transform(a.interpolated(to: b, fraction: fraction))
        default: self
        }
    }

    /// `self + other`: component-wise, except that transforms concatenate (`self`
    /// followed by `other`, `CATransform3DConcat(self, other)`), which is what adding
    /// means for a transform in additive and `byValue` animations.
    func adding(_ other: CAAnimatedValue) -> CAAnimatedValue {
        combined(with: other, sign: 1)
    }

    /// `self − other`, the inverse of `adding(_:)`. For transforms only the affine part
    /// of `other` is undone, as only that part shows.
    func subtracting(_ other: CAAnimatedValue) -> CAAnimatedValue {
        combined(with: other, sign: -1)
    }

    private func combined(with other: CAAnimatedValue, sign: CGFloat) -> CAAnimatedValue {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)):
            return .scalar(a + Double(sign) * b)
        case (.point(let a), .point(let b)):
            return .point(CGPoint(x: a.x + sign * b.x, y: a.y + sign * b.y))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: a.width + sign * b.width, height: a.height + sign * b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(CGRect(
                x: a.origin.x + sign * b.origin.x, y: a.origin.y + sign * b.origin.y,
                width: a.size.width + sign * b.size.width, height: a.size.height + sign * b.size.height))
        case (.color(let a), .color(let b)):
            return .color(CGColor(
                red: a.red + sign * b.red, green: a.green + sign * b.green,
                blue: a.blue + sign * b.blue, alpha: a.alpha + sign * b.alpha))
        case (.transform(let a), .transform(let b)):
            if sign > 0 { return .transform(a.concatenating(b)) }
            let undo = CATransform3DMakeAffineTransform(CATransform3DGetAffineTransform(b).inverted())
            return .transform(a.concatenating(undo))
        default:
            return self
        }
    }

    /// The value as a vector for cubic keyframes (`KochanekBartelsSpline`): its
    /// components in the order `init(kind:vector:)` takes them back; `nil` for a
    /// transform, whose matrix entries would not rotate along a curve (cubic keyframes of
    /// transforms interpolate as linear ones do).
    var vector: [Double]? {
        switch self {
        case .transform: nil
        default: components.map(Double.init)
        }
    }

    /// The value of `kind` with the components `vector` gives (a transform is not built
    /// from one).
    init?(kind: Kind, vector v: [Double]) {
        func at(_ index: Int) -> CGFloat { index < v.count ? CGFloat(v[index]) : 0 }
        switch kind {
        case .scalar: self = .scalar(v.first ?? 0)
        case .point: self = .point(CGPoint(x: at(0), y: at(1)))
        case .size: self = .size(CGSize(width: at(0), height: at(1)))
        case .rect: self = .rect(CGRect(x: at(0), y: at(1), width: at(2), height: at(3)))
        case .color: self = .color(CGColor(red: at(0), green: at(1), blue: at(2), alpha: at(3)))
        case .transform: return nil
        }
    }

    /// How far apart two values are, for paced keyframes: the Euclidean distance
    /// between their components (a transform's affine entries).
    func distance(to other: CAAnimatedValue) -> Double {
        func euclid(_ a: [CGFloat], _ b: [CGFloat]) -> Double {
            Double(zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot())
        }
        return euclid(components, other.components)
    }

    private var components: [CGFloat] {
        switch self {
        case .scalar(let v): [CGFloat(v)]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): [t.m11, t.m12, t.m21, t.m22, t.m41, t.m42]
        }
    }
}
