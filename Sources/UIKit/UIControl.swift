/// A view that turns touches into semantic events (`Event`) sent to targets, and that
/// shows its `State` (enabled, highlighted, selected). Subclasses (`UIButton`,
/// `UISlider`) add appearance and values; target–action is in
/// `UIControl+TargetAction.swift`.
///
/// Tracking, the contract subclasses build on (one touch at a time):
/// - An enabled control tracks the first touch it receives, from `touchesBegan` to
///   `touchesEnded` or `touchesCancelled`. Other touches, and every touch of a disabled
///   control, go up the responder chain unchanged.
/// - Began: `isTouchInside` becomes true, `beginTracking(_:with:)` is asked; if it
///   answers true the control is `isTracking`, highlighted, and sends `touchDown`, then
///   `touchDownRepeat` when the touch is a second or later tap. If false, nothing more
///   happens for that touch.
/// - Moved, while tracking: `isTouchInside` is recomputed with the tracking slop (see
///   `trackingSlop`), the highlight follows it, then `continueTracking(_:with:)` is
///   asked; false stops tracking (the highlight goes, nothing more is sent for that
///   touch). Otherwise the control sends `touchDragEnter` or `touchDragExit` if the
///   touch crossed the edge of the tracking area, then `touchDragInside` or
///   `touchDragOutside`.
/// - Ended, while tracking: the highlight goes, `endTracking(_:with:)` is called, then
///   `touchUpInside` or `touchUpOutside` is sent (and the subclass's primary action,
///   see `primaryActionEvent`).
/// - Cancelled, while tracking: the highlight goes, `cancelTracking(with:)` is called,
///   then `touchCancel` is sent. Disabling the control while it tracks does the same
///   (with no event); the rest of that touch is then ignored.
@MainActor
open class UIControl: UIView {
    /// How far outside its bounds, on every side, a tracked touch still counts as
    /// inside the control: 70 points, UIKit's value, so that a finger that slides a
    /// little off a button still triggers it when lifted. A touch exactly 70 points out
    /// is inside. Beyond UIKit's API (UIKit does not publish the number).
    public static let trackingSlop: CGFloat = 70

    // MARK: - State

    /// A disabled control does not track touches (they go up the responder chain) and
    /// its subclasses draw it dimmed. Disabling it mid-track cancels the tracking.
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { abandonTracking(reason: "disabled") }
            stateDidChange()
        }
    }

    /// Set while a tracked touch is down within the tracking area; settable by code.
    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            stateDidChange()
        }
    }

    /// Whether the control is selected (a toggled button); only code changes it.
    open var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            stateDidChange()
        }
    }

    /// Whether a touch is being tracked: `beginTracking` answered true and neither the
    /// touch nor `continueTracking` has ended it yet.
    open var isTracking: Bool {
        tracking && followedTouch != nil
    }

    /// Whether the tracked touch is within the tracking area: the bounds grown by
    /// `trackingSlop` on every side.
    open var isTouchInside: Bool {
        touchInside
    }

    /// The combination of `isHighlighted`, `isEnabled` and `isSelected`.
    open var state: State {
        var state: State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    // MARK: - Tracking (overridable)

    /// A tracked touch began; answer whether to track it. Default true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        true
    }

    /// The tracked touch moved; answer whether to keep tracking it. Default true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        true
    }

    /// The tracked touch lifted, before `touchUpInside`/`touchUpOutside` is sent.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// Tracking stopped without the touch lifting (cancelled, or the control disabled),
    /// before `touchCancel` is sent; `event` is `nil` when the control was disabled.
    open func cancelTracking(with event: UIEvent?) {}

    /// Sends the actions of every pair and closure registered for any of
    /// `controlEvents`, once each, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        invokeActions(for: controlEvents)
    }

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, followedTouch == nil, let touch = touches.min(by: { $0.beginOrder < $1.beginOrder }) else {
            return super.touchesBegan(touches, with: event)
        }
        // The control follows its touch before anything else hears of the event, so that
        // a cancellation made by a handler (an ancestor given the other touches, an
        // action) reaches it as `touchesCancelled` and tracking ends there.
        // A touch that finished elsewhere may have left its highlight.
        if trackedTouch != nil { isHighlighted = false }
        trackedTouch = touch
        touchInside = isWithinTrackingArea(touch.location(in: self))
        tracking = beginTracking(touch, with: event)
        if tracking {
            isHighlighted = touchInside
            send(.touchDown)
            if touch.tapCount > 1, trackedTouch === touch, tracking { send(.touchDownRepeat) }
        }
        let others = touches.subtracting([touch])
        if !others.isEmpty { super.touchesBegan(others, with: event) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = separateTrackedTouch(from: touches, passingOthersTo: super.touchesMoved, with: event) else { return }
        guard tracking else { return }
        let wasInside = touchInside
        touchInside = isWithinTrackingArea(touch.location(in: self))
        isHighlighted = touchInside
        tracking = continueTracking(touch, with: event)
        guard tracking else {
            isHighlighted = false
            return
        }
        if touchInside != wasInside { send(touchInside ? .touchDragEnter : .touchDragExit) }
        send(touchInside ? .touchDragInside : .touchDragOutside)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = separateTrackedTouch(from: touches, passingOthersTo: super.touchesEnded, with: event) else { return }
        defer { stopFollowing() }
        guard tracking else { return }
        touchInside = isWithinTrackingArea(touch.location(in: self))
        isHighlighted = false
        endTracking(touch, with: event)
        send(touchInside ? .touchUpInside : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard separateTrackedTouch(from: touches, passingOthersTo: super.touchesCancelled, with: event) != nil else { return }
        defer { stopFollowing() }
        guard tracking else { return }
        isHighlighted = false
        cancelTracking(with: event)
        send(.touchCancel)
    }

    // MARK: - For subclasses in this module

    /// The event whose sending, from tracking, also sends `primaryActionTriggered`;
    /// `nil` (the default) for none. `UIButton` answers `touchUpInside`.
    var primaryActionEvent: Event? {
        nil
    }

    /// Called after `isEnabled`, `isHighlighted` or `isSelected` changed, once per
    /// change; subclasses update their appearance here.
    func stateDidChange() {}

    /// Runs `changes` to a control's own sublayers in a transaction with their implicit
    /// animations on (lasting `duration`) or off: they are standalone layers, which
    /// animate every change by default.
    func changeParts(animated: Bool, duration: CFTimeInterval, _ changes: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(!animated)
        if animated { CATransaction.setAnimationDuration(duration) }
        changes()
        CATransaction.commit()
    }

    /// Sends one event's actions on behalf of the user, logging it, then
    /// `primaryActionTriggered` when it is the control's `primaryActionEvent`.
    func send(_ controlEvent: Event) {
        UIKitDebug.log(.delivery, "\(type(of: self)) sends \(controlEvent.debugName)")
        sendActions(for: controlEvent)
        guard controlEvent == primaryActionEvent else { return }
        UIKitDebug.log(.delivery, "\(type(of: self)) sends primaryActionTriggered")
        sendActions(for: .primaryActionTriggered)
    }

    // MARK: - Private

    /// The touch the control follows, from its began to its end, even after tracking
    /// stopped (so that its later phases are not passed up the chain half-way through).
    /// Weak: the touch holds its view, and a touch whose end never reaches the control
    /// (forwarded by a view that then moved elsewhere) must not keep both alive.
    private weak var trackedTouch: UITouch?
    private var tracking = false
    private var touchInside = false
    /// The registered pairs and closures (`UIControl+TargetAction.swift`).
    var controlActions: [ControlTargetAction] = []
    static var nextActionIdentifier: UInt64 = 0

    /// The tracking area test: within `trackingSlop` of the bounds, edges included.
    private func isWithinTrackingArea(_ point: CGPoint) -> Bool {
        let area = bounds.insetBy(dx: -UIControl.trackingSlop, dy: -UIControl.trackingSlop)
        return point.x >= area.minX && point.x <= area.maxX && point.y >= area.minY && point.y <= area.maxY
    }

    /// The tracked touch among `touches`, if there; the others go up the chain through
    /// `passOn`.
    private func separateTrackedTouch(from touches: Set<UITouch>,
                                      passingOthersTo passOn: (Set<UITouch>, UIEvent?) -> Void,
                                      with event: UIEvent?) -> UITouch? {
        guard let trackedTouch, touches.contains(trackedTouch) else {
            passOn(touches, event)
            return nil
        }
        if touches.count > 1 { passOn(touches.subtracting([trackedTouch]), event) }
        return trackedTouch
    }

    /// The followed touch while it is still down: one that finished without its end
    /// reaching the control (forwarded by a view that moved away) counts as none, so the
    /// control tracks the next touch, which replaces it.
    private var followedTouch: UITouch? {
        guard let trackedTouch, !trackedTouch.isFinished else { return nil }
        return trackedTouch
    }

    private func stopFollowing() {
        trackedTouch = nil
        tracking = false
        touchInside = false
    }

    /// Stops tracking without the touch ending (the control was disabled); the touch
    /// stays followed so that its remaining phases are ignored.
    private func abandonTracking(reason: String) {
        guard tracking else { return }
        UIKitDebug.log(.delivery, "\(type(of: self)) stops tracking: \(reason)")
        tracking = false
        touchInside = false
        isHighlighted = false
        cancelTracking(with: nil)
        send(.touchCancel)
    }
}
