// Drawing a layer tree through a `CGContext`: `render(in:)` (Neuburg's
// `renderInContext:`), and the renderer's frames, which hand it a context over Cairo.
//
// The walk goes over the *model* tree and draws, for each layer, what its presentation
// shows (`presentationOrSelf()`, which copies only animated layers), recursing into the model's sublayers in drawing
// order. Per layer, back to front, as Core Animation composites it:
//
//   shadow → background → contents → shape or text → sublayers → border
//
// all in the layer's bounds space, with group opacity (a transparency layer) when the
// layer is translucent and has sublayers or a border, and with contents and sublayers
// clipped to the rounded bounds when `masksToBounds` is set.

extension CALayer {
    /// Draws the layer and its sublayers into `ctx`, in the layer's own bounds space (its
    /// `position` and `transform` are not applied, as in Core Animation). Hidden layers
    /// and layers with zero opacity draw nothing.
    ///
    /// With a 1 × 1 alpha-only bitmap context translated by `-point`, the one pixel
    /// tells whether the drawing covers `point` (Neuburg's hit-test for drawings).
    public func render(in ctx: CGContext) {
        renderTree(in: ctx, appliesGeometry: false)
    }

    /// Draws the layer and its sublayers into `ctx`, whose user space is the layer's
    /// superlayer space: what the renderer calls for a window's layer.
    package func renderInSuperlayerSpace(in ctx: CGContext) {
        renderTree(in: ctx, appliesGeometry: true)
    }

    /// Draws this tracked root's tree as `renderInSuperlayerSpace(in:)` does, skipping
    /// every subtree whose footprint (`DamageTracker`) misses all of `clipRects` (the
    /// frame's clip, in the root's superlayer space). Only right after `takeDamage()`
    /// are the footprints those of the tree as it is now; otherwise (the tree changed
    /// since) everything is drawn.
    package func renderDamage(clippedTo clipRects: [CGRect]?, in ctx: CGContext) {
        let isCollected = damageState.tracker != nil && !damageState.isDue && !damageState.isDueBelow
        renderTree(in: ctx, appliesGeometry: true, culling: isCollected ? clipRects : nil)
    }

    private func renderTree(in ctx: CGContext, appliesGeometry: Bool, culling clipRects: [CGRect]? = nil) {
        if let clipRects {
            let footprint = damageState.footprint
            guard !footprint.isNull, clipRects.anyIntersects(footprint) else { return }
        }
        // The model's contents are brought up to date first, so the presentation copy
        // taken next carries them.
        updateContentsForRendering()
        let shown = presentationOrSelf()
        guard !shown.isHidden else { return }
        let opacity = CGFloat(shown.opacity)
        guard opacity > 0 else { return }
        let sublayers = sublayersInDrawingOrder

        ctx.saveGState()
        defer { ctx.restoreGState() }
        if appliesGeometry { ctx.concatenate(shown.boundsToSuperlayer) }

        let bounds = shown.bounds
        let radius = min(max(shown.cornerRadius, 0), bounds.width / 2, bounds.height / 2)
        let borderWidth = shown.borderWidth
        let borderColor = borderWidth > 0 ? shown.borderColor.flatMap { $0.alpha > 0 ? $0 : nil } : nil
        let usesGroup = opacity < 1 && (!sublayers.isEmpty || borderColor != nil)
        if usesGroup {
            ctx.setAlpha(opacity)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        } else if opacity < 1 {
            ctx.setAlpha(opacity)
        }

        let background = shown.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let contents = shown.contents as? CGImage
        shown.drawShadow(in: ctx, bounds: bounds, radius: radius, castsFromBounds: background != nil || contents != nil)
        if let background {
            ctx.beginPath()
            ctx.addRoundedRect(bounds, radius: radius)
            ctx.setFillColor(background)
            ctx.fillPath()
        }
        let clips = shown.masksToBounds
        if clips {
            ctx.saveGState()
            ctx.beginPath()
            ctx.addRoundedRect(bounds, radius: radius)
            ctx.clip()
        }
        if let contents { shown.draw(contents, in: ctx, bounds: bounds) }
        if let shape = shown as? CAShapeLayer {
            shape.drawShape(in: ctx)
        } else if let text = shown as? CATextLayer {
            text.drawText(in: ctx)
        }
        if clipRects != nil, damageState.sublayerIndex != nil {
            renderIndexedSublayers(sublayers, in: ctx, culling: clipRects)
        } else {
            for sublayer in sublayers {
                sublayer.renderTree(in: ctx, appliesGeometry: true, culling: clipRects)
            }
        }
        if clips { ctx.restoreGState() }
        if let borderColor {
            // Inside the bounds: the stroke's centre line runs half a width in, round a
            // corner of the radius less that half width.
            let inset = min(borderWidth, bounds.width / 2, bounds.height / 2) / 2
            ctx.beginPath()
            ctx.addRoundedRect(bounds.insetBy(dx: inset, dy: inset), radius: max(radius - inset, 0))
            ctx.setStrokeColor(borderColor)
            ctx.setLineWidth(inset * 2)
            ctx.strokePath()
        }
        if usesGroup { ctx.endTransparencyLayer() }
    }

    /// Draws a layer's many sublayers: through their index (`SublayerFootprintIndex`),
    /// only those whose footprints may meet the clip, in their order. Apart from
    /// `renderTree` so that the recursion's frames stay small.
    @inline(never)
    private func renderIndexedSublayers(_ sublayers: [CALayer], in ctx: CGContext, culling clipRects: [CGRect]?) {
        guard let clipRects, sublayersWithZPosition == 0, let index = damageState.sublayerIndex,
              index.count == sublayers.count else {
            for sublayer in sublayers {
                sublayer.renderTree(in: ctx, appliesGeometry: true, culling: clipRects)
            }
            return
        }
        index.forEachPosition(meeting: clipRects) { position in
            sublayers[position].renderTree(in: ctx, appliesGeometry: true, culling: clipRects)
        }
    }

    /// Bounds space to superlayer space: the transform about the anchor point, placed at
    /// `position`, as one matrix without intermediate products.
    var boundsToSuperlayer: CGAffineTransform {
        let t = affineTransform()
        let anchor = mapping.anchor
        return CGAffineTransform(
            a: t.a, b: t.b, c: t.c, d: t.d,
            tx: t.tx + position.x - (t.a * anchor.x + t.c * anchor.y),
            ty: t.ty + position.y - (t.b * anchor.x + t.d * anchor.y))
    }

    /// The shadow of `shadowPath`, or else of the rounded bounds when the layer has a
    /// background or contents to cast it. Approximation: Core Animation casts the
    /// shadow from the alpha of everything the layer draws; here it is cast by that one
    /// shape, blurred as the drawing engine blurs (a Gaussian-like blur of
    /// `shadowRadius`).
    private func drawShadow(in ctx: CGContext, bounds: CGRect, radius: CGFloat, castsFromBounds: Bool) {
        guard shadowOpacity > 0, let color = shadowColor, color.alpha > 0 else { return }
        ctx.beginPath()
        if let shadowPath {
            ctx.addPath(shadowPath)
        } else if castsFromBounds {
            ctx.addRoundedRect(bounds, radius: radius)
        } else {
            return
        }
        let shadow = CGShadowStyle(
            offset: shadowOffset, blur: shadowRadius, color: color.copy(alpha: color.alpha * CGFloat(shadowOpacity))!)
        ctx.fillShadowOfPath(using: .winding, shadow: shadow)
        ctx.beginPath()
    }

    /// Draws `image` fitted into `bounds` by `contentsGravity`, upright.
    private func draw(_ image: CGImage, in ctx: CGContext, bounds: CGRect) {
        let scale = max(contentsScale, 0.01)
        let size = CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
        let rect = contentsGravity.rect(for: size, in: bounds)
        // Core Graphics draws an image's first row at the rectangle's maximum y; layers
        // are y-down, so flip about the rectangle's middle to show it upright.
        ctx.saveGState()
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: rect)
        ctx.restoreGState()
    }
}

extension CGContext {
    /// A rectangle with circular corners of `radius` (already no more than half a side),
    /// as a closed subpath; a plain rectangle when `radius` is 0.
    func addRoundedRect(_ rect: CGRect, radius: CGFloat) {
        guard radius > 0 else { return addRect(rect) }
        let half = CGFloat.pi / 2
        move(to: CGPoint(x: rect.minX + radius, y: rect.minY))
        addArc(center: CGPoint(x: rect.maxX - radius, y: rect.minY + radius), radius: radius,
               startAngle: -half, endAngle: 0, clockwise: false)
        addArc(center: CGPoint(x: rect.maxX - radius, y: rect.maxY - radius), radius: radius,
               startAngle: 0, endAngle: half, clockwise: false)
        addArc(center: CGPoint(x: rect.minX + radius, y: rect.maxY - radius), radius: radius,
               startAngle: half, endAngle: 2 * half, clockwise: false)
        addArc(center: CGPoint(x: rect.minX + radius, y: rect.minY + radius), radius: radius,
               startAngle: 2 * half, endAngle: 3 * half, clockwise: false)
        closePath()
    }
}
