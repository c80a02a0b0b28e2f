// How a shape layer paints its path: filled by its rule, then stroked with its line
// style, only the stretch between `strokeStart` and `strokeEnd`.

extension CAShapeLayer {
    func drawShape(in ctx: CGContext) {
        guard let path else { return }
        if let fillColor, fillColor.alpha > 0 {
            ctx.beginPath()
            ctx.addPath(path)
            ctx.setFillColor(fillColor)
            ctx.fillPath(using: fillRule.pathFillRule)
        }
        guard let strokeColor, strokeColor.alpha > 0, lineWidth > 0 else { return }
        let start = min(max(strokeStart, 0), 1), end = min(max(strokeEnd, 0), 1)
        guard end > start else { return }
        ctx.saveGState()
        if start > 0 || end < 1 {
            // A partial stroke is one dash of the wanted length with a gap longer than
            // the whole path, its phase set so the dash begins `start` of the way along.
            let length = path.length
            let dash = (end - start) * length, gap = length + lineWidth
            ctx.setLineDash(phase: start > 0 ? dash + gap - start * length : 0, lengths: [dash, gap])
        }
        ctx.beginPath()
        ctx.addPath(path)
        ctx.setStrokeColor(strokeColor)
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCap.cgLineCap)
        ctx.setLineJoin(lineJoin.cgLineJoin)
        ctx.strokePath()
        ctx.restoreGState()
    }
}

extension CAShapeLayerLineCap {
    /// The geometry module's cap of the same name; butt for unknown names.
    public var cgLineCap: CGLineCap {
        switch self {
        case .round: .round
        case .square: .square
        default: .butt
        }
    }
}

extension CAShapeLayerLineJoin {
    /// The geometry module's join of the same name; miter for unknown names.
    public var cgLineJoin: CGLineJoin {
        switch self {
        case .round: .round
        case .bevel: .bevel
        default: .miter
        }
    }
}
