import CoreGraphics
import Foundation

/// Damage tracking: which pixels of a window a frame must redraw. Start here to follow
/// the damage path.
///
/// **Reporting.** Every change that can alter pixels marks the layer it changed
/// (`CALayer.noteVisualChange()`, in `CALayer+Damage.swift`): geometry (bounds,
/// position, anchor point, transform, z-position), opacity, hidden, background, border,
/// corner radius, masking, shadow, contents and their gravity and scale, a shape
/// layer's path and paint, a text layer's text and style, `setNeedsDisplay()`,
/// animations attached or removed, and every frame of a running animation. A mark is
/// one flag on the layer and one on each ancestor up to the first already marked, so a
/// change costs O(1) amortised however often it repeats before the frame. A sublayer
/// removed from a tracked tree reports where it was drawn at once, to its root's
/// tracker; one added is marked.
///
/// **Collecting.** A tree is tracked when its root layer (a window's layer) has a
/// tracker (`CALayer.startTrackingDamage(bounds:scale:)`); changes to a layer in no
/// tracked tree report nothing. At the start of each frame the host calls
/// `takeDamage()`, which walks only the marked paths. Each layer keeps its *footprint*:
/// the window-space box of everything its subtree painted in the last frame (its
/// bounds, contents placed by their gravity, a shape's path with half the line width
/// (times the miter limit), a text layer's lines, the shadow's offset shape grown by the
/// blur's reach, each through every ancestor transform of the presentation tree, cut by
/// masking ancestors). A marked layer damages its old footprint and its new one (for a
/// subtree that moved: where it was and where it is), and its subtree's footprints are
/// recomputed; hidden and fully transparent subtrees have none. Layers with running
/// animations are marked at every frame, so an animated layer damages its presentation
/// at the previous frame's time and at this one's, and once more when its animation
/// stops or is removed. The rectangles are gathered in a `DamageRegion` (merged, rounded
/// out to whole device pixels, the whole window once they cover most of it).
///
/// **Drawing.** The host clips the frame to the region, clears it, and draws the
/// presentation tree (`LayerRenderer.renderDamage(of:in:)`), which skips subtrees whose
/// footprints miss the damage; it then copies only those rectangles to the window. The
/// layer tree's time is held for the whole frame (`CAAnimationEngine.holdingTime(_:)`),
/// so the damage and the pixels see one instant.
///
/// Approximations, all conservative (they damage more, never less): a layer's bounds
/// always count, even when it paints nothing in them; rotated rectangles count by
/// their bounding boxes; a layer whose delegate may draw counts its backing store's
/// reach. Contents a layer draws while being rendered (`display()`, `draw(in:)`) do not
/// report damage: the layer is being drawn in that very frame.
@MainActor
public final class DamageTracker {
    /// The tracked tree's root (a window's layer), which holds the tracker.
    public private(set) weak var root: CALayer?
    /// The area drawn, in the root's superlayer space (window points).
    public private(set) var bounds: CGRect
    /// Device pixels per point.
    public private(set) var scale: CGFloat
    /// Damage reported between frames without a layer to keep it (removed sublayers,
    /// `invalidateAll()`).
    private var pending: DamageRegion

    init(root: CALayer, bounds: CGRect, scale: CGFloat) {
        self.root = root
        self.bounds = bounds
        self.scale = scale
        pending = DamageRegion(bounds: bounds, scale: scale)
        pending.addAll()
    }

    /// Whether the next `takeDamage()` may find something: a layer of the tree was
    /// marked, a sublayer was removed, an animation runs, or everything was invalidated.
    public var hasDamage: Bool {
        guard let root else { return false }
        return !pending.isEmpty || root.damageState.isDue || root.damageState.isDueBelow
            || CAAnimationEngine.hasRunningAnimations
    }

    /// Damages the whole area at the next frame (an expose, a lost frame buffer).
    public func invalidateAll() {
        pending.addAll()
    }

    /// Changes the area drawn or the scale; the next frame redraws everything.
    public func resize(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
        pending = DamageRegion(bounds: bounds, scale: scale)
        pending.addAll()
        root?.noteVisualChange()
    }

    /// Collects the frame's damage (see the type's description) and starts the next
    /// frame's from nothing. Every footprint is up to date afterwards, which is what
    /// lets the renderer skip subtrees outside the damage; draw before changing the
    /// tree again, at the same layer-tree time (`CAAnimationEngine.holdingTime(_:)`).
    public func takeDamage() -> DamageRegion {
        CAAnimationEngine.markRunningAnimationsDamaged()
        var region = pending
        pending = DamageRegion(bounds: bounds, scale: scale)
        guard let root else { return region }
        var walk = FootprintWalk(scale: scale)
        _ = walk.update(root, parentToWindow: .identity, clip: bounds, into: &region)
        return region
    }

    /// A sublayer that was drawn at `footprint` left the tree.
    func noteRemoved(footprint: CGRect) {
        pending.add(footprint)
    }
}

/// What `DamageTracker` keeps on every layer.
struct LayerDamageState {
    /// The layer changed since the last frame's collection.
    var isDue = false
    /// A layer below it changed.
    var isDueBelow = false
    /// Where the subtree painted in the last frame, in window points (`.null`: nowhere).
    var footprint = CGRect.null
    /// On a tracked root: its tracker.
    var tracker: DamageTracker?
}

/// One collection: walks the marked paths, recomputing footprints.
@MainActor
struct FootprintWalk {
    let scale: CGFloat

    /// Brings `layer`'s subtree up to date, damaging what changed; returns its footprint.
    mutating func update(_ layer: CALayer, parentToWindow: CGAffineTransform, clip: CGRect,
                         into region: inout DamageRegion) -> CGRect {
        if layer.damageState.isDue {
            let old = layer.damageState.footprint
            let new = recompute(layer, parentToWindow: parentToWindow, clip: clip)
            region.add(old)
            region.add(new)
            return new
        }
        guard layer.damageState.isDueBelow else { return layer.damageState.footprint }
        layer.damageState.isDueBelow = false
        let shown = layer.presentationOrSelf()
        guard !shown.isHidden, shown.opacity > 0 else {
            // Nothing below shows: only the marks need clearing.
            clearMarks(below: layer)
            return .null
        }
        let toWindow = shown.boundsToSuperlayer.concatenating(parentToWindow)
        var footprint = ownFootprint(shown, model: layer, toWindow: toWindow).intersection(clip)
        let childClip = shown.masksToBounds ? clip.intersection(shown.bounds.applying(toWindow)) : clip
        for sublayer in layer.sublayers ?? [] {
            footprint = footprint.union(update(sublayer, parentToWindow: toWindow, clip: childClip, into: &region))
        }
        layer.damageState.footprint = footprint
        return footprint
    }

    /// Recomputes every footprint in `layer`'s subtree and clears its marks.
    func recompute(_ layer: CALayer, parentToWindow: CGAffineTransform, clip: CGRect) -> CGRect {
        layer.damageState.isDue = false
        layer.damageState.isDueBelow = false
        let shown = layer.presentationOrSelf()
        guard !shown.isHidden, shown.opacity > 0 else {
            forget(layer)
            return .null
        }
        let toWindow = shown.boundsToSuperlayer.concatenating(parentToWindow)
        var footprint = ownFootprint(shown, model: layer, toWindow: toWindow).intersection(clip)
        let childClip = shown.masksToBounds ? clip.intersection(shown.bounds.applying(toWindow)) : clip
        for sublayer in layer.sublayers ?? [] {
            footprint = footprint.union(recompute(sublayer, parentToWindow: toWindow, clip: childClip))
        }
        layer.damageState.footprint = footprint
        return footprint
    }

    /// A subtree that draws nothing: no footprints, no marks.
    private func forget(_ layer: CALayer) {
        layer.damageState.isDue = false
        layer.damageState.isDueBelow = false
        layer.damageState.footprint = .null
        for sublayer in layer.sublayers ?? [] { forget(sublayer) }
    }

    /// Clears the marks along marked paths below an invisible layer (their footprints
    /// are already null: it became invisible in an earlier frame).
    private func clearMarks(below layer: CALayer) {
        for sublayer in layer.sublayers ?? [] where sublayer.damageState.isDue || sublayer.damageState.isDueBelow {
            forget(sublayer)
        }
    }

    /// The window-space box of what `shown` itself paints (not its sublayers), drawn
    /// through `toWindow`: see the approximations in `DamageTracker`.
    func ownFootprint(_ shown: CALayer, model: CALayer, toWindow: CGAffineTransform) -> CGRect {
        let bounds = shown.bounds
        var local = bounds
        var content = CGRect.null
        let image = shown.contents as? CGImage
        if let image {
            let scale = max(shown.contentsScale, 0.01)
            let size = CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
            content = content.union(shown.contentsGravity.rect(for: size, in: bounds))
        }
        // A backing store drawn while rendering: `bounds × contentsScale` rounded up.
        let mayDraw = model.needsDisplay() || (model.contents == nil && model.delegate is any CALayerRenderingDelegate)
        if mayDraw, shown.contentsGravity != .resize {
            content = content.union(bounds.insetBy(dx: -1, dy: -1))
        }
        if let shape = shown as? CAShapeLayer, let path = shape.path {
            var box = path.boundingBox
            if let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth > 0 {
                let reach = shape.lineJoin == .miter ? 10 : 2.0.squareRoot()
                let outset = shape.lineWidth / 2 * reach
                box = box.insetBy(dx: -outset, dy: -outset)
            }
            content = content.union(box)
        } else if let text = shown as? CATextLayer, text.string != nil {
            let size = text.layout(width: bounds.width).size
            let top = text.centersTextVertically ? bounds.midY - size.height / 2 : bounds.minY
            let minX = min(bounds.minX, bounds.maxX - size.width, bounds.midX - size.width / 2)
            let maxX = max(bounds.maxX, bounds.minX + size.width, bounds.midX + size.width / 2)
            // Glyphs may overhang their advance and line box a little.
            let overhang = text.fontSize / 2
            content = content.union(CGRect(x: minX, y: top, width: maxX - minX, height: size.height)
                .insetBy(dx: -overhang, dy: -overhang))
        }
        if !content.isNull {
            local = local.union(shown.masksToBounds ? content.intersection(bounds) : content)
        }
        var footprint = local.applying(toWindow)
        if shown.shadowOpacity > 0, let color = shown.shadowColor, color.alpha > 0 {
            let background = shown.backgroundColor.map { $0.alpha > 0 } ?? false
            let source = shown.shadowPath?.boundingBox ?? (background || image != nil || mayDraw ? bounds : nil)
            if let source, !source.isNull {
                footprint = footprint.union(shadowFootprint(of: source, shown: shown, toWindow: toWindow))
            }
        }
        return footprint
    }

    /// The shadow of `source` (bounds space) as the renderer paints it: offset, then
    /// blurred in device pixels by three box blurs of radius r, whose reach is `3·r`
    /// (as the renderer's `ShadowPainter` computes r, one more pixel for its padding),
    /// painted at a sub-pixel offset (one pixel more).
    private func shadowFootprint(of source: CGRect, shown: CALayer, toWindow: CGAffineTransform) -> CGRect {
        let offset = shown.shadowOffset
        let deviceScale = abs(toWindow.determinant).squareRoot() * scale
        let sigma = max(shown.shadowRadius, 0) * deviceScale / 2
        let boxRadius = sigma > 0.3 ? max(1, (((4 * sigma * sigma + 1).squareRoot() - 1) / 2).rounded()) : 0
        let reach = (3 * boxRadius + 2) / scale
        return source.offsetBy(dx: offset.width, dy: offset.height).applying(toWindow).insetBy(dx: -reach, dy: -reach)
    }
}
