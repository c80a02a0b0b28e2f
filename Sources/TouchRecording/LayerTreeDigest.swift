import UIKit

/// A fingerprint of a window's layer tree at one instant: for every layer, in tree order,
/// a hash of what it shows (its model and its presentation: geometry, opacity, hidden,
/// transform, colours, corner radius, and its text when it is a `CATextLayer`). Two runs
/// of an app that followed only from its input and its clock give equal digests frame for
/// frame; the first layer whose hash differs says where a run went its own way
/// (`RecordingReexecution`).
///
/// Hashes are Swift's `Hasher`, seeded per process: digests compare within one process,
/// never across runs of it.
@MainActor
public struct LayerTreeDigest: Equatable {
    /// Each layer's hash, in tree order (depth first, back to front).
    public private(set) var layerHashes: [Int] = []
    /// Each layer's path from the window, as `describe(layerAt:)` names it.
    private var paths: [String] = []

    /// The digest of `window`'s layer tree now (its presentation at the engine's time).
    public init(of window: UIWindow) {
        visit(window.layer, path: String(describing: type(of: window)))
    }

    public nonisolated static func == (lhs: LayerTreeDigest, rhs: LayerTreeDigest) -> Bool {
        lhs.layerHashes == rhs.layerHashes
    }

    /// The first layer where `other` differs, named by its path ("UIWindow › UIView ›
    /// UILabel"), or nil when the two are equal.
    public func firstDifference(from other: LayerTreeDigest) -> String? {
        for index in 0..<max(layerHashes.count, other.layerHashes.count) {
            guard index < layerHashes.count, index < other.layerHashes.count else {
                let longer = layerHashes.count > other.layerHashes.count ? self : other
                return "\(longer.paths[index]) (the trees have \(layerHashes.count) and \(other.layerHashes.count) layers)"
            }
            if layerHashes[index] != other.layerHashes[index] { return paths[index] }
        }
        return nil
    }

    private mutating func visit(_ layer: CALayer, path: String) {
        var hasher = Hasher()
        hash(layer, into: &hasher)
        if let presentation = layer.presentation() { hash(presentation, into: &hasher) }
        layerHashes.append(hasher.finalize())
        paths.append(path)
        for sublayer in layer.sublayers ?? [] {
            let name = sublayer.delegate.map { String(describing: type(of: $0)) } ?? sublayer.name ?? String(describing: type(of: sublayer))
            visit(sublayer, path: path + " \u{203A} " + name)
        }
    }

    private func hash(_ layer: CALayer, into hasher: inout Hasher) {
        hasher.combine(layer.position.x)
        hasher.combine(layer.position.y)
        hasher.combine(layer.bounds.origin.x)
        hasher.combine(layer.bounds.origin.y)
        hasher.combine(layer.bounds.width)
        hasher.combine(layer.bounds.height)
        hasher.combine(layer.anchorPoint.x)
        hasher.combine(layer.anchorPoint.y)
        hasher.combine(layer.opacity)
        hasher.combine(layer.isHidden)
        hasher.combine(layer.cornerRadius)
        hasher.combine(layer.zPosition)
        let transform = layer.transform
        for value in [transform.m11, transform.m12, transform.m21, transform.m22, transform.m41, transform.m42, transform.m43] {
            hasher.combine(value)
        }
        for color in [layer.backgroundColor, layer.borderColor] {
            hasher.combine(color?.components ?? [])
        }
        hasher.combine(layer.borderWidth)
        if let text = layer as? CATextLayer {
            hasher.combine(text.string.map { String(describing: $0) })
        }
    }
}
