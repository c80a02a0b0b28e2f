/// A node of the layer tree: geometry, visibility and order, with Core Animation's
/// names. Every `UIView` is backed by one, and the view's geometry lives here.
///
/// Geometry follows Core Animation: `bounds` is the layer's own coordinate space,
/// `position` is where the `anchorPoint` (unit coordinates of the bounds) sits in the
/// superlayer, and the transform applies about the anchor point. `frame` is derived.
///
/// The transform is affine for now (`affineTransform()` / `setAffineTransform(_:)`);
/// 3-D transforms come with the layer issue, which extends this class.
@MainActor
open class CALayer {
    /// `init()` is required because `UIView.layerClass` instantiates a layer from its
    /// class at run time, as UIKit does.
    public required init() {}

    // MARK: - Geometry

    // Unchecked for exclusivity (here and on the public stored properties below): the
    // renderer, damage tracking and presentation copies read them on every layer of every
    // frame, and no access can overlap another (main actor; each is one read or one
    // assignment whose observer runs after it, never held inout across a call).
    @exclusivity(unchecked) open var bounds: CGRect = .zero {
        didSet {
            updateMapping()
            animatablePropertyChanged("bounds", from: oldValue, changed: bounds != oldValue)
            if bounds.size != oldValue.size {
                setNeedsLayout()
                // As UIKit does for a view, however its size was set (the view's bounds or
                // frame, or its layer's): the superlayer, whose layout may depend on the
                // size, is laid out too; not while it lays out now, setting its
                // sublayers' sizes, which would only make it lay out twice.
                if let superlayer, !superlayer.isLayingOutSublayers { superlayer.setNeedsLayout() }
                if needsDisplayOnBoundsChange { setNeedsDisplay() }
            }
        }
    }

    @exclusivity(unchecked) open var position: CGPoint = .zero {
        didSet {
            updateMapping()
            animatablePropertyChanged("position", from: oldValue, changed: position != oldValue)
        }
    }

    /// Unit coordinates of the bounds that sit at `position`; `(0.5, 0.5)` is the centre.
    @exclusivity(unchecked) open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        didSet {
            updateMapping()
            animatablePropertyChanged("anchorPoint", from: oldValue, changed: anchorPoint != oldValue)
        }
    }

    /// The layer's transform about its anchor point. Only its affine part shows and
    /// hit-tests (see `CATransform3D`).
    open var transform: CATransform3D {
        get { storedTransform }
        set {
            let oldValue = storedTransform
            storedTransform = newValue
            affinePart = CATransform3DGetAffineTransform(newValue)
            updateMapping()
            animatablePropertyChanged("transform", from: oldValue, changed: !CATransform3DEqualToTransform(newValue, oldValue))
        }
    }

    private var storedTransform = CATransform3DIdentity
    private var affinePart = CGAffineTransform.identity

    /// The geometry above as one map to and from the superlayer, with its inverse; read
    /// directly by hit-testing and point conversion.
    private(set) var mapping = SuperlayerMapping.identity

    private func updateMapping() {
        mapping = SuperlayerMapping(bounds: bounds, anchorPoint: anchorPoint, position: position, transform: affinePart)
        Self.geometryGeneration &+= 1
    }

    /// A number that changes whenever any layer's geometry (bounds, position, anchor
    /// point, transform) or place in a tree changes: what is derived from the geometry of
    /// many layers (a view's safe area, from its ancestors') may be kept while it stays.
    package private(set) static var geometryGeneration: UInt64 = 0

    /// Notes a change of place in a tree (`geometryGeneration`).
    static func noteTreeChange() {
        geometryGeneration &+= 1
    }

    /// The affine part of `transform` (Core Animation's affine accessor).
    public func affineTransform() -> CGAffineTransform {
        affinePart
    }

    /// Sets `transform` to the 3-D form of `m`.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    // MARK: - Appearance

    /// 0…1; the view's `alpha`.
    open var opacity: Float {
        get { storedOpacity }
        set {
            let oldValue = storedOpacity
            storedOpacity = newValue
            animatablePropertyChanged("opacity", from: oldValue)
        }
    }
    open var isHidden: Bool {
        get { storedIsHidden }
        set {
            // Hiding a hidden layer (or showing a shown one) changes no pixel, and layout
            // code sets it at every pass: only a change is damage.
            guard newValue != storedIsHidden else { return }
            storedIsHidden = newValue
            noteVisualChange()
        }
    }

    // Stored apart from their open accessors so that hit-testing reads them without a
    // dynamic call per layer.
    private var storedOpacity: Float = 1
    private var storedIsHidden = false

    /// Whether hit-testing may enter this layer: not hidden and at least
    /// `minimumOpacity` opaque (UIKit skips views below 0.01; Core Animation only hidden
    /// layers).
    public final func admitsHits(minimumOpacity: Float) -> Bool {
        !storedIsHidden && storedOpacity >= minimumOpacity
    }

    /// Clip sublayers to the bounds (the view's `clipsToBounds`).
    @exclusivity(unchecked) open var masksToBounds = false {
        didSet { noteVisualChange() }
    }
    @exclusivity(unchecked) open var backgroundColor: CGColor? {
        didSet {
            animatablePropertyChanged("backgroundColor", from: oldValue)
        }
    }
    open var name: String?

    /// The width of the border drawn inside the bounds, over the contents and
    /// sublayers, following `cornerRadius`.
    @exclusivity(unchecked) open var borderWidth: CGFloat = 0 {
        didSet {
            animatablePropertyChanged("borderWidth", from: oldValue)
        }
    }
    @exclusivity(unchecked) open var borderColor: CGColor? = .black {
        didSet {
            animatablePropertyChanged("borderColor", from: oldValue)
        }
    }
    /// Rounds the background and border; clips contents and sublayers only when
    /// `masksToBounds` is true, as in Core Animation.
    @exclusivity(unchecked) open var cornerRadius: CGFloat = 0 {
        didSet {
            animatablePropertyChanged("cornerRadius", from: oldValue)
        }
    }

    /// The shadow is cast by the layer's visible shape (background, contents, sublayers)
    /// or by `shadowPath` when one is set. Invisible while `shadowOpacity` is 0.
    @exclusivity(unchecked) open var shadowOpacity: Float = 0 {
        didSet {
            animatablePropertyChanged("shadowOpacity", from: oldValue)
        }
    }
    @exclusivity(unchecked) open var shadowRadius: CGFloat = 3 {
        didSet {
            animatablePropertyChanged("shadowRadius", from: oldValue)
        }
    }
    /// Core Animation's default offset, (0, -3), points up in UIKit's flipped space.
    @exclusivity(unchecked) open var shadowOffset = CGSize(width: 0, height: -3) {
        didSet {
            animatablePropertyChanged("shadowOffset", from: oldValue)
        }
    }
    @exclusivity(unchecked) open var shadowColor: CGColor? = .black {
        didSet {
            animatablePropertyChanged("shadowColor", from: oldValue)
        }
    }
    @exclusivity(unchecked) open var shadowPath: CGPath? {
        didSet { noteVisualChange() }
    }

    /// Sublayers are drawn in ascending `zPosition` (ties in array order) and hit-tested
    /// in the reverse of that order.
    @exclusivity(unchecked) open var zPosition: CGFloat = 0 {
        didSet {
            if (oldValue != 0) != (zPosition != 0) { superlayer?.sublayersWithZPosition += zPosition != 0 ? 1 : -1 }
            animatablePropertyChanged("zPosition", from: oldValue)
        }
    }

    /// How many sublayers have a `zPosition` other than 0 (`sublayersInDrawingOrder`).
    var sublayersWithZPosition = 0

    /// The layer's image: a `CGImage` (what `UIImage.cgImage` gives); anything else is
    /// not drawn.
    @exclusivity(unchecked) open var contents: Any? {
        didSet { noteVisualChange() }
    }
    /// How `contents` is fitted into the bounds.
    @exclusivity(unchecked) open var contentsGravity: CALayerContentsGravity = .resize {
        didSet { noteVisualChange() }
    }
    /// Pixels of `contents` per point.
    @exclusivity(unchecked) open var contentsScale: CGFloat = 1 {
        didSet { noteVisualChange() }
    }

    // MARK: - Presentation (CALayer+Presentation.swift)

    /// A copy of `layer`'s model properties, as Core Animation makes presentation
    /// layers: geometry, appearance, contents and hit-test shape; not the delegate, the
    /// tree, `actions`, pending layout or display, or animations. Subclasses that add
    /// properties override it to copy them (calling `super`). No actions run and no
    /// visual change is noted while copying.
    public required init(layer: Any) {
        guard let other = layer as? CALayer else { return }
        bounds = other.bounds
        position = other.position
        anchorPoint = other.anchorPoint
        storedTransform = other.storedTransform
        affinePart = other.affinePart
        storedOpacity = other.storedOpacity
        storedIsHidden = other.storedIsHidden
        masksToBounds = other.masksToBounds
        backgroundColor = other.backgroundColor
        name = other.name
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        cornerRadius = other.cornerRadius
        shadowOpacity = other.shadowOpacity
        shadowRadius = other.shadowRadius
        shadowOffset = other.shadowOffset
        shadowColor = other.shadowColor
        shadowPath = other.shadowPath
        zPosition = other.zPosition
        contents = other.contents
        contentsGravity = other.contentsGravity
        contentsScale = other.contentsScale
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        storedHitTestPath = other.storedHitTestPath
        hitTestsByOwnShape = other.hitTestsByOwnShape
        hitTestFillRule = other.hitTestFillRule
        mediaTiming = other.mediaTiming
        updateMapping()
    }

    /// A new copy of the layer as it appears now (at its own time, `currentLocalTime`),
    /// with its animations applied, even when none is attached; never `nil` here. See
    /// `CALayer+Presentation.swift` for what the copy holds and why.
    open func presentation() -> Self? {
        makePresentation(of: animationState) as? Self
    }

    /// For a presentation copy, the layer it shows; for a model layer, itself.
    open func model() -> Self {
        (presentedModel as? Self) ?? self
    }

    /// The model a presentation copy was made from.
    var presentedModel: CALayer?

    /// The animations attached to this layer and their progress; `nil` until the first
    /// is added, so that a layer that never animates pays one pointer.
    var animationState: LayerAnimationState?

    /// Damage tracking's marks and footprint (`DamageTracker`). Unchecked for
    /// exclusivity: collecting after a scroll reads it on every sublayer of the scrolled
    /// layer, and no access to it overlaps another (main actor; each is one read or one
    /// assignment, never held across a call).
    @exclusivity(unchecked) var damageState = LayerDamageState()

    /// The layer's `CAMediaTiming` values (`CALayer+MediaTiming.swift`).
    var mediaTiming = LayerTiming()

    // MARK: - Actions (CALayer+Actions.swift)

    /// Actions by property key, searched after the delegate (see `action(forKey:)`).
    /// `NSNull()` for a key disables that property's implicit animation.
    open var actions: [String: any CAAction]?

    /// The action for `event` (a property key), searched as Core Animation searches:
    /// the delegate's `action(for:forKey:)`, then `actions`, then
    /// `defaultAction(forKey:)`. The first non-`nil` answer wins; `NSNull` ends the search
    /// with no action (`nil`).
    open func action(forKey event: String) -> (any CAAction)? {
        searchAction(forKey: event)
    }

    /// The action of last resort for `event`: for an animatable property, a
    /// `CABasicAnimation` with the current transaction's duration and timing function
    /// (Core Animation's `default` curve when none is set), which animates from where
    /// the property appeared to be to its new value. `nil` for other keys.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        implicitAnimation(forKey: event)
    }

    // MARK: - Drawing

    /// Whether `display()` is due.
    private var displayIsDue = false

    /// When true, a change of the bounds' size marks the layer for display.
    @exclusivity(unchecked) open var needsDisplayOnBoundsChange = false

    /// Marks the layer's contents as out of date; the renderer calls `display()` before
    /// it next draws the layer.
    open func setNeedsDisplay() {
        displayIsDue = true
        noteVisualChange()
    }

    open func needsDisplay() -> Bool {
        displayIsDue
    }

    /// Calls `display()` if it is due.
    open func displayIfNeeded() {
        guard displayIsDue else { return }
        displayIsDue = false
        display()
    }

    /// Updates the layer's contents. The default asks the delegate's `display(_:)`;
    /// drawing through `draw(in:)` is the renderer's part, which supplies the context.
    open func display() {
        delegate?.display(self)
    }

    /// Draws the layer's contents into `ctx`, in bounds coordinates. The default asks
    /// the delegate (a view's `draw(_:)`).
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// The owner asked for layout and drawing; weak, as Core Animation's is.
    open var delegate: (any CALayerDelegate)? {
        get { owningDelegate ?? weakDelegate }
        set {
            weakDelegate = newValue
            owningDelegate = nil
        }
    }

    private weak var weakDelegate: (any CALayerDelegate)?

    /// The delegate that owns this layer (a view and its backing layer), held without a
    /// weak reference: a weak reference gives its target a side-table reference count,
    /// which makes every retain and release of every view take Swift's slow path (a
    /// hit-test of 10,000 views spent most of its time there). The owner must clear it
    /// before it goes away (`UIView` does in its deinit), since it is not zeroed.
    public func setOwningDelegate(_ owner: (any CALayerDelegate)?) {
        weakDelegate = nil
        owningDelegate = owner
    }

    private unowned(unsafe) var owningDelegate: (any CALayerDelegate)?

    // MARK: - Tree

    /// The sublayers, back to front; `nil` when there are none, as in Core Animation.
    @exclusivity(unchecked) open internal(set) var sublayers: [CALayer]?

    /// The layer this one is a sublayer of.
    @exclusivity(unchecked) public internal(set) weak var superlayer: CALayer?

    /// The engine of the tree this layer is in, or was last in; nil for the current
    /// engine (`CALayer+AnimationEngine`). Strong: the engine holds its layers weakly,
    /// and a weakly referenced engine would take the runtime's slow path at every
    /// retain. Unchecked for exclusivity (read for every presentation): main actor,
    /// never accessed inout.
    @exclusivity(unchecked) final package internal(set) var hostingEngine: CAAnimationEngine?

    // MARK: - Layout

    /// Layout is due on this layer.
    private var layoutIsDue = false
    /// Layout is due somewhere below this layer; lets `layoutIfNeeded()` walk only the
    /// dirty paths instead of the whole tree on every event.
    private var descendantNeedsLayout = false
    /// True while `layoutSublayers()` runs from `layoutIfNeeded()` (a view's
    /// `layoutSubviews()` included): sizes it sets on sublayers do not mark it again.
    private var isLayingOutSublayers = false

    /// Whether `layoutSublayers()` is due (Core Animation's `needsLayout()`).
    open func needsLayout() -> Bool {
        layoutIsDue
    }

    open func setNeedsLayout() {
        layoutIsDue = true
        superlayer?.noteDescendantNeedsLayout()
    }

    /// Lays out this layer if layout is due, then every sublayer below it whose layout
    /// is due, parents before children (a parent's layout may resize its children).
    open func layoutIfNeeded() {
        if layoutIsDue {
            layoutIsDue = false
            let outer = isLayingOutSublayers
            isLayingOutSublayers = true
            layoutSublayers()
            isLayingOutSublayers = outer
        }
        guard descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        for sublayer in sublayers ?? [] where sublayer.layoutIsDue || sublayer.descendantNeedsLayout {
            sublayer.layoutIfNeeded()
        }
    }

    /// Lays out sublayers; the default asks the delegate.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// Marks this layer and its ancestors as having dirty layout below them, stopping
    /// where the mark already is.
    func noteDescendantNeedsLayout() {
        var current: CALayer? = self
        while let layer = current, !layer.descendantNeedsLayout {
            layer.descendantNeedsLayout = true
            current = layer.superlayer
        }
    }

    /// Called when this layer joins a tree, so pending layout inside it is found.
    func propagatePendingLayout() {
        if layoutIsDue || descendantNeedsLayout { superlayer?.noteDescendantNeedsLayout() }
    }

    // MARK: - Hit-testing

    /// Whether `p`, in the layer's bounds space, lies inside the bounds (half-open: the
    /// maximum edges are outside, as `CGRect.contains` decides). Subclasses override it
    /// for other shapes.
    open func contains(_ p: CGPoint) -> Bool {
        if let path = hitTestPath { return path.contains(p, using: hitTestFillRule) }
        return mapping.boundsContain(p)
    }

    /// Path hit-testing, this project's opt-in beyond Core Animation: when set,
    /// `contains(_:)` (and so `hitTest(_:)`, and `UIView.point(inside:with:)` for a view's
    /// own layer) answers whether the point lies inside this path, in bounds
    /// coordinates, filled by `hitTestFillRule`, instead of inside the bounds. `nil`
    /// (the default) keeps Core Animation's bounds test. Shape layers can take their own
    /// path with `CAShapeLayer.hitTestsByShape`.
    open var hitTestPath: CGPath? {
        get { storedHitTestPath }
        set { storedHitTestPath = newValue }
    }

    /// The rule that decides the inside of `hitTestPath`.
    open var hitTestFillRule: CGPathFillRule = .winding

    private var storedHitTestPath: CGPath?

    /// Whether `contains(_:)` tests a path rather than the bounds; lets views keep
    /// their fast bounds test when no path is involved.
    public final var hitTestsByPath: Bool {
        storedHitTestPath != nil || hitTestsByOwnShape
    }

    /// Set by shape layers that hit-test by their own path (`CAShapeLayer.hitTestsByShape`).
    var hitTestsByOwnShape = false

    /// The frontmost layer in this subtree containing `p` (in the *superlayer's* space,
    /// as Core Animation takes it), or `nil`. Hidden layers and their sublayers are
    /// skipped; a layer that masks to its bounds also clips its sublayers' hits.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        defaultHitTest(p)
    }

    // MARK: - Mapping to the superlayer

    /// Maps a point from this layer's bounds space into its superlayer's space.
    public final func pointToSuperlayer(_ p: CGPoint) -> CGPoint {
        mapping.toSuperlayer(p)
    }

    /// Maps a point from the superlayer's space into this layer's bounds space: the
    /// inverse of `pointToSuperlayer(_:)`. A singular transform maps everything to the
    /// anchor, since the layer has collapsed to a line or a point.
    public final func pointFromSuperlayer(_ p: CGPoint) -> CGPoint {
        mapping.fromSuperlayer(p)
    }

    /// Whether `p`, in bounds space, lies in the bounds as `CGRect.contains` decides;
    /// the fast test behind the default `contains(_:)` and `UIView.point(inside:with:)`.
    public final func boundsContain(_ p: CGPoint) -> Bool {
        mapping.boundsContain(p)
    }

    /// Bounds space to superlayer space as one transform.
    public var transformToSuperlayer: CGAffineTransform {
        let anchor = mapping.anchor
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(affinePart)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }
}
