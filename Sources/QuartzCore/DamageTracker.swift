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
/// recomputed, except in subtrees out of view (below); hidden and fully transparent
/// subtrees have none. Layers with running
/// animations are marked at every frame, so an animated layer damages its presentation
/// at the previous frame's time and at this one's, and once more when its animation
/// stops or is removed. The rectangles are gathered in a `DamageRegion` (merged, rounded
/// out to whole device pixels, the whole window once they cover most of it).
///
/// **Scrolling: subtrees out of view are not visited.** A scroll changes the scrolled
/// layer's bounds origin, which marks it, so its whole subtree is recomputed; the rows
/// its `masksToBounds` clip hides have empty footprints before and after, and visiting
/// them cost as much as drawing them. Each layer therefore also keeps its *extent*:
/// the window box of everything its subtree paints, as its footprint, but not cut by
/// its ancestors' clips (only by masks within the subtree), together with its *basis*,
/// the superlayer-to-window transform and device scale it was computed under. While
/// recomputing, a sublayer is skipped, its footprints and extents left as they are,
/// when (1) nothing in its subtree is marked, (2) its footprint is empty, and (3) its
/// extent, placed where it is now, misses the clip grown by a device pixel. Placing an
/// extent: when the new transform differs from the basis only in its translation (any
/// scroll, any move of an ancestor), every layer of the unchanged subtree is drawn
/// through its old transform followed by that one translation, so everything it paints
/// moves by that vector, a shadow's reach in device pixels included; the extent moves
/// with it. Any other difference (a scale, a rotation, another device scale), or an
/// extent not known, and the sublayer is visited. Why skipping is exact: by (2) the
/// subtree showed nothing in the last frame, and by (3) it shows nothing now, so it
/// damages nothing; its footprints were all empty (a footprint covers its sublayers')
/// and are still right. Its extent stays true because only a mark changes what a
/// subtree paints (every change marks, and a running animation marks at every frame),
/// and by (1) there is none; marks cleared without a visit (below a hidden layer) make
/// the extents there unknown. So a row scrolled out of view costs one test of its
/// extent, and one coming into view is found by the same test and recomputed. A hidden
/// or transparent layer's extent is empty whatever its sublayers hold: it paints
/// nothing until its own hidden or opacity changes, which marks it. The property test
/// (`DamageRenderingPropertyTests`) checks, after every step, that each kept footprint
/// and extent covers the one computed afresh.
///
/// **Many sublayers.** A layer with many sublayers keeps their footprints and extents
/// summed over ranges (`SublayerFootprintIndex`), and the marking records which of them
/// became marked: collecting it visits only those, and drawing descends only into the
/// ranges that meet the damage, so a frame's cost does not grow with the siblings that
/// stand still.
///
/// **Drawing.** The host clips the frame to the region, clears it, and draws the
/// presentation tree (`LayerRenderer.renderDamage(of:in:)`), which skips subtrees whose
/// footprints miss the damage; it then copies only those rectangles to the window. The
/// layer tree's time is held for the whole frame (the tree's engine's `holdingTime(_:)`),
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
    /// Called when the tree gets damage after a frame took it all: the first change
    /// marks the root, a sublayer is removed, or everything is invalidated. Later changes
    /// before the next `takeDamage()` are not told: they join the same frame. The host
    /// asks for a run-loop turn here, as Core Animation's implicit transaction schedules
    /// a commit, so a change made outside a turn (a key handler, a main-queue block, a
    /// task) is presented too.
    public var onDamage: (() -> Void)?

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
            || root.animationEngine.hasMovingAnimations
    }

    /// Damages the whole area at the next frame (an expose, a lost frame buffer).
    public func invalidateAll() {
        let wasClean = isClean
        pending.addAll()
        if wasClean { onDamage?() }
    }

    /// Nothing changed since the last frame took the damage.
    private var isClean: Bool {
        guard let root else { return pending.isEmpty }
        return pending.isEmpty && !root.damageState.isDue && !root.damageState.isDueBelow
    }

    /// The root was marked for the first time since the last frame.
    func noteFirstDamage() {
        onDamage?()
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
    /// tree again, at the same layer-tree time (`CAAnimationEngine.holdingTime(_:)` on the
    /// root's engine).
    public func takeDamage() -> DamageRegion {
        root?.animationEngine.markRunningAnimationsDamaged()
        var region = pending
        pending = DamageRegion(bounds: bounds, scale: scale)
        guard let root else { return region }
        var walk = FootprintWalk(scale: scale)
        _ = walk.update(root, parentToWindow: .identity, clip: bounds, into: &region)
        return region
    }

    /// A sublayer that was drawn at `footprint` left the tree.
    func noteRemoved(footprint: CGRect) {
        let wasClean = isClean
        pending.add(footprint)
        if wasClean { onDamage?() }
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
    /// Where the subtree paints wherever it is placed, with no ancestor's clip (the masks
    /// within it do cut it), in window points as placed by `extentBasis`: `.null` when
    /// the layer itself is hidden or transparent, `nil` when not known. It stays true
    /// for as long as nothing in the subtree is marked (`FootprintWalk.extent(of:under:)`).
    var extent: WindowBox?
    /// What `extent` was computed under.
    var extentBasis = ExtentBasis(parentToWindow: .identity, scale: 1)
    /// On a tracked root: its tracker.
    var tracker: DamageTracker?
    /// The sublayers that became marked (`isDue` or `isDueBelow`) since this layer was
    /// last collected, as the marking found them: a collection of a layer with an index
    /// visits only these (`SublayerFootprintIndex`).
    var dueSublayers: [DueSublayer] = []
    /// The sublayers' footprints summed over ranges, while this layer has many.
    var sublayerIndex: SublayerFootprintIndex?
    /// This layer's position in its superlayer's `sublayerIndex`, while there is one.
    var indexedPosition = 0
}

/// A sublayer marked since its superlayer's last collection, held weakly: one removed
/// meanwhile is not kept alive by the mark.
struct DueSublayer {
    weak var layer: CALayer?
}

/// The placement a layer's `extent` holds for: its superlayer-to-window transform and
/// the device scale (a shadow's reach is a number of device pixels).
struct ExtentBasis {
    var parentToWindow: CGAffineTransform
    var scale: CGFloat
}

/// A subtree's two boxes, in window points: `footprint` cut by its ancestors' clips,
/// `extent` not (see `LayerDamageState`).
struct Coverage {
    var footprint: CGRect
    var extent: WindowBox?
}

/// One collection: walks the marked paths, recomputing footprints.
@MainActor
struct FootprintWalk {
    let scale: CGFloat

    /// Brings `layer`'s subtree up to date, damaging what changed; returns its coverage.
    mutating func update(_ layer: CALayer, parentToWindow: CGAffineTransform, clip: CGRect,
                         into region: inout DamageRegion) -> Coverage {
        if layer.damageState.isDue {
            let old = layer.damageState.footprint
            let new = recompute(layer, parentToWindow: parentToWindow, clip: clip)
            region.add(old)
            region.add(new.footprint)
            return new
        }
        guard layer.damageState.isDueBelow else {
            // Neither it nor its placement changed: what it painted, it paints.
            return Coverage(footprint: layer.damageState.footprint, extent: extent(of: layer, under: parentToWindow))
        }
        layer.damageState.isDueBelow = false
        let due = layer.damageState.dueSublayers
        layer.damageState.dueSublayers = []
        let shown = layer.presentationOrSelf()
        guard !shown.isHidden, shown.opacity > 0 else {
            // Nothing below shows: only the marks need clearing.
            clearMarks(below: layer)
            layer.damageState.extent = .empty
            return Coverage(footprint: .null, extent: .empty)
        }
        let toWindow = shown.boundsToSuperlayer.concatenating(parentToWindow)
        let own = ownFootprint(shown, model: layer, toWindow: toWindow)
        let mask = shown.masksToBounds ? shown.bounds.applying(toWindow) : nil
        let childClip = mask.map { clip.intersection($0) } ?? clip
        var footprint = own.intersection(clip)
        var below: WindowBox? = .empty
        if (layer.sublayers?.count ?? 0) >= SublayerFootprintIndex.minimumCount {
            let coverage = updateIndexed(layer, due: due, toWindow: toWindow, clip: childClip, into: &region)
            footprint = footprint.union(coverage.footprint)
            below = Self.union(below, coverage.extent)
        } else {
            // Kept lean: this recursion goes as deep as the tree (a chain of 10,000
            // nested views is 10,000 frames on the stack).
            layer.damageState.sublayerIndex = nil
            for sublayer in layer.sublayers ?? [] {
                let coverage = update(sublayer, parentToWindow: toWindow, clip: childClip, into: &region)
                footprint = footprint.union(coverage.footprint)
                below = Self.union(below, coverage.extent)
            }
        }
        return store(layer, footprint: footprint, own: own, below: below, mask: mask, parentToWindow: parentToWindow)
    }

    /// `update`'s pass over the sublayers of a layer that has many: through its index
    /// when it holds (only the sublayers marked since the last frame), else over all of
    /// them, building the index. Returns the union of their coverages.
    @inline(never)
    private mutating func updateIndexed(_ layer: CALayer, due: [DueSublayer], toWindow: CGAffineTransform, clip: CGRect,
                                        into region: inout DamageRegion) -> Coverage {
        // When most sublayers changed (every one animating), a pass over all of them
        // and a new index cost less than a leaf's path for each.
        if var index = layer.damageState.sublayerIndex, index.holds(parentToWindow: toWindow, clip: clip),
           due.count * 4 < index.count {
            // The others' coverages are in the index as they were. (Moved out while it
            // changes, so that it is not copied.)
            layer.damageState.sublayerIndex = nil
            for entry in due {
                guard let sublayer = entry.layer, sublayer.superlayer === layer,
                      sublayer.damageState.isDue || sublayer.damageState.isDueBelow,
                      let position = index.position(of: sublayer) else { continue }
                index.set(position, to: update(sublayer, parentToWindow: toWindow, clip: clip, into: &region))
            }
            layer.damageState.sublayerIndex = index
            return Coverage(footprint: index.footprint, extent: index.extent)
        }
        let sublayers = layer.sublayers ?? []
        var coverages: [Coverage] = []
        coverages.reserveCapacity(sublayers.count)
        for sublayer in sublayers {
            coverages.append(update(sublayer, parentToWindow: toWindow, clip: clip, into: &region))
        }
        let index = SublayerFootprintIndex(sublayers: sublayers, coverages: coverages, parentToWindow: toWindow, clip: clip)
        layer.damageState.sublayerIndex = index
        return Coverage(footprint: index.footprint, extent: index.extent)
    }

    /// Recomputes the footprints in `layer`'s subtree and clears its marks, leaving out
    /// the unmarked subtrees that show nothing before and after
    /// (`unseenExtent(of:parentToWindow:clip:)`).
    func recompute(_ layer: CALayer, parentToWindow: CGAffineTransform, clip: CGRect) -> Coverage {
        layer.damageState.isDue = false
        layer.damageState.isDueBelow = false
        layer.damageState.dueSublayers = []
        let shown = layer.presentationOrSelf()
        guard !shown.isHidden, shown.opacity > 0 else {
            forget(layer)
            // Whatever its sublayers hold, it paints nothing until its own hidden or
            // opacity changes, which marks it.
            layer.damageState.extent = .empty
            return Coverage(footprint: .null, extent: .empty)
        }
        let toWindow = shown.boundsToSuperlayer.concatenating(parentToWindow)
        let own = ownFootprint(shown, model: layer, toWindow: toWindow)
        let mask = shown.masksToBounds ? shown.bounds.applying(toWindow) : nil
        let childClip = mask.map { clip.intersection($0) } ?? clip
        // A device pixel of slack covers the rounding of a moved extent against a
        // recomputed one.
        let visible = WindowBox(childClip).grown(by: 1 / scale)
        var footprint = own.intersection(clip)
        var below: WindowBox? = .empty
        if (layer.sublayers?.count ?? 0) >= SublayerFootprintIndex.minimumCount {
            let coverage = recomputeIndexed(layer, toWindow: toWindow, clip: childClip, visible: visible)
            footprint = footprint.union(coverage.footprint)
            below = Self.union(below, coverage.extent)
        } else {
            // Kept lean, as `update`'s.
            layer.damageState.sublayerIndex = nil
            for sublayer in layer.sublayers ?? [] {
                if let unseen = unseenExtent(of: sublayer, parentToWindow: toWindow, visible: visible) {
                    below = Self.union(below, unseen)
                    continue
                }
                let coverage = recompute(sublayer, parentToWindow: toWindow, clip: childClip)
                footprint = footprint.union(coverage.footprint)
                below = Self.union(below, coverage.extent)
            }
        }
        return store(layer, footprint: footprint, own: own, below: below, mask: mask, parentToWindow: parentToWindow)
    }

    /// `recompute`'s pass over the sublayers of a layer that has many, building their
    /// index. Returns the union of their coverages.
    @inline(never)
    private func recomputeIndexed(_ layer: CALayer, toWindow: CGAffineTransform, clip: CGRect,
                                  visible: WindowBox) -> Coverage {
        let sublayers = layer.sublayers ?? []
        var coverages: [Coverage] = []
        coverages.reserveCapacity(sublayers.count)
        for sublayer in sublayers {
            if let unseen = unseenExtent(of: sublayer, parentToWindow: toWindow, visible: visible) {
                coverages.append(Coverage(footprint: sublayer.damageState.footprint, extent: unseen))
            } else {
                coverages.append(recompute(sublayer, parentToWindow: toWindow, clip: clip))
            }
        }
        let index = SublayerFootprintIndex(sublayers: sublayers, coverages: coverages, parentToWindow: toWindow, clip: clip)
        layer.damageState.sublayerIndex = index
        return Coverage(footprint: index.footprint, extent: index.extent)
    }

    /// The extent of `layer`'s subtree when it needs no visit: nothing in it is marked,
    /// it showed nothing in the last frame (an empty footprint) and shows nothing now
    /// (its extent, placed where it is now, misses `visible`, the clip grown by a
    /// little). Then it damages nothing and every footprint in it stays empty, as it
    /// is. `nil` when it must be visited.
    @inline(__always)
    private func unseenExtent(of layer: CALayer, parentToWindow: CGAffineTransform, visible: WindowBox) -> WindowBox? {
        let state = layer.damageState
        // A footprint is standardized: no width or no height is no area (null has neither).
        guard !state.isDue, !state.isDueBelow, state.footprint.size.width <= 0 || state.footprint.size.height <= 0,
              let extent = extent(of: layer, under: parentToWindow), !extent.overlaps(visible) else { return nil }
        return extent
    }

    /// An unmarked layer's extent placed under `parentToWindow`: its stored extent moved
    /// by the difference of the translations when only they differ from its basis (the
    /// whole subtree then moves by that vector, and a shadow's reach in device pixels is
    /// unchanged); `nil` when not known or the basis differs in anything else.
    @inline(__always)
    func extent(of layer: CALayer, under parentToWindow: CGAffineTransform) -> WindowBox? {
        guard let extent = layer.damageState.extent else { return nil }
        guard !extent.isEmpty else { return .empty }
        let basis = layer.damageState.extentBasis
        let old = basis.parentToWindow
        guard basis.scale == scale, old.a == parentToWindow.a, old.b == parentToWindow.b,
              old.c == parentToWindow.c, old.d == parentToWindow.d else { return nil }
        return extent.offsetBy(dx: parentToWindow.tx - old.tx, dy: parentToWindow.ty - old.ty)
    }

    /// Keeps a visited layer's footprint and extent (its own box and its sublayers',
    /// those cut by its mask); returns them.
    private func store(_ layer: CALayer, footprint: CGRect, own: CGRect, below: WindowBox?, mask: CGRect?,
                       parentToWindow: CGAffineTransform) -> Coverage {
        let extent = below.map { below in
            WindowBox(own).union(mask.map { below.intersection(WindowBox($0)) } ?? below)
        }
        layer.damageState.footprint = footprint
        layer.damageState.extent = extent
        layer.damageState.extentBasis = ExtentBasis(parentToWindow: parentToWindow, scale: scale)
        return Coverage(footprint: footprint, extent: extent)
    }

    /// The union of two extents, unknown when either is.
    @inline(__always)
    private static func union(_ a: WindowBox?, _ b: WindowBox?) -> WindowBox? {
        guard let a, let b else { return nil }
        return a.union(b)
    }

    /// A subtree that draws nothing: no footprints, no marks, and no extents (the marks
    /// cleared here were not looked at, so what the layers paint is no longer known).
    private func forget(_ layer: CALayer) {
        layer.damageState.isDue = false
        layer.damageState.isDueBelow = false
        layer.damageState.footprint = .null
        layer.damageState.extent = nil
        layer.damageState.dueSublayers = []
        layer.damageState.sublayerIndex = nil
        for sublayer in layer.sublayers ?? [] { forget(sublayer) }
    }

    /// Clears the marks along marked paths below an invisible layer (their footprints
    /// are already null: it became invisible in an earlier frame).
    private func clearMarks(below layer: CALayer) {
        layer.damageState.dueSublayers = []
        layer.damageState.sublayerIndex = nil
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
