import Foundation

/// A control for picking a value in a continuous range by dragging a thumb along a
/// track: `value` in `minimumValue...maximumValue`, drawn with layers (the track left of
/// the thumb tinted, the thumb a white circle with a shadow).
///
/// Dragging (UIKit's behaviour):
/// - Only a touch that begins on the thumb, or within `thumbTouchSlop` of it, drags it;
///   a touch on the track away from the thumb does nothing at all (no value change, no
///   events, no highlight).
/// - The thumb follows the finger horizontally, keeping the offset at which it was
///   grabbed (so it does not jump under the finger), clamped to the track's ends. The
///   value is the thumb's position along its travel: `thumbRect(forBounds:trackRect:
///   value:)` is the inverse.
/// - `isContinuous` (default true): `valueChanged` is sent on each move that changes
///   the value. Otherwise once, when the finger lifts (or the drag is cancelled), if
///   the value differs from where the drag started; before `touchUpInside`/
///   `touchUpOutside`/`touchCancel`.
/// - Setting `value` in code sends nothing, as in UIKit.
///
/// Gesture recognizers: while the thumb is being dragged a one-finger horizontal swipe
/// recognizer (`UISwipeGestureRecognizer`) does not begin, so it cannot steal the drag
/// (Neuburg, "Touches"; Apple, "Gesture Recognizers": "Interacting with Other User
/// Interface Controls").
///
/// A disabled slider draws at half opacity and ignores touches.
@MainActor
open class UISlider: UIControl {
    /// The thumb's diameter.
    static let thumbDiameter: CGFloat = 28
    /// The track's thickness.
    static let trackHeight: CGFloat = 4
    /// How far outside the thumb, on every side, a touch still grabs it. Beyond UIKit's
    /// API; with the 28-point thumb it makes a 44-point target, the size Apple's
    /// guidelines ask touch targets to have.
    public static let thumbTouchSlop: CGFloat = 8
    /// The opacity of a disabled slider's parts.
    static let disabledOpacity: Float = 0.5
    /// How long `setValue(_:animated: true)` takes to move the thumb.
    static let valueAnimationDuration: CFTimeInterval = 0.25

    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureLayers()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureLayers()
    }

    // MARK: - Value

    /// The value, always within `minimumValue...maximumValue` (a value set outside is
    /// clamped). Default 0.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    /// The value at the left end. Default 0. Raising it above `maximumValue` raises that
    /// too; `value` is clamped to the new range.
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
        }
    }

    /// The value at the right end. Default 1. Lowering it below `minimumValue` lowers
    /// that too; `value` is clamped to the new range.
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
        }
    }

    /// Whether dragging sends `valueChanged` as the value changes (true, the default)
    /// or once when the finger lifts.
    open var isContinuous = true

    /// Sets the value (clamped), moving the thumb there over a quarter second when
    /// `animated`. Sends no event.
    open func setValue(_ value: Float, animated: Bool) {
        storedValue = min(max(value, minimumValue), maximumValue)
        updateLayers(animated: animated)
    }

    // MARK: - Colours

    /// The track left of the thumb; system blue when `nil`.
    open var minimumTrackTintColor: UIColor? {
        didSet { updateColors() }
    }

    /// The track right of the thumb; a light grey when `nil`.
    open var maximumTrackTintColor: UIColor? {
        didSet { updateColors() }
    }

    /// The thumb; white when `nil`.
    open var thumbTintColor: UIColor? {
        didSet { updateColors() }
    }

    // MARK: - Geometry

    /// Where the track is drawn: the full width, `trackHeight` thick, centred vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - UISlider.trackHeight / 2, width: bounds.width, height: UISlider.trackHeight)
    }

    /// Where the thumb is for `value`: its edges run from the track's left end (at the
    /// minimum) to its right end (at the maximum), centred on the track vertically.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let diameter = UISlider.thumbDiameter
        let travel = max(rect.width - diameter, 0)
        return CGRect(x: rect.minX + travel * fraction(of: value), y: rect.midY - diameter / 2, width: diameter, height: diameter)
    }

    // MARK: - Tracking

    /// Tracks only a touch on the thumb (within `thumbTouchSlop`), remembering where on
    /// it the finger is.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumb = currentThumbRect
        guard thumb.insetBy(dx: -UISlider.thumbTouchSlop, dy: -UISlider.thumbTouchSlop).contains(point) else {
            UIKitDebug.log(.delivery, "UISlider: touch at \(point) is off the thumb \(thumb); not tracked")
            return false
        }
        grabOffset = point.x - thumb.midX
        valueAtTrackingStart = storedValue
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        follow(touch)
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { follow(touch) }
        reportValueOnceIfNotContinuous()
    }

    open override func cancelTracking(with event: UIEvent?) {
        reportValueOnceIfNotContinuous()
    }

    // MARK: - Gesture recognizers

    /// False for a one-finger `UISwipeGestureRecognizer` permitted to go left or right
    /// while the thumb is being dragged; otherwise what `UIView` answers.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isTracking, let swipe = gestureRecognizer as? UISwipeGestureRecognizer, swipe.numberOfTouchesRequired == 1,
           !swipe.direction.isDisjoint(with: [.left, .right]) {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: - Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateLayers(animated: false)
    }

    override func stateDidChange() {
        let opacity: Float = isEnabled ? 1 : UISlider.disabledOpacity
        changeParts(animated: false, duration: 0) {
            for part in [maximumTrackLayer, minimumTrackLayer, thumbLayer] { part.opacity = opacity }
        }
    }

    // MARK: - Private

    private var storedValue: Float = 0
    /// Where on the thumb, horizontally from its centre, the dragging finger went down.
    private var grabOffset: CGFloat = 0
    private var valueAtTrackingStart: Float = 0

    private let maximumTrackLayer = CALayer()
    private let minimumTrackLayer = CALayer()
    private let thumbLayer = CALayer()

    private var currentThumbRect: CGRect {
        thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
    }

    /// Where `value` lies between the ends, 0...1 (0 when the range is empty).
    private func fraction(of value: Float) -> CGFloat {
        let range = maximumValue - minimumValue
        guard range > 0 else { return 0 }
        return CGFloat((min(max(value, minimumValue), maximumValue) - minimumValue) / range)
    }

    /// Moves the thumb under the finger (keeping the grab offset) and sets the value it
    /// then shows, sending `valueChanged` when continuous and the value changed.
    private func follow(_ touch: UITouch) {
        let track = trackRect(forBounds: bounds)
        let diameter = UISlider.thumbDiameter
        let travel = track.width - diameter
        guard travel > 0 else { return }
        let thumbCenter = touch.location(in: self).x - grabOffset
        let fraction = min(max((thumbCenter - (track.minX + diameter / 2)) / travel, 0), 1)
        let newValue = minimumValue + Float(fraction) * (maximumValue - minimumValue)
        guard newValue != storedValue else { return }
        setValue(newValue, animated: false)
        if isContinuous { send(.valueChanged) }
    }

    private func reportValueOnceIfNotContinuous() {
        guard !isContinuous, storedValue != valueAtTrackingStart else { return }
        send(.valueChanged)
    }

    private func configureLayers() {
        for part in [maximumTrackLayer, minimumTrackLayer] {
            part.cornerRadius = UISlider.trackHeight / 2
            layer.addSublayer(part)
        }
        thumbLayer.cornerRadius = UISlider.thumbDiameter / 2
        thumbLayer.borderWidth = 0.5
        thumbLayer.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.12)
        thumbLayer.shadowOpacity = 0.25
        thumbLayer.shadowRadius = 3
        thumbLayer.shadowOffset = CGSize(width: 0, height: 2)
        layer.addSublayer(thumbLayer)
        updateColors()
        updateLayers(animated: false)
    }

    private func updateColors() {
        changeParts(animated: false, duration: 0) {
            minimumTrackLayer.backgroundColor = (minimumTrackTintColor ?? .systemBlue).cgColor
            maximumTrackLayer.backgroundColor = (maximumTrackTintColor ?? UISlider.defaultMaximumTrackColor).cgColor
            thumbLayer.backgroundColor = (thumbTintColor ?? .white).cgColor
        }
    }

    /// UIKit's light-appearance fill behind the unfilled part of the track.
    private static let defaultMaximumTrackColor = UIColor(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.2)

    /// Places the track, the tinted part up to the thumb's centre, and the thumb.
    private func updateLayers(animated: Bool) {
        let track = trackRect(forBounds: bounds)
        let thumb = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        changeParts(animated: animated, duration: UISlider.valueAnimationDuration) {
            maximumTrackLayer.frame = track
            minimumTrackLayer.frame = CGRect(x: track.minX, y: track.minY, width: max(thumb.midX - track.minX, 0), height: track.height)
            thumbLayer.frame = thumb
        }
    }
}
