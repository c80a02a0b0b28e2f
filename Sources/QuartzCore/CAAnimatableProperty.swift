/// A layer property an animation can drive, named by its Core Animation key path:
/// how to read its current value from a layer and write an animated value into one (a
/// presentation copy).
///
/// The key paths:
///
/// | key path | shape |
/// |---|---|
/// | `position`, `anchorPoint`, `bounds.origin` | point |
/// | `position.x`, `position.y`, `bounds.size.width`, `bounds.size.height` | scalar |
/// | `bounds` | rect |
/// | `bounds.size`, `shadowOffset` | size |
/// | `opacity`, `cornerRadius`, `borderWidth`, `shadowOpacity`, `shadowRadius`, `zPosition` | scalar |
/// | `backgroundColor`, `borderColor`, `shadowColor` | color |
/// | `transform` | transform |
/// | `transform.rotation(.z)`, `transform.scale(.x/.y)`, `transform.translation.x/.y` | scalar (`CATransformComponent`) |
/// | `strokeStart`, `strokeEnd`, `lineWidth` (`CAShapeLayer`) | scalar |
/// | `fillColor`, `strokeColor` (`CAShapeLayer`) | color |
///
/// A `nil` colour reads as transparent black, as Core Animation draws it.
@MainActor
struct CAAnimatableProperty {
    let kind: CAAnimatedValue.Kind
    /// The layer's value, or `nil` when the layer does not have the property (a shape
    /// layer's key on a plain layer).
    let read: @MainActor (CALayer) -> CAAnimatedValue?
    let write: @MainActor (CALayer, CAAnimatedValue) -> Void

    /// The property a key path belongs to: its part before the first dot
    /// (`transform` for `transform.rotation.z`).
    static func root(of keyPath: String) -> Substring {
        keyPath[..<(keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) ?? keyPath.endIndex)]
    }

    /// The property `keyPath` names, or `nil` when no animatable property has that name.
    static func named(_ keyPath: String) -> CAAnimatableProperty? {
        if keyPath.hasPrefix("transform."), let component = CATransformComponent(keyPath: keyPath) {
            return transformComponent(component)
        }
        return table[keyPath]
    }

    private static let table: [String: CAAnimatableProperty] = [
        "position": point(\.position),
        "anchorPoint": point(\.anchorPoint),
        "position.x": scalar(\.position.x),
        "position.y": scalar(\.position.y),
        "bounds": CAAnimatableProperty(
            kind: .rect, read: { .rect($0.bounds) },
            write: { layer, value in if case .rect(let r) = value { layer.bounds = r } }),
        "bounds.origin": point(\.bounds.origin),
        "bounds.size": CAAnimatableProperty(
            kind: .size, read: { .size($0.bounds.size) },
            write: { layer, value in if case .size(let s) = value { layer.bounds.size = s } }),
        "bounds.size.width": scalar(\.bounds.size.width),
        "bounds.size.height": scalar(\.bounds.size.height),
        "shadowOffset": CAAnimatableProperty(
            kind: .size, read: { .size($0.shadowOffset) },
            write: { layer, value in if case .size(let s) = value { layer.shadowOffset = s } }),
        "opacity": CAAnimatableProperty(
            kind: .scalar, read: { .scalar(Double($0.opacity)) },
            write: { layer, value in if case .scalar(let v) = value { layer.opacity = Float(v) } }),
        "shadowOpacity": CAAnimatableProperty(
            kind: .scalar, read: { .scalar(Double($0.shadowOpacity)) },
            write: { layer, value in if case .scalar(let v) = value { layer.shadowOpacity = Float(v) } }),
        "cornerRadius": scalar(\.cornerRadius),
        "borderWidth": scalar(\.borderWidth),
        "shadowRadius": scalar(\.shadowRadius),
        "zPosition": scalar(\.zPosition),
        "backgroundColor": color(\.backgroundColor),
        "borderColor": color(\.borderColor),
        "shadowColor": color(\.shadowColor),
        "transform": CAAnimatableProperty(
            kind: .transform, read: { .transform($0.transform) },
            write: { layer, value in if case .transform(let t) = value { layer.transform = t } }),
        "strokeStart": shapeScalar(\.strokeStart),
        "strokeEnd": shapeScalar(\.strokeEnd),
        "lineWidth": shapeScalar(\.lineWidth),
        "fillColor": shapeColor(\.fillColor),
        "strokeColor": shapeColor(\.strokeColor),
    ]

    // MARK: - Builders

    private static func scalar(_ keyPath: ReferenceWritableKeyPath<CALayer, CGFloat>) -> CAAnimatableProperty {
        CAAnimatableProperty(
            kind: .scalar, read: { .scalar(Double($0[keyPath: keyPath])) },
            write: { layer, value in if case .scalar(let v) = value { layer[keyPath: keyPath] = CGFloat(v) } })
    }

    private static func point(_ keyPath: ReferenceWritableKeyPath<CALayer, CGPoint>) -> CAAnimatableProperty {
        CAAnimatableProperty(
            kind: .point, read: { .point($0[keyPath: keyPath]) },
            write: { layer, value in if case .point(let p) = value { layer[keyPath: keyPath] = p } })
    }

    private static func color(_ keyPath: ReferenceWritableKeyPath<CALayer, CGColor?>) -> CAAnimatableProperty {
        CAAnimatableProperty(
            kind: .color, read: { .color($0[keyPath: keyPath] ?? .clear) },
            write: { layer, value in if case .color(let c) = value { layer[keyPath: keyPath] = c } })
    }

    private static func shapeScalar(_ keyPath: ReferenceWritableKeyPath<CAShapeLayer, CGFloat>) -> CAAnimatableProperty {
        CAAnimatableProperty(
            kind: .scalar, read: { ($0 as? CAShapeLayer).map { .scalar(Double($0[keyPath: keyPath])) } },
            write: { layer, value in
                if case .scalar(let v) = value, let shape = layer as? CAShapeLayer { shape[keyPath: keyPath] = CGFloat(v) }
            })
    }

    private static func shapeColor(_ keyPath: ReferenceWritableKeyPath<CAShapeLayer, CGColor?>) -> CAAnimatableProperty {
        CAAnimatableProperty(
            kind: .color, read: { ($0 as? CAShapeLayer).map { .color($0[keyPath: keyPath] ?? .clear) } },
            write: { layer, value in
                if case .color(let c) = value, let shape = layer as? CAShapeLayer { shape[keyPath: keyPath] = c }
            })
    }

    /// One part of the transform: read from and written into the affine part, the rest
    /// of the transform kept (see `CATransformComponent`).
    private static func transformComponent(_ component: CATransformComponent) -> CAAnimatableProperty {
        CAAnimatableProperty(
            kind: .scalar, read: { .scalar(Double(component.value(in: $0.affineTransform()))) },
            write: { layer, value in
                guard case .scalar(let v) = value else { return }
                let affine = component.setting(CGFloat(v), in: layer.affineTransform())
                layer.transform = layer.transform.replacingAffinePart(with: affine)
            })
    }
}
