import CairoRenderer
import Foundation
import UIKit

/// The Why tool's drawing: the last finger's hit-test walk (`WhyWalk`) over the app.
/// The views under the finger are outlined and labelled in the walk's visit order: the
/// hit view in the finger's colour, the views the walk turned away in red, the views it
/// never reached dashed in grey; a moving view shows where it is drawn (solid cyan) and
/// where it is hit-tested (dashed yellow), the frames overlay's colours. A view the panel
/// highlights is tinted white.
///
/// The labels are placed by the debug layer's one rule (`OverlayPlacement`): beside
/// their outlines, clear of each other, of the panels (`avoidedRects`) and of the
/// finger, so none covers another.
@MainActor
public final class WhyOverlay: DebugOverlay {
    public var isVisible = false
    /// The walk shown, if any.
    public private(set) var walk: WhyWalk?
    /// The view the panel highlights (one of the walk's), with its outline.
    public private(set) var highlighted: (id: ObjectIdentifier, corners: [CGPoint])?
    /// Panels the labels keep clear of, in window points (`DebugLayerView.onPanelsPlaced`).
    public var avoidedRects: [CGRect] = [] {
        didSet { if avoidedRects != oldValue { placementsAreStale = true } }
    }

    /// Labels stay at least this far below the screen's top (an embedding app's bar
    /// there: the sandbox's caption bar), as the hit-view labels do.
    public var topInset: CGFloat = 0 {
        didSet { if topInset != oldValue { placementsAreStale = true } }
    }

    static let lineWidth: CGFloat = 2
    static let labelSize: CGFloat = 13
    static let labelHeight: CGFloat = 20
    static let labelPadding: CGFloat = 5
    /// Red for the views the walk turned away.
    static let rejectedColor = Canvas.Color(hex: 0xFF453A)
    static let notReachedDash = Canvas.Dash(on: 4, off: 4)

    private let measurer = TextMeasurer()
    /// The labels' plates, in the marks' order, placed for the walk and the panels.
    private var placements: [CGRect] = []
    private var placementsAreStale = false
    /// What the overlay drew last, so that it is redrawn when it changes.
    private var drawnRects: [CGRect] = []
    /// Damage from a new walk or highlight, handed over at the next `update(in:)`.
    private var pending: [CGRect] = []

    public init() {}

    /// Shows `walk` in place of the last one (nil clears it); returns the rectangles to
    /// redraw (also handed over by the next `update(in:)`).
    @discardableResult
    public func show(_ walk: WhyWalk?) -> [CGRect] {
        self.walk = walk
        highlighted = nil
        placements = placeLabels()
        placementsAreStale = false
        let damage = changed()
        pending += damage
        return damage
    }

    /// Highlights one of the walk's views (nil: none); returns the rectangles to redraw,
    /// which the caller asks the host for (a touch on the panel is no batch of the app's).
    @discardableResult
    public func highlight(_ id: ObjectIdentifier?) -> [CGRect] {
        guard let id, let view = walk?.view(for: id) else {
            highlighted = nil
            return changed()
        }
        highlighted = (id, ViewOutline.corners(of: view, presentation: false))
        return changed()
    }

    /// The rectangles the overlay covers now: every outline's reach, then the labels.
    public var coveredRects: [CGRect] {
        guard isVisible, let walk else { return [] }
        var rects = walk.marks.flatMap { mark in
            [ViewOutline.reach(of: mark.corners)] + (mark.drawnCorners.map { [ViewOutline.reach(of: $0)] } ?? [])
        }
        if let highlighted { rects.append(ViewOutline.reach(of: highlighted.corners)) }
        return rects + placements
    }

    /// The labels' frames, in the marks' order.
    public var labelFrames: [CGRect] { placements }

    private func changed() -> [CGRect] {
        let now = coveredRects
        let damage = drawnRects + now
        drawnRects = now
        return damage
    }

    public func update(in window: UIWindow) -> [CGRect] {
        defer { pending.removeAll() }
        return pending
    }

    public func damageForFrame(in window: UIWindow) -> [CGRect] {
        guard placementsAreStale else { return [] }
        placementsAreStale = false
        let before = placements
        placements = placeLabels()
        return before == placements ? [] : changed()
    }

    // MARK: - Labels

    /// Each mark's label: above its outline's top left, below it, or inside its top or
    /// bottom; the first clear of the labels placed before, the panels and the finger,
    /// below `topInset`; and where none is, the nearest free place on the screen.
    private func placeLabels() -> [CGRect] {
        guard let walk else { return [] }
        let screen = UIScreen.main.bounds
        let area = CGRect(x: screen.minX, y: screen.minY + topInset, width: screen.width, height: max(0, screen.height - topInset))
        var rule = OverlayPlacement(area: area, blocked: avoidedRects, fingers: [walk.location], margin: 2,
                                    fingerClearance: 28)
        var frames: [CGRect] = []
        for mark in walk.marks {
            let width = measurer.width(of: mark.label, size: Self.labelSize) + 2 * Self.labelPadding
            let box = ViewOutline.boundingBox(of: mark.corners)
            let x = max(area.minX, min(box.minX, area.maxX - width))
            let candidates = [box.minY - Self.labelHeight - 3, box.maxY + 3, max(box.minY, area.minY) + 3, box.maxY - Self.labelHeight - 3]
                .map { CGRect(x: x, y: $0, width: width, height: Self.labelHeight) }
            let size = CGSize(width: width, height: Self.labelHeight)
            let placed = rule.best(of: candidates)?.frame
                ?? rule.place(size, home: .topLeft)?.frame
                ?? candidates[0]
            frames.append(placed)
            rule.blocked.append(placed)
        }
        return frames
    }

    // MARK: - Drawing

    public func draw(in canvas: Canvas, window: UIWindow) {
        guard isVisible, let walk else { return }
        let clip = canvas.clipBounds
        // The outlines stop at the panels (the Why panel among them), whose text they
        // would otherwise strike through; the labels are placed clear of them.
        canvas.withClip(excluding: avoidedRects.filter(clip.intersects)) {
            drawOutlines(of: walk, in: canvas, clip: clip)
        }
        let fingerColor = TouchSpotsOverlay.color(for: walk.touchID)
        for (mark, label) in zip(walk.marks, placements) where clip.intersects(label) {
            let color = color(of: mark, finger: fingerColor)
            canvas.fillPlate(label, radius: 4, with: DebugPalette.opaquePlate)
            canvas.fillPlate(CGRect(x: label.minX, y: label.minY, width: 3, height: label.height), radius: 1.5, with: color)
            canvas.drawText(mark.label, at: CGPoint(x: label.minX + Self.labelPadding, y: label.maxY - 5),
                            size: Self.labelSize, color: DebugPalette.primaryText)
        }
    }

    private func drawOutlines(of walk: WhyWalk, in canvas: Canvas, clip: CGRect) {
        let fingerColor = TouchSpotsOverlay.color(for: walk.touchID)
        for mark in walk.marks {
            if let drawn = mark.drawnCorners {
                // Drawn here, hit-tested there: the frames overlay's two colours.
                if clip.intersects(ViewOutline.reach(of: drawn)) {
                    canvas.strokePolygon(drawn, with: AnimationFramesOverlay.presentationColor, lineWidth: Self.lineWidth)
                }
                if clip.intersects(ViewOutline.reach(of: mark.corners)) {
                    canvas.strokePolygon(mark.corners, with: AnimationFramesOverlay.modelColor, lineWidth: Self.lineWidth,
                                         dash: AnimationFramesOverlay.modelDash)
                }
            } else if clip.intersects(ViewOutline.reach(of: mark.corners)) {
                canvas.strokePolygon(mark.corners, with: color(of: mark, finger: fingerColor), lineWidth: Self.lineWidth,
                                     dash: mark.kind == .notReached ? Self.notReachedDash : nil)
            }
        }
        // The highlighted view over the outlines: it is what the person asked to see.
        if let highlighted, clip.intersects(ViewOutline.reach(of: highlighted.corners)) {
            canvas.fill(ViewOutline.path(of: highlighted.corners), with: Canvas.Color.white.withAlpha(0.28))
            canvas.strokePolygon(highlighted.corners, with: .white, lineWidth: 3)
        }
    }

    private func color(of mark: WhyWalk.Mark, finger: Canvas.Color) -> Canvas.Color {
        switch mark.kind {
        case .hit: finger
        case .rejected: Self.rejectedColor
        case .notReached: DebugPalette.secondaryText
        }
    }
}
