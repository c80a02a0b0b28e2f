/// A rectangular area that draws and receives touches, backed by a `CALayer`.
///
/// Geometry, opacity and visibility live on `layer` (`frame`, `bounds`, `center`,
/// `transform`, `alpha`, `isHidden`, `clipsToBounds` read and write it), so the layer
/// engine sees every change without copying. The hierarchy is in
/// `UIView+Hierarchy.swift`, conversions in `UIView+Coordinates.swift` and hit-testing
/// in `UIView+HitTesting.swift`; layout rides on the layer's dirty flags. The methods
/// UIKit lets subclasses override are declared here, since Swift cannot override
/// members declared in extensions.
@MainActor
open class UIView: UIResponder, CALayerDelegate {
    /// The class of layer every instance is created with. Override to return a
    /// `CALayer` subclass; anything else falls back to `CALayer` with a debug log.
    open class var layerClass: AnyClass {
        CALayer.self
    }

    /// The layer that holds this view's geometry and appearance.
    public let layer: CALayer

    public init(frame: CGRect) {
        layer = UIView.makeLayer(of: Self.layerClass)
        super.init()
        layer.setOwningDelegate(self)
        layer.frame = frame
    }

    isolated deinit {
        layer.setOwningDelegate(nil)
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Archives are not read here; the view starts with a zero frame, so that
    /// subclasses written for UIKit (which must declare this initializer) compile.
    public required init?(coder: NSCoder) {
        layer = UIView.makeLayer(of: Self.layerClass)
        super.init()
        layer.setOwningDelegate(self)
    }

    private static func makeLayer(of layerClass: AnyClass) -> CALayer {
        guard let type = layerClass as? CALayer.Type else {
            UIKitDebug.log(.hierarchy, "layerClass \(layerClass) is not a CALayer; using CALayer")
            return CALayer()
        }
        return type.init()
    }

    // MARK: - Geometry (stored on the layer)

    /// The view's extent in its superview's coordinates, derived from `center`, `bounds`
    /// and `transform` as UIKit derives it (see `CALayer.frame`). With a non-identity
    /// transform UIKit calls it undefined; here it is the transformed bounding box.
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    /// The view's own coordinate space: its origin is the point shown at the top-left
    /// corner, its size the view's size before `transform`.
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    /// Where the centre of `bounds` sits in the superview (the layer's `position`, with
    /// the anchor point at its default centre).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The transform about the centre, applied after positioning.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    // MARK: - Appearance

    /// A hidden view and its subviews are not drawn and cannot be hit.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Below 0.01 the view and its subviews cannot be hit. Stored on the layer as a
    /// `Float`, as Core Animation stores opacity.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    open var backgroundColor: UIColor? {
        didSet { layer.backgroundColor = backgroundColor?.cgColor }
    }

    open var tag = 0

    // MARK: - Touch restrictions

    /// When false the view and its subviews are skipped by hit-testing.
    open var isUserInteractionEnabled: Bool {
        get { storedIsUserInteractionEnabled }
        set { storedIsUserInteractionEnabled = newValue }
    }
    /// Read directly by hit-testing, without a dynamic call per view; so, as with
    /// UIKit's own flags, a subclass that overrides only the getter does not change
    /// hit-testing (assign the property instead).
    var storedIsUserInteractionEnabled = true
    /// When false (the default) the view receives at most one touch at a time; a
    /// touch that arrives while it has one is never delivered to it.
    open var isMultipleTouchEnabled = false
    /// When true the view receives a touch only while no other view in its window has
    /// one, and while it has one no other view in the window receives any (Neuburg,
    /// "Touches").
    open var isExclusiveTouch = false

    // MARK: - Animation state (UIView+Animation.swift, UIView+PresentationHitTesting.swift)

    /// UIView animations without `.allowUserInteraction` running on this view; while
    /// non-zero, hit-testing skips the view and its subtree, as UIKit does. A stored
    /// count so the hit-test reads one field per view.
    var nonInteractiveAnimationCount = 0
    /// The recognizers attached here (`gestureRecognizers`), in the order added.
    var attachedGestureRecognizers: [UIGestureRecognizer] = []
    /// Storage of `hitTestsPresentation`, read directly by hit-testing.
    var storedHitTestsPresentation = false

    /// The action for a change of `event` on the view's own layer. Outside animation
    /// blocks it is `NSNull` (none: views change at once, unlike standalone layers); in
    /// a `UIView.animate` block it animates the layer properties a view animates (see
    /// `UIView+Animation.swift`). Overridable, as in UIKit.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        UIViewAnimationBlock.action(for: self, layer: layer, forKey: event)
    }

    // MARK: - Hierarchy state (maintained by UIView+Hierarchy.swift)

    // Unchecked (read per hit-test level): main actor, set only here by Array edits that call out to nothing.
    /// The subviews, back to front.
    @exclusivity(unchecked) public internal(set) var subviews: [UIView] = []
    // Unchecked (read per responder step): main actor, set only here by plain assignment, no inout.
    @exclusivity(unchecked) public internal(set) weak var superview: UIView? {
        // A view whose layer was already taken out of its superview's keeps its place
        // in the layer tree unchanged: the safe area's kept insets must still go.
        didSet { UIView.safeAreaGeneration &+= 1 }
    }
    /// The window this view is in; kept up to date on every move so that reading it is
    /// cheap during delivery.
    weak var windowStorage: UIWindow?
    /// The controller whose root view this is, the next responder.
    weak var owningViewController: UIViewController? {
        didSet { UIView.safeAreaGeneration &+= 1 }
    }

    /// The window the view is in, `nil` if none. A window itself answers `nil`.
    public var window: UIWindow? {
        windowStorage
    }

    // MARK: - Responder chain

    /// The owning view controller for a controller's root view, else the superview.
    open override var next: UIResponder? {
        owningViewController ?? superview
    }

    // MARK: - Hierarchy notifications

    /// About to be added to `newSuperview`, or removed when it is `nil`.
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    /// About to enter `newWindow`, or leave its window when it is `nil`. Sent to the
    /// moved view and then to each of its subviews, depth first.
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: - Layout

    /// Lays out subviews. The default does nothing (there are no constraints or
    /// autoresizing masks); called by `layoutIfNeeded()` when layout is due.
    open func layoutSubviews() {}

    /// Marks layout as due; it runs at the next `layoutIfNeeded()` on this view or an
    /// ancestor (the window lays out before each touch event is hit-tested).
    open func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out now whatever is due in this view's subtree, parents first.
    open func layoutIfNeeded() {
        layer.layoutIfNeeded()
    }

    /// Called when `safeAreaInsets` change (see `UIView+SafeArea.swift` for when that
    /// is noticed); layout is marked due after it. The default does nothing.
    open func safeAreaInsetsDidChange() {}

    /// The layer's layout, as UIKit runs it: this view's safe area is brought up to
    /// date, then a controller whose root view this is hears `viewWillLayoutSubviews()`,
    /// the view lays out (`layoutSubviews()`), the controller hears
    /// `viewDidLayoutSubviews()`, and the subviews' safe areas are brought up to date
    /// (those that changed lay out next, in the same pass).
    public func layoutSublayers(of layer: CALayer) {
        let controller = owningViewController
        _ = updateOwnSafeAreaInsetsBeforeLayout()
        controller?.viewWillLayoutSubviews()
        layoutSubviews()
        controller?.viewDidLayoutSubviews()
        updateSubviewSafeAreaInsets(ownInsets: safeAreaInsets)
    }

    /// The insets last announced with `safeAreaInsetsDidChange()`.
    var announcedSafeAreaInsets = UIEdgeInsets.zero
    /// The insets the getter last found, and the geometry they were found for.
    var keptSafeAreaInsets: (generation: (UInt64, UInt64), insets: UIEdgeInsets)?
    /// `safeAreaLayoutGuide`, made on first use.
    var storedSafeAreaLayoutGuide: UILayoutGuide?

    // MARK: - Drawing

    /// Draws the view's content into `UIGraphicsGetCurrentContext()`, in bounds
    /// coordinates; `rect` is the whole bounds. The drawing is kept in the layer's
    /// backing store and redrawn only after `setNeedsDisplay()`.
    ///
    /// Which views draw (see `UIView+Drawing.swift`): a view whose class overrides this
    /// method is marked for display the first time the renderer meets it; any view is
    /// after `setNeedsDisplay()`. An override that calls `super.draw(_:)` and draws
    /// nothing the first time cannot be told from this default, so such a view needs one
    /// `setNeedsDisplay()`.
    open func draw(_ rect: CGRect) {
        reachedDefaultDraw = true
    }

    /// The layer's delegate drawing: makes `ctx` the current context and calls
    /// `draw(_:)` with the bounds.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        draw(bounds)
        UIGraphicsPopContext()
    }

    /// Marks the whole view for redrawing; `draw(_:)` runs before the next frame.
    open func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    /// Marks the view for redrawing; the whole view is redrawn, whatever `invalidRect`.
    open func setNeedsDisplay(_ invalidRect: CGRect) {
        layer.setNeedsDisplay()
    }

    /// How the content (a drawn backing store, an image view's image) is fitted to the
    /// bounds: the layer's `contentsGravity`. `.redraw` redraws on every size change.
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.contentsGravity = contentMode.contentsGravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    /// The size that best fits the view's content within `size`; the default keeps the
    /// current size. Labels and image views answer from what they draw.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Resizes the view to `sizeThatFits(_:)` of its current size, keeping the frame's
    /// origin.
    open func sizeToFit() {
        let origin = frame.origin
        bounds.size = sizeThatFits(bounds.size)
        frame.origin = origin
    }

    /// Set by the default `draw(_:)`, so that a probe can tell whether a class overrides it.
    var reachedDefaultDraw = false
    /// Whether the renderer has already asked this view whether it draws.
    var hasDecidedWhetherItDraws = false

    // MARK: - Gesture recognizers (see UIView+GestureRecognizers.swift)

    /// Asked when `gestureRecognizer` (this view's or an ancestor's) is about to begin
    /// or recognize with a touch whose hit-test view is this one; false makes it fail,
    /// and the touch reaches this view as if it were not there. Asked before the
    /// recognizer's delegate. Default true (`UIButton` and `UISlider` refuse some).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    // MARK: - Hit-testing (implemented in UIView+HitTesting.swift)

    /// The frontmost view in this subtree that contains `point` (in this view's
    /// coordinates) and may receive touches, or `nil`. See `UIView+HitTesting.swift`
    /// for the algorithm; override to "munge" hit-testing (Neuburg, "Touches").
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        defaultHitTest(point, with: event)
    }

    /// Whether `point` (in this view's coordinates) is inside the view; by default
    /// whether it lies in `bounds`, or, when the layer opts into path hit-testing
    /// (`CALayer.hitTestPath`, `CAShapeLayer.hitTestsByShape`), whether it lies in
    /// that path. Override for other shapes.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        layer.hitTestsByPath ? layer.contains(point) : layer.boundsContain(point)
    }
}
