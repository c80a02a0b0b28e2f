import Foundation

// Safe areas, as UIKit computes them.
//
// A window's own insets are zero here (no notch, no status bar) unless its host says
// what it draws over the window's edges (`UIWindow.screenSafeAreaInsets`). Every other view's
// insets are how far its superview's safe area (the superview's bounds inset by the
// superview's insets) leaves each of its edges uncovered, each clipped to the view's
// own extent: a view wholly inside the safe area has zero insets, one that lies partly
// under the top inset area has a top inset of just the part under it. Only edges where
// the superview has an inset count. A view
// controller's `additionalSafeAreaInsets` are then added to its root view's, and so
// reach everything below it; nested controllers' add up.
//
// The getter always gives the insets of the current geometry. It keeps what it found
// while no layer's geometry or place in a tree changed and no controller's insets did
// (`CALayer.geometryGeneration`, `UIView.safeAreaGeneration`), so a layout pass down a
// chain of D nested views reads each superview's insets once instead of walking up D
// levels for each view. The notifications
// (`safeAreaInsetsDidChange()`, the controller's `viewSafeAreaInsetsDidChange()`) come
// when a change is seen: when `additionalSafeAreaInsets` is set, just before a view lays
// out (its own), and just after it laid out (each subview's, which then lays out too).
// So a view resized or moved by its superview's layout, or below a controller whose
// insets changed, hears of it within the same layout pass; a view moved from anywhere
// else hears at its superview's next layout.

extension UIView {
    /// The insets from each edge of `bounds` that the content should keep clear of:
    /// see the top of `UIView+SafeArea.swift` for how they are found.
    public var safeAreaInsets: UIEdgeInsets {
        let generation = (CALayer.geometryGeneration, UIView.safeAreaGeneration)
        if let kept = keptSafeAreaInsets, kept.generation == generation { return kept.insets }
        let insets = computeSafeAreaInsets(superviewInsets: superview?.safeAreaInsets ?? .zero)
        keptSafeAreaInsets = (generation, insets)
        return insets
    }

    /// Changes when what the safe area derives from changes outside the layers'
    /// geometry: a controller's `additionalSafeAreaInsets`, which view a controller owns.
    static var safeAreaGeneration: UInt64 = 0

    /// The safe area as a layout guide: its `layoutFrame` is `bounds` inset by
    /// `safeAreaInsets`, in this view's coordinates. (No constraints here: read the frame.)
    public var safeAreaLayoutGuide: UILayoutGuide {
        UILayoutGuide.kept(in: &storedSafeAreaLayoutGuide, identifier: "UIViewSafeAreaLayoutGuide", of: self, following: .safeArea)
    }

    /// The insets given the superview's (zero without a superview).
    func computeSafeAreaInsets(superviewInsets parentInsets: UIEdgeInsets) -> UIEdgeInsets {
        var insets = UIEdgeInsets.zero
        if superview == nil, let window = self as? UIWindow { insets = window.screenSafeAreaInsets }
        if let parent = superview, parentInsets != .zero {
            // The superview's safe area in this view's coordinates.
            let safe = convert(parent.bounds.inset(by: parentInsets), from: parent)
            let own = bounds
            func clip(_ value: CGFloat, _ extent: CGFloat) -> CGFloat { min(max(value, 0), max(extent, 0)) }
            // Only the superview's inset edges count: a view that hangs out of a
            // superview across an edge with no inset gets none there.
            if parentInsets.top > 0 { insets.top = clip(safe.minY - own.minY, own.height) }
            if parentInsets.left > 0 { insets.left = clip(safe.minX - own.minX, own.width) }
            if parentInsets.bottom > 0 { insets.bottom = clip(own.maxY - safe.maxY, own.height) }
            if parentInsets.right > 0 { insets.right = clip(own.maxX - safe.maxX, own.width) }
        }
        if let controller = owningViewController {
            let extra = controller.additionalSafeAreaInsets
            let container = controller.containerSafeAreaInsets
            insets.top += extra.top + container.top
            insets.left += extra.left + container.left
            insets.bottom += extra.bottom + container.bottom
            insets.right += extra.right + container.right
        }
        return insets
    }

    /// Recomputes the insets and, if they differ from the ones last announced, calls
    /// `safeAreaInsetsDidChange()`, the controller's `viewSafeAreaInsetsDidChange()`,
    /// and (unless about to lay out anyway) `setNeedsLayout()`. Returns the insets.
    @discardableResult
    func updateSafeAreaInsets(superviewInsets: UIEdgeInsets, markingLayout: Bool) -> UIEdgeInsets {
        let insets = computeSafeAreaInsets(superviewInsets: superviewInsets)
        guard insets != announcedSafeAreaInsets else { return insets }
        announcedSafeAreaInsets = insets
        safeAreaInsetsDidChange()
        owningViewController?.viewSafeAreaInsetsDidChange()
        if markingLayout { setNeedsLayout() }
        return insets
    }

    /// Before this view lays out: its own insets (its size may have changed).
    func updateOwnSafeAreaInsetsBeforeLayout() -> UIEdgeInsets {
        updateSafeAreaInsets(superviewInsets: superview?.safeAreaInsets ?? .zero, markingLayout: false)
    }

    /// After this view laid out: each subview's insets, which its layout may have
    /// changed; a subview whose insets changed is marked to lay out in the same pass.
    func updateSubviewSafeAreaInsets(ownInsets: UIEdgeInsets) {
        for subview in subviews {
            subview.updateSafeAreaInsets(superviewInsets: ownInsets, markingLayout: true)
        }
    }
}

/// A rectangle a view's layout can refer to. The guides made here are read-only
/// frames: a view's safe area (`UIView.safeAreaLayoutGuide`) and a scroll view's content
/// and frame (`UIScrollView.contentLayoutGuide`, `frameLayoutGuide`). There is no Auto
/// Layout here: no anchors or constraints to attach to them.
@MainActor
open class UILayoutGuide {
    public init() {}

    /// The view the guide belongs to.
    public internal(set) weak var owningView: UIView?
    open var identifier = ""

    /// What the guide's frame follows.
    enum Source {
        /// Nothing: a guide made by an app, which has no constraints to place it.
        case none
        case safeArea
        /// A scroll view's content: its origin and `contentSize`, in content coordinates.
        case scrollContent
        /// A scroll view's own untransformed frame, in its content coordinates: its
        /// bounds, which move with the offset.
        case scrollFrame
    }
    var source = Source.none

    /// The guide kept in `stored`, made on first use for `view`, following `source`.
    static func kept(in stored: inout UILayoutGuide?, identifier: String, of view: UIView, following source: Source) -> UILayoutGuide {
        if let stored { return stored }
        let guide = UILayoutGuide()
        guide.identifier = identifier
        guide.owningView = view
        guide.source = source
        stored = guide
        return guide
    }

    /// The guide's rectangle in the owning view's coordinates: for the safe area guide,
    /// `bounds.inset(by: safeAreaInsets)`; for a scroll view's content guide, its
    /// content's rectangle; for its frame guide, its bounds. `.zero` without an owning
    /// view, or for a guide of the app's own.
    public var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        switch source {
        case .none: return .zero
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .scrollContent: return CGRect(origin: .zero, size: (view as? UIScrollView)?.contentSize ?? .zero)
        case .scrollFrame: return view.bounds
        }
    }
}
