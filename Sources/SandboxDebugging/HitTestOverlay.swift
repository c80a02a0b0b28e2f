import CairoRenderer
import Foundation
import UIKit

/// The hit-test overlay: for every live touch, the view it hit (`UITouch.view`) outlined
/// in window points and named, in the colour of the touch's spot.
///
/// The outline is the view's bounds mapped through its layer and every ancestor's (model
/// geometry, as UIKit hit-tests and converts), so a rotated or scaled view shows as the
/// four-cornered shape it is, not as its frame. The label reads
/// `3 → TileView (40, 80, 120 × 120)`: the touches on the view, its class and its frame
/// in its superview; while a recognizer has recognized them, it is named after a dot
/// (`3 → UIView (0, 0, 320 × 480) · Back swipe`: the navigation controller's swipe
/// took the finger). Several touches on one view share one outline.
@MainActor
public final class HitTestOverlay: DebugOverlay {
    /// One hit-test view and what the overlay draws for it.
    public struct Outline: Equatable {
        /// The touches whose hit-test view this is, in the order they began.
        public var touchIDs: [TouchSample.ID]
        /// The view's bounds corners in window points: top left, top right, bottom right,
        /// bottom left of the bounds.
        public var corners: [CGPoint]
        public var label: String
    }

    nonisolated public static let lineWidth: CGFloat = 2
    static let labelSize: CGFloat = 13
    static let labelPadding: CGFloat = 4
    static let labelHeight: CGFloat = 20

    // Unchecked (read for every batch, by `DebugOverlays.isDormant`): main actor, set by plain
    // assignment only, never held inout across a call.
    @exclusivity(unchecked) public var isVisible = false
    /// Labels stay at least this far below the window's top (a host's title bar there
    /// would cover them).
    public var topInset: CGFloat = 0
    /// What the last update saw, to tell whether the touches' views changed.
    private var shownViews: [ObjectIdentifier] = []
    private var shownIDs: [TouchSample.ID] = []
    /// Where the overlay drew last, so that what it leaves is redrawn.
    private var drawnBounds: [CGRect] = []
    /// The frame's placed outlines, made for its damage and kept for its rectangles.
    private var keptOutlines = KeptForFrame<[PlacedOutline]>()
    private let measurer = TextMeasurer()

    public init() {}

    /// The outlines for `window`'s live touches now, in the order their first touches
    /// began.
    public func outlines(in window: UIWindow) -> [Outline] {
        let touches = window.activeTouches
        let (views, unlabelled) = unlabelledOutlines(of: touches)
        var outlines = unlabelled
        for (index, view) in views.enumerated() {
            let ids = outlines[index].touchIDs.map { String($0.number) }.joined(separator: ", ")
            var label = "\(ids) → \(type(of: view)) \(Self.describe(view.frame))"
            // The recognizers that have taken the view's touches, once each.
            var takers: [UIGestureRecognizer] = []
            for touch in touches where touch.view === view {
                for recognizer in touch.gestureRecognizers ?? []
                where (recognizer.state == .began || recognizer.state == .changed) && !takers.contains(where: { $0 === recognizer }) {
                    takers.append(recognizer)
                }
            }
            if !takers.isEmpty { label += " \u{B7} " + takers.map(\.displayTitle).joined(separator: ", ") }
            outlines[index].label = label
        }
        return outlines
    }

    /// The views `touches` are on, in the order of their first touches, with their
    /// outlines still unlabelled.
    private func unlabelledOutlines(of touches: [UITouch]) -> (views: [UIView], outlines: [Outline]) {
        var outlines: [Outline] = []
        var views: [UIView] = []
        for touch in touches {
            guard let view = touch.view else { continue }
            if let index = views.firstIndex(ofIdentical: view) {
                outlines[index].touchIDs.append(touch.sampleID)
                continue
            }
            views.append(view)
            let quad = Quad(view.bounds, through: view.layer.transformToRootSpace)
            outlines.append(Outline(touchIDs: [touch.sampleID], corners: Array(quad), label: ""))
        }
        return (views, outlines)
    }

    /// A frame as `(40, 80, 120 × 120)`, with at most one decimal.
    static func describe(_ frame: CGRect) -> String {
        func number(_ value: CGFloat) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
        }
        return "(\(number(frame.minX)), \(number(frame.minY)), \(number(frame.width)) × \(number(frame.height)))"
    }

    // MARK: - Changes

    /// Redraws where the outlines were and are, when the touches or their views changed:
    /// where they were drawn and where their strokes will be now; their labels follow
    /// in the frame's damage (`damageForFrame(in:)`), measured and placed once for it
    /// instead of here and again there.
    public func update(in window: UIWindow) -> [CGRect] {
        let touches = window.activeTouches
        var views: [ObjectIdentifier] = []
        var ids: [TouchSample.ID] = []
        for touch in touches {
            views.append(touch.view.map(ObjectIdentifier.init) ?? ObjectIdentifier(window))
            ids.append(touch.sampleID)
        }
        guard views != shownViews || ids != shownIDs else { return [] }
        shownViews = views
        shownIDs = ids
        guard isVisible else { return [] }
        var bands: [CGRect] = []
        for outline in unlabelledOutlines(of: touches).outlines { bands += Self.strokeBands(of: outline.corners) }
        bandsAwaitingLabels = bands
        return drawnBounds + bands
    }

    /// The stroke bands `update(in:)` damaged, whose labels the next frame's damage adds.
    private var bandsAwaitingLabels: [CGRect]?

    /// Where the outlines were drawn and will be, when the views moved under the touches.
    public func damageForFrame(in window: UIWindow) -> [CGRect] {
        guard isVisible else { return [] }
        let placed = keptOutlines.value(in: window, { placedOutlines(in: window) })
        if let reported = bandsAwaitingLabels {
            bandsAwaitingLabels = nil
            var bands: [CGRect] = []
            var labels: [CGRect] = []
            for outline in placed {
                bands += outline.covered.dropLast()
                labels.append(outline.label)
            }
            // The strokes, and where the outlines were, went with the batch: the labels
            // now, unless the views moved since.
            if bands == reported { return labels }
        }
        let upcoming = placed.flatMap(\.covered)
        return upcoming == drawnBounds ? [] : drawnBounds + upcoming
    }

    /// An outline with its label's plate and what the two cover.
    private struct PlacedOutline {
        var outline: Outline
        var label: CGRect
        var labelCoversApp: Bool
        var covered: [CGRect]
    }

    /// The outlines now, each placed.
    private func placedOutlines(in window: UIWindow) -> [PlacedOutline] {
        let size = window.bounds.size
        return outlines(in: window).map { outline in
            let placed = labelPlacement(for: outline, width: measurer.width(of: outline.label, size: Self.labelSize), in: size)
            return PlacedOutline(outline: outline, label: placed.frame, labelCoversApp: placed.coversApp,
                                 covered: damage(of: outline, label: placed.frame))
        }
    }

    /// Panels the labels keep clear of (the meter, the HUD, the notes), in window points;
    /// set by the debug layer as it places them (`DebugLayerView.onPanelsPlaced`).
    public var avoidedRects: [CGRect] = []

    /// The app's text and controls (window points), which the labels keep off where they
    /// can (`AppContentMap`); set by the debug layer when a touch lands.
    public var appContent: [CGRect] = [] {
        didSet { labelRule.appContent = OverlayPlacement(area: .zero, appContent: appContent).appContent }
    }
    /// The placement rule for labels, its padded content made once per `appContent`, not
    /// for every label of every frame; its area is set per window size.
    private var labelRule = OverlayPlacement(area: .zero, margin: 0)

    /// The label's plate, placed by the debug layer's one rule (`OverlayPlacement`) among
    /// four places, in this order of preference: above the outline's top-left (inside it
    /// when that is above `topInset`), below the outline, inside its bottom, and inside
    /// its top; never past the window's right edge. The first clear of every panel
    /// (`avoidedRects`) and of the app's text and controls wins; where every place
    /// covers some text (`coversApp`), the plate is drawn opaque.
    func labelPlacement(for outline: Outline, width textWidth: CGFloat, in size: CGSize) -> OverlayPlacement.Placement {
        let box = Self.boundingBox(of: outline.corners)
        let width = textWidth + 2 * Self.labelPadding
        let x = max(0, min(box.minX, size.width - width))
        var above = box.minY - Self.labelHeight - 2
        if above < topInset { above = max(topInset, box.minY) + 3 }
        // The usual case, at the cost of a scan: the first place is clear of everything.
        let first = CGRect(x: x, y: above, width: width, height: Self.labelHeight)
        if !avoidedRects.anyIntersects(first), labelRule.coveredAppArea(first, atMost: 0) == 0 {
            return OverlayPlacement.Placement(frame: first, coversApp: false)
        }
        let candidates = [above, box.maxY + 2, min(box.maxY, size.height) - Self.labelHeight - 3, max(topInset, box.minY) + 3]
            .map { CGRect(x: x, y: $0, width: width, height: Self.labelHeight) }
        // Panels count as the app's content here, only more so: a label may go over the
        // app's text before it goes over a panel, never off the window.
        var rule = labelRule
        rule.area = CGRect(origin: .zero, size: size).insetBy(dx: -1, dy: -1)
        let clearOfPanels = candidates.filter { !avoidedRects.anyIntersects($0) }
        return rule.best(of: clearOfPanels) ?? rule.best(of: candidates.sorted { coveredPanels($0) < coveredPanels($1) })
            ?? OverlayPlacement.Placement(frame: candidates[0], coversApp: false)
    }

    func labelRect(for outline: Outline, width textWidth: CGFloat, in size: CGSize) -> CGRect {
        labelPlacement(for: outline, width: textWidth, in: size).frame
    }

    private func coveredPanels(_ rect: CGRect) -> CGFloat {
        avoidedRects.reduce(0) { total, panel in
            let overlap = panel.intersection(rect)
            return total + (overlap.isNull ? 0 : overlap.width * overlap.height)
        }
    }

    /// What an outline covers: the bands its strokes lie in (`strokeBands(of:)`), then
    /// its label's plate. Not the area inside: the outline of a view as large as the
    /// window (a scene's stage) would otherwise redraw the whole window when a touch on it
    /// begins or ends.
    private func damage(of outline: Outline, label: CGRect) -> [CGRect] {
        Self.strokeBands(of: outline.corners) + [label]
    }

    /// How far a stroke's pixels reach from the line it follows: half the line width,
    /// the miter at a right-angled corner, and a pixel of antialiasing.
    nonisolated static let strokeReach: CGFloat = lineWidth + 1

    /// The rectangles (window points) the closed polygon `corners`, stroked `lineWidth`
    /// wide, draws in, each edge outset by `strokeReach`:
    ///
    /// - an axis-aligned rectangle gives four bands that do not overlap: the top and the
    ///   bottom edge across the whole width, the left and the right edge between them
    ///   (no pixel is in two of them);
    /// - a rectangle no more than two reaches wide or high gives its outset box;
    /// - any other polygon (a rotated view) gives each edge's bounding box, outset.
    nonisolated static func strokeBands(of corners: [CGPoint]) -> [CGRect] {
        guard corners.count > 1 else { return [] }
        let reach = strokeReach
        let box = boundingBox(of: corners)
        let edges = zip(corners, corners.dropFirst() + [corners[0]])
        if box.width <= 2 * reach || box.height <= 2 * reach {
            return [box.insetBy(dx: -reach, dy: -reach)]
        }
        guard edges.allSatisfy({ $0.x == $1.x || $0.y == $1.y }) else {
            return edges.map { from, to in
                boundingBox(of: [from, to]).insetBy(dx: -reach, dy: -reach)
            }
        }
        let outer = box.insetBy(dx: -reach, dy: -reach)
        let sideHeight = box.height - 2 * reach
        return [
            CGRect(x: outer.minX, y: outer.minY, width: outer.width, height: 2 * reach),
            CGRect(x: outer.minX, y: box.maxY - reach, width: outer.width, height: 2 * reach),
            CGRect(x: outer.minX, y: box.minY + reach, width: 2 * reach, height: sideHeight),
            CGRect(x: box.maxX - reach, y: box.minY + reach, width: 2 * reach, height: sideHeight),
        ]
    }

    nonisolated private static func boundingBox(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        return points.reduce(CGRect(origin: first, size: .zero)) { $0.union(CGRect(origin: $1, size: .zero)) }
    }

    // MARK: - Drawing

    public func draw(in canvas: Canvas, window: UIWindow) {
        guard isVisible else { return }
        drawnBounds.removeAll(keepingCapacity: true)
        let clip = canvas.clipBounds
        for placed in keptOutlines.value(in: window, { placedOutlines(in: window) }) {
            let (outline, label, covered) = (placed.outline, placed.label, placed.covered)
            drawnBounds += covered
            let bands = covered.dropLast()
            let color = TouchSpotsOverlay.color(for: outline.touchIDs[0])
            // The outline and the label each only where they can reach the canvas: a frame
            // draws its damage rectangle by rectangle, one band of the outline at a time.
            if bands.contains(where: clip.intersects) {
                canvas.strokePolygon(outline.corners, with: color, lineWidth: Self.lineWidth)
            }
            guard clip.intersects(label) else { continue }
            canvas.fillPlate(label, radius: 4, with: placed.labelCoversApp ? DebugPalette.opaquePlate : DebugPalette.plate)
            canvas.fillPlate(CGRect(x: label.minX, y: label.minY, width: 3, height: label.height), radius: 1.5,
                            with: color)
            canvas.drawText(outline.label, at: CGPoint(x: label.minX + Self.labelPadding, y: label.maxY - 5),
                            size: Self.labelSize, color: DebugPalette.primaryText)
        }
    }
}

private extension Array where Element: AnyObject {
    /// The index of `object` itself (not an equal one). Outside the main actor, so the
    /// test closure does not check the executor at every element.
    func firstIndex(ofIdentical object: Element) -> Int? {
        firstIndex { $0 === object }
    }
}
