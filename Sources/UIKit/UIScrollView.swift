import Foundation

/// A view whose content is larger than itself, scrolled by a finger and zoomed by a
/// pinch, with UIKit's names and touch semantics (Apple's "UIScrollView" reference).
///
/// Geometry: the content offset is `bounds.origin`, so subviews are laid out in content
/// coordinates and scroll with it. The offset rests within `minimumContentOffset`…
/// `maximumContentOffset`, made by `contentSize` and `adjustedContentInset`; a finger
/// can pull it past them (the rubber band, when `bounces`) and a release brings it back.
///
/// Touches (see `UIScrollView+Dragging.swift`, `ScrollViewContentTouchGate`):
/// - `panGestureRecognizer` scrolls. It begins only for movement along an axis the
///   content can scroll on (`contentSize` beyond the bounds, or `alwaysBounce…`), so a
///   vertical list inside a horizontal pager leaves sideways drags to the pager.
/// - With `delaysContentTouches` (the default) a touch reaches the content's views
///   `ScrollViewMeasurements.contentTouchDelay` (about 150 ms) after it began, or when
///   it lifts sooner; a scroll that starts within that time means they never hear of it.
/// - Once a content view has heard of a touch, a scroll starting on it cancels it there
///   (`touchesCancelled`) if `canCancelContentTouches` and `touchesShouldCancel(in:)`
///   say yes (not for a `UIControl`, by default); otherwise it does not scroll.
/// - A touch that catches the content while it moves by itself stops it there and goes
///   no further: a tap to stop a fling presses nothing.
///
/// Motion after the finger lifts (`ScrollViewMotion`): deceleration at
/// `decelerationRate`, a bounce at an edge, a page snap with `isPagingEnabled`, all on
/// the layer tree's clock (its layer's engine's `currentTime`), so a manual clock steps
/// them and the slow-animation debug setting slows scrolling too.
///
/// Zooming (`UIScrollView+Zooming.swift`): with `maximumZoomScale` above
/// `minimumZoomScale` and a `viewForZooming(in:)` from the delegate, a pinch scales that
/// view about the fingers' centroid.
@MainActor
open class UIScrollView: UIView, UIGestureRecognizerDelegate {
    /// How fast a released scroll view slows: the velocity is multiplied by `rawValue`
    /// every millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// UIKit's default: 0.998 per millisecond.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// Quicker to stop: 0.99 per millisecond.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Whether the safe area adds to `contentInset` in `adjustedContentInset`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As `scrollableAxes` here (there are no navigation bars to consider).
        case automatic
        /// The safe area's insets on the axes the content scrolls on.
        case scrollableAxes
        /// Never.
        case never
        /// On both axes, always.
        case always
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    /// Told of scrolling, dragging, deceleration and zooming; asked for the view to zoom.
    open weak var delegate: (any UIScrollViewDelegate)?

    // MARK: - Content

    /// The point of the content shown at the top-left corner: `bounds.origin`. Setting
    /// it stops any motion, moves there at once and calls `scrollViewDidScroll`.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The size of the content, in content coordinates. Default zero. A new size can
    /// change which axes scroll, and so `adjustedContentInset`.
    open var contentSize: CGSize = .zero {
        didSet { if contentSize != oldValue { adjustedContentInsetMayHaveChanged() } }
    }

    /// Extra space around the content that the offset may scroll to. Default zero.
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if contentInset != oldValue { adjustedContentInsetMayHaveChanged() } }
    }

    /// Whether the safe area adds to `contentInset`. Default `.automatic`.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { adjustedContentInsetMayHaveChanged() }
    }

    /// `adjustedContentInset` as last announced.
    private var announcedAdjustedContentInset = UIEdgeInsets.zero

    /// Announces a new `adjustedContentInset`, when it is new: `adjustedContentInsetDidChange()`,
    /// then the delegate's `scrollViewDidChangeAdjustedContentInset`. Asked when the
    /// content's size or insets, the behaviour or the safe area change.
    func adjustedContentInsetMayHaveChanged() {
        placeRefreshControl()
        let adjusted = adjustedContentInset
        guard adjusted != announcedAdjustedContentInset else { return }
        announcedAdjustedContentInset = adjusted
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// The safe area changed: the adjusted inset follows it.
    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        adjustedContentInsetMayHaveChanged()
    }

    /// `contentInset` plus the safe area's insets that `contentInsetAdjustmentBehavior`
    /// adds: the insets the offset's range is made with.
    open var adjustedContentInset: UIEdgeInsets {
        var inset = safeAreaAdjustedContentInset
        if let refreshControl, refreshControl.isRefreshing { inset.top += UIRefreshControl.height }
        return inset
    }

    /// `contentInset` plus the safe area's part, without a refresh under way.
    var safeAreaAdjustedContentInset: UIEdgeInsets {
        var inset = contentInset
        let safe = safeAreaInsets
        let both: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: return inset
        case .always: both = true
        case .automatic, .scrollableAxes: both = false
        }
        if both || scrollsOnAxis(horizontal: true, inset: contentInset) {
            inset.left += safe.left
            inset.right += safe.right
        }
        if both || scrollsOnAxis(horizontal: false, inset: contentInset) {
            inset.top += safe.top
            inset.bottom += safe.bottom
        }
        return inset
    }

    /// Called when `adjustedContentInset` may have changed; subclasses may override.
    open func adjustedContentInsetDidChange() {}

    /// The smallest offset the content rests at: the insets above and to the left.
    public var minimumContentOffset: CGPoint {
        let inset = adjustedContentInset
        return CGPoint(x: -inset.left, y: -inset.top)
    }

    /// The largest offset the content rests at: the content's far edges, plus the
    /// insets, at the bounds' far edges (never less than `minimumContentOffset`).
    public var maximumContentOffset: CGPoint {
        let inset = adjustedContentInset
        let minimum = minimumContentOffset
        return CGPoint(x: max(contentSize.width + inset.right - bounds.width, minimum.x),
                       y: max(contentSize.height + inset.bottom - bounds.height, minimum.y))
    }

    // MARK: - Scrolling

    /// Whether a finger scrolls the content. Default true.
    open var isScrollEnabled = true {
        didSet { scrollPan.isEnabled = isScrollEnabled }
    }

    /// With this on, a drag that starts mostly along one axis moves along that axis
    /// only (`ScrollViewMeasurements.directionalLockRatio`). Default false.
    open var isDirectionalLockEnabled = false
    /// Whether the content can be pulled past its edges and bounces back, on both axes:
    /// true only when both `bouncesHorizontally` and `bouncesVertically` are; setting
    /// it sets both. Default true.
    open var bounces: Bool {
        get { bouncesHorizontally && bouncesVertically }
        set {
            bouncesHorizontally = newValue
            bouncesVertically = newValue
        }
    }
    /// Whether the content can be pulled past its left and right edges (iOS 17.4).
    /// Default true.
    open var bouncesHorizontally = true
    /// Whether the content can be pulled past its top and bottom edges (iOS 17.4).
    /// Default true.
    open var bouncesVertically = true
    /// Drags vertically (and bounces) even when the content is not taller than the
    /// bounds, when it bounces vertically. Default false.
    open var alwaysBounceVertical = false
    /// Drags horizontally (and bounces) even when the content is not wider than the
    /// bounds, when it bounces horizontally. Default false.
    open var alwaysBounceHorizontal = false
    /// Whether a release comes to rest on a multiple of the bounds' size. Default false.
    open var isPagingEnabled = false
    /// How fast a released scroll view slows. Default `.normal`.
    open var decelerationRate: DecelerationRate = .normal
    /// Whether a scroll to top (`UIWindow.scrollToTop()`, what iOS's status-bar tap does)
    /// may take this scroll view to its top. It does only when this is the one scroll
    /// view of the window that says so. Default true.
    open var scrollsToTop = true
    /// Whether the bar along the right edge shows while the content scrolls vertically.
    /// Default true.
    open var showsVerticalScrollIndicator = true
    /// Whether the bar along the bottom edge shows while the content scrolls
    /// horizontally. Default true.
    open var showsHorizontalScrollIndicator = true
    /// How far the vertical bar's track stays from the scroll view's edges: its top and
    /// bottom shorten the track, its right moves the bar in. Default zero.
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// The same for the horizontal bar: its left and right shorten the track, its bottom
    /// moves the bar up. Default zero.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero

    /// The bars' look: `.default` dark with a light rim (shows on any content), `.black`
    /// for light content, `.white` for dark content.
    public enum IndicatorStyle: Int, Sendable {
        case `default`, black, white
    }
    /// The bars' look. Default `.default`.
    open var indicatorStyle: IndicatorStyle = .default {
        didSet { indicators.apply(indicatorStyle) }
    }

    /// How a drag dismisses the keyboard, in UIKit. Accepted for source compatibility and
    /// without effect: apps here get no keyboard input, so there is no keyboard to
    /// dismiss.
    public enum KeyboardDismissMode: Int, Sendable {
        case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }
    /// Without effect here (see `KeyboardDismissMode`). Default `.none`.
    open var keyboardDismissMode: KeyboardDismissMode = .none

    /// The content's rectangle, `contentSize` at the origin of the content's
    /// coordinates, as a read-only frame (no Auto Layout here).
    public var contentLayoutGuide: UILayoutGuide {
        UILayoutGuide.kept(in: &storedContentLayoutGuide, identifier: "UIScrollViewContentLayoutGuide", of: self,
                           following: .scrollContent)
    }
    private var storedContentLayoutGuide: UILayoutGuide?

    /// The scroll view's own untransformed frame in its content's coordinates (its
    /// bounds, moving with the offset), as a read-only frame.
    public var frameLayoutGuide: UILayoutGuide {
        UILayoutGuide.kept(in: &storedFrameLayoutGuide, identifier: "UIScrollViewFrameLayoutGuide", of: self,
                           following: .scrollFrame)
    }
    private var storedFrameLayoutGuide: UILayoutGuide?

    /// Shows the scroll indicators for a moment, as when scrolling stops.
    open func flashScrollIndicators() {
        indicators.show(in: self)
        indicators.fadeSoon(in: self)
    }

    /// Whether a finger is down on the scroll view (on its content or itself), scrolling
    /// or not.
    open var isTracking: Bool {
        trackedTouches.removeAll { $0.touch?.isFinished ?? true }
        return !trackedTouches.isEmpty
    }

    /// Whether a finger is scrolling the content (its pan has begun and not ended).
    open internal(set) var isDragging = false
    /// Whether the content moves by itself after a finger lifted (a fling, a bounce, a
    /// page snap).
    open var isDecelerating: Bool { motion?.isDeceleration == true }
    /// Whether an offset animation started in code runs (`setContentOffset(_:animated:)`,
    /// `scrollRectToVisible(_:animated:)`, scroll to top) (iOS 17.4).
    open var isScrollAnimating: Bool { motion?.kind == .animation || motion?.kind == .scrollToTop }
    /// Whether a zoom animation started in code runs (`setZoomScale(_:animated:)`,
    /// `zoom(to:animated:)`) (iOS 17.4).
    open var isZoomAnimating: Bool { motion?.kind == .zoomAnimation }

    /// Stops whatever moves the content by itself: a fling, an animation in code, a
    /// zoom animation or bounce (iOS 17.4). The offset and scale stay where they are,
    /// but, as Apple's reference says, content bouncing past an edge returns to the edge
    /// and paged content to a page boundary: at once, here. The delegate hears the
    /// motion's end as when it ends by itself. A finger's drag is not stopped.
    open func stopScrollingAndZooming() {
        guard let motion else { return }
        stopMotion(reportingEnd: false)
        if motion.kind == .zoomBounce {
            applyZoomScale(min(max(currentZoomScale, minimumZoomScale), maximumZoomScale))
        }
        if motion.kind == .deceleration || motion.kind == .zoomBounce {
            var offset = contentOffset
            if isPagingEnabled { offset = pageTargets(from: offset, velocity: .zero) }
            applyContentOffset(clampedToRange(offset))
        }
        reportEnd(of: motion)
    }

    /// Moves the offset to `contentOffset`, at once or over about 0.3 s
    /// (`ScrollViewMeasurements.scrollAnimationDuration`, ease in and out); any motion
    /// under way stops. `scrollViewDidScroll` follows each change, and
    /// `scrollViewDidEndScrollingAnimation` the end of an animation. The offset is not
    /// clamped, as in UIKit.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        stopMotion(reportingEnd: true)
        if animated, contentOffset != self.contentOffset {
            startMotion(ScrollViewMotion(animatingFrom: self.contentOffset, to: contentOffset, of: self))
        } else {
            applyContentOffset(contentOffset)
        }
    }

    /// Scrolls the least that shows `rect` (in content coordinates), within the offset's
    /// range; nothing when it is already shown.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        let visible = CGRect(origin: offset, size: bounds.size)
        if rect.minX < visible.minX || rect.width > visible.width {
            offset.x = rect.minX
        } else if rect.maxX > visible.maxX {
            offset.x = rect.maxX - visible.width
        }
        if rect.minY < visible.minY || rect.height > visible.height {
            offset.y = rect.minY
        } else if rect.maxY > visible.maxY {
            offset.y = rect.maxY - visible.height
        }
        offset = clampedToRange(offset)
        guard offset != contentOffset else { return }
        setContentOffset(offset, animated: animated)
    }

    // MARK: - Content touches

    /// Whether a touch waits about 150 ms before its content view hears of it, so a
    /// scroll that starts at once never shows it. Default true.
    open var delaysContentTouches = true {
        didSet { contentTouchGate.delaysTouchesBegan = delaysContentTouches }
    }

    /// Whether a scroll may start on a touch a content view has already heard of (then
    /// cancelling it there). Default true.
    open var canCancelContentTouches = true

    /// Asked before a touch in the content reaches `view`; false keeps it from the view
    /// altogether (it can still scroll). Default true. Subclasses override.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        true
    }

    /// Asked when a scroll would start on a touch that `view` has heard of; false keeps
    /// the touch with the view and the content does not scroll. Default: true, except
    /// for a `UIControl`.
    open func touchesShouldCancel(in view: UIView) -> Bool {
        !(view is UIControl)
    }

    // MARK: - Recognizers

    /// The pan that scrolls. Its delegate is the scroll view; recognizers of the app may
    /// `require(toFail:)` it, or be required by it, like any other.
    open var panGestureRecognizer: UIPanGestureRecognizer { scrollPan }

    /// The pinch that zooms, while `maximumZoomScale` is above `minimumZoomScale`;
    /// otherwise nil.
    open internal(set) var pinchGestureRecognizer: UIPinchGestureRecognizer?

    /// Whether the scroll view's own pan and pinch may recognize together (a two-finger
    /// pinch also pans); other pairs get the default answer.
    open func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        let own: [UIGestureRecognizer] = [scrollPan] + (pinchGestureRecognizer.map { [$0] } ?? [])
        return own.contains { $0 === gestureRecognizer } && own.contains { $0 === otherGestureRecognizer }
    }

    /// For the scroll view's pan: whether a scroll may start on its touches (see the
    /// content-touch rules above); for others, what a view answers.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === scrollPan else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        return mayScroll(taking: scrollPan.trackedTouches)
    }

    // MARK: - Zooming (state; behaviour in UIScrollView+Zooming.swift)

    /// The smallest zoom scale. Default 1.
    open var minimumZoomScale: CGFloat = 1 {
        didSet { zoomRangeDidChange() }
    }

    /// The largest zoom scale. Default 1 (no zooming).
    open var maximumZoomScale: CGFloat = 1 {
        didSet { zoomRangeDidChange() }
    }

    /// The scale of the zoom view, 1 when nothing zooms. Setting it scales the zoom view
    /// about the middle of the bounds, within the range.
    open var zoomScale: CGFloat {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Scales the zoom view to `scale` (clamped to the zoom range) about the middle of
    /// the bounds, keeping the offset within its range; animated over about 0.3 s when
    /// asked, ending with `scrollViewDidEndZooming`. Nothing without a zoom view.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        zoomAboutMiddle(to: scale, animated: animated)
    }

    /// Zooms so that `rect` (in the zoom view's own, unscaled coordinates) fills the
    /// bounds as far as the zoom range allows, centred and within the offset's range;
    /// animated when asked.
    open func zoom(to rect: CGRect, animated: Bool) {
        zoomToFit(rect, animated: animated)
    }

    /// Whether a pinch can take the scale past its range, springing back after. Default
    /// true.
    open var bouncesZoom = true
    /// Whether a pinch is zooming.
    open internal(set) var isZooming = false
    /// Whether the scale is springing back into its range after a pinch.
    open var isZoomBouncing: Bool { motion?.isZoomBounce == true }

    // MARK: - Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A new size can change which axes scroll, and so the adjusted inset (which
        // places the refresh control too).
        adjustedContentInsetMayHaveChanged()
    }

    // MARK: - Refresh control

    /// Pull to refresh (`UIRefreshControl`): set, the control sits just above the
    /// content's top, and the content drags vertically even when it is short.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard oldValue !== refreshControl else { return }
            if oldValue?.superview === self { oldValue?.removeFromSuperview() }
            oldValue?.scrollView = nil
            if let refreshControl {
                refreshControl.scrollView = self
                insertSubview(refreshControl, at: 0)
            }
            adjustedContentInsetMayHaveChanged()
        }
    }

    /// Keeps the refresh control just above the top the content rests at without it.
    private func placeRefreshControl() {
        guard let refreshControl else { return }
        let top = -safeAreaAdjustedContentInset.top
        let frame = CGRect(x: 0, y: top - UIRefreshControl.height, width: bounds.width, height: UIRefreshControl.height)
        if refreshControl.frame != frame { refreshControl.frame = frame }
    }

    /// How far past the top (as shown) the content is pulled, for the refresh control.
    func notePull() {
        guard let refreshControl else { return }
        refreshControl.contentPulled(by: -safeAreaAdjustedContentInset.top - contentOffset.y)
    }

    // MARK: - Internal state

    let scrollPan = ScrollViewPanGestureRecognizer()
    let contentTouchGate = ScrollViewContentTouchGate()
    /// The bars that show where the content is (`ScrollViewIndicators`).
    let indicators = ScrollViewIndicators()
    /// The motion under way after a release, or an animation.
    var motion: ScrollViewMotion?
    /// Drives `motion` once per frame.
    var motionLink: CADisplayLink?
    /// A touch held weakly: a touch holds its view, and so the window the scroll view is
    /// in, which must not be kept alive by the scroll view in return.
    struct TrackedTouch {
        weak var touch: UITouch?
    }

    /// Touches that went down on the scroll view, for `isTracking`.
    var trackedTouches: [TrackedTouch] = []
    /// What the current drag started from (`UIScrollView+Dragging.swift`).
    var drag: ScrollViewDrag?
    /// What the current pinch started from (`UIScrollView+Zooming.swift`).
    var pinch: ScrollViewPinch?
    /// The zoom scale the zoom view shows.
    var currentZoomScale: CGFloat = 1

    private func configure() {
        clipsToBounds = true
        scrollPan.addTarget(self, action: UIScrollView.handlePan)
        scrollPan.delegate = self
        addGestureRecognizer(scrollPan)
        contentTouchGate.delaysTouchesBegan = delaysContentTouches
        addGestureRecognizer(contentTouchGate)
    }

    /// Whether a finger drags the content on the axis: it is longer than the bounds with
    /// the insets, or it always bounces on the axis and bounces there at all. With
    /// `bounces` false, `alwaysBounceVertical` drags nothing that cannot move, as on iOS.
    func dragsOnAxis(horizontal: Bool) -> Bool {
        let inset = adjustedContentInset
        if horizontal {
            return contentSize.width + inset.left + inset.right > bounds.width || alwaysBounceHorizontal && bouncesHorizontally
        }
        return contentSize.height + inset.top + inset.bottom > bounds.height
            || (alwaysBounceVertical || refreshControl != nil) && bouncesVertically
    }

    /// Whether the content scrolls on the axis for the insets' sake: longer than the
    /// bounds with the insets, or bouncing always on it (`bounces` aside: the safe
    /// area's insets on an axis do not depend on whether it bounces).
    func scrollsOnAxis(horizontal: Bool, inset: UIEdgeInsets? = nil) -> Bool {
        let inset = inset ?? adjustedContentInset
        if horizontal {
            return alwaysBounceHorizontal || contentSize.width + inset.left + inset.right > bounds.width
        }
        return alwaysBounceVertical || contentSize.height + inset.top + inset.bottom > bounds.height
    }

    /// `offset` within the range the content rests in.
    func clampedToRange(_ offset: CGPoint) -> CGPoint {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        return CGPoint(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }

    /// Sets the offset and tells the delegate, if it changed.
    func applyContentOffset(_ offset: CGPoint) {
        guard offset != bounds.origin else { return }
        var newBounds = bounds
        newBounds.origin = offset
        bounds = newBounds
        indicators.update(in: self)
        delegate?.scrollViewDidScroll(self)
    }

    /// Whether a scroll may start on `touches`: a touch whose content view has heard its
    /// began is cancelled there only when the rules allow.
    func mayScroll(taking touches: [UITouch]) -> Bool {
        for touch in touches where touch.arbitration.viewDelivery.receivedBegan && !touch.arbitration.viewDelivery.isCutOff {
            guard let view = touch.view, view !== self else { continue }
            guard canCancelContentTouches, touchesShouldCancel(in: view) else {
                UIKitDebug.log(.gestures, "UIScrollView: does not scroll: \(type(of: view)) keeps its touch")
                return false
            }
        }
        return true
    }
}
