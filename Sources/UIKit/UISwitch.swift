import Foundation

/// A control that is on or off: a rounded track, tinted when on, with a round thumb
/// at the end for its state. Drawn with layers at UIKit's fixed size.
///
/// Size (UIKit's): 51 × 31 points, fixed. `init(frame:)` keeps only the origin, as
/// Apple's reference says, and so does every later `frame` or `bounds`: `frame.size`
/// reads 51 × 31 right after any set, as on iOS, and `sizeThatFits(_:)` answers it. Touches land within `minimumTouchSide` (44 points) of height, centred on
/// the drawn track: 31 points is below the touch-target size Apple's guidelines ask
/// for, and iOS extends the switch's touch area the same way.
///
/// Touches (iOS 7 and later, as observed on devices; Apple's reference says only that
/// the switch sends `valueChanged` when its state changes):
/// - Touch down presses the thumb: it widens by `pressedThumbGrowth` towards the
///   track's middle while the finger is down.
/// - A tap (the finger lifts inside the tracking area without having dragged) toggles
///   the switch when the finger lifts, animated, and sends `valueChanged` once before
///   `touchUpInside`.
/// - A drag: once the finger has moved `dragThreshold` points sideways from where it
///   went down, the thumb goes to the side it has been carried to, at once and
///   animated, and each change of side sends `valueChanged` then and there, without
///   waiting for the lift (so a drag across and back sends it twice). The lift after a
///   drag toggles nothing more.
/// - A cancelled touch (`touchCancel`) keeps the state the drag left, which was
///   already reported, and unpresses the thumb.
/// - Setting `isOn` or `setOn(_:animated:)` in code sends nothing, as in UIKit.
///
/// A disabled switch draws at half opacity and ignores touches.
@MainActor
open class UISwitch: UIControl {
    /// The track's size: UIKit's fixed 51 × 31 points.
    public static let switchSize = CGSize(width: 51, height: 31)
    /// The thumb's diameter, inset 2 points in the track.
    static let thumbDiameter: CGFloat = 27
    static let thumbInset: CGFloat = 2
    /// How much wider the thumb is while a finger presses it (iOS 7's look).
    static let pressedThumbGrowth: CGFloat = 7
    /// How far sideways, in points, the finger must move from where it went down before
    /// the touch is a drag rather than a tap. Beyond UIKit's API, which does not say;
    /// chosen so that a finger's natural wobble during a tap is not a drag.
    public static let dragThreshold: CGFloat = 6
    /// The smallest height of the area that takes touches (Apple's 44-point target).
    public static let minimumTouchSide: CGFloat = 44
    /// How long a change of state animates the thumb and the track's colour.
    static let toggleAnimationDuration: CFTimeInterval = 0.25
    /// The opacity of a disabled switch's parts.
    static let disabledOpacity: Float = 0.5

    /// Makes a switch at `frame`'s origin, at UIKit's fixed size (the size given is
    /// ignored).
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.switchSize))
        configureLayers()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureLayers()
    }

    // MARK: - State

    /// Whether the switch is on. Default false. Setting it moves the thumb without
    /// animation and sends nothing.
    open var isOn: Bool {
        get { storedIsOn }
        set { setOn(newValue, animated: false) }
    }

    /// Sets the state, moving the thumb and fading the track over a quarter second when
    /// `animated`. Sends nothing.
    open func setOn(_ on: Bool, animated: Bool) {
        storedIsOn = on
        updateLayers(animated: animated)
    }

    // MARK: - Colours

    /// The track when on; system green when `nil`.
    open var onTintColor: UIColor? {
        didSet { updateLayers(animated: false) }
    }

    /// The thumb; white when `nil`.
    open var thumbTintColor: UIColor? {
        didSet { updateLayers(animated: false) }
    }

    /// UIKit's light-appearance fill of an off track.
    static let offTrackColor = UIColor(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.16)

    // MARK: - Size and touches

    /// Always UIKit's 51 × 31 points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        UISwitch.switchSize
    }

    /// The origin set, at the switch's fixed size.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UISwitch.switchSize) }
    }

    /// The origin set, at the switch's fixed size.
    open override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = CGRect(origin: newValue.origin, size: UISwitch.switchSize) }
    }

    /// Inside the drawn track, widened to `minimumTouchSide` of height about its middle
    /// (and to the bounds, if they are larger).
    open override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        let track = CGRect(origin: .zero, size: UISwitch.switchSize)
        let grow = max(UISwitch.minimumTouchSide - track.height, 0) / 2
        return track.insetBy(dx: 0, dy: -grow).contains(point) || super.point(inside: point, with: event)
    }

    // MARK: - Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        touchDownX = touch.location(in: self).x
        isDragging = false
        isThumbPressed = true
        updateLayers(animated: true)
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let sideways = touch.location(in: self).x - touchDownX
        if !isDragging, abs(sideways) >= UISwitch.dragThreshold {
            isDragging = true
            thumbCentreAtDragStart = thumbCentre(on: storedIsOn)
            UIKitDebug.log(.delivery, "UISwitch: the touch drags the thumb")
        }
        guard isDragging else { return true }
        let carriedTo = thumbCentreAtDragStart + sideways
        let on = carriedTo > UISwitch.switchSize.width / 2
        if on != storedIsOn {
            setOn(on, animated: true)
            send(.valueChanged)
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        isThumbPressed = false
        if !isDragging, isTouchInside {
            setOn(!storedIsOn, animated: true)
            send(.valueChanged)
        } else {
            updateLayers(animated: true)
        }
        isDragging = false
    }

    open override func cancelTracking(with event: UIEvent?) {
        isThumbPressed = false
        isDragging = false
        updateLayers(animated: true)
    }

    override func stateDidChange() {
        let opacity: Float = isEnabled ? 1 : UISwitch.disabledOpacity
        changeParts(animated: false, duration: 0) {
            trackLayer.opacity = opacity
            thumbLayer.opacity = opacity
        }
    }

    // MARK: - Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateLayers(animated: false)
    }

    /// Where the thumb is drawn, in the switch's coordinates: at the end for `on`, wider
    /// towards the middle while pressed.
    func thumbFrame(on: Bool, pressed: Bool) -> CGRect {
        let width = UISwitch.thumbDiameter + (pressed ? UISwitch.pressedThumbGrowth : 0)
        let x = on ? UISwitch.switchSize.width - UISwitch.thumbInset - width : UISwitch.thumbInset
        return CGRect(x: x, y: UISwitch.thumbInset, width: width, height: UISwitch.thumbDiameter)
    }

    // MARK: - Private

    private var storedIsOn = false
    private var isThumbPressed = false
    private var isDragging = false
    private var touchDownX: CGFloat = 0
    private var thumbCentreAtDragStart: CGFloat = 0

    private let trackLayer = CALayer()
    private let thumbLayer = CALayer()

    private func thumbCentre(on: Bool) -> CGFloat {
        thumbFrame(on: on, pressed: false).midX
    }

    private func configureLayers() {
        trackLayer.cornerRadius = UISwitch.switchSize.height / 2
        layer.addSublayer(trackLayer)
        thumbLayer.cornerRadius = UISwitch.thumbDiameter / 2
        thumbLayer.borderWidth = 0.5
        thumbLayer.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.04)
        thumbLayer.shadowOpacity = 0.25
        thumbLayer.shadowRadius = 3
        thumbLayer.shadowOffset = CGSize(width: 0, height: 3)
        layer.addSublayer(thumbLayer)
        updateLayers(animated: false)
    }

    /// Places the thumb for the state and the press, and tints the track.
    private func updateLayers(animated: Bool) {
        changeParts(animated: animated, duration: UISwitch.toggleAnimationDuration) {
            trackLayer.frame = CGRect(origin: .zero, size: UISwitch.switchSize)
            trackLayer.backgroundColor = (storedIsOn ? (onTintColor ?? .systemGreen) : UISwitch.offTrackColor).cgColor
            thumbLayer.frame = thumbFrame(on: storedIsOn, pressed: isThumbPressed)
            thumbLayer.backgroundColor = (thumbTintColor ?? .white).cgColor
        }
    }
}
