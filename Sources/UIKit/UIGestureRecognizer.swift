/// A recognizer of one kind of gesture, attached to a view: it receives the touches of
/// that view and of its subviews before they reach their views, moves through its
/// `State`s, and sends its actions (Neuburg, "Touches": "Gesture Recognizers"; Apple,
/// "Gesture Recognizers").
///
/// The window decides who gets which touch, who may recognize, and what the views see
/// meanwhile: see `UIWindow+TouchDelivery.swift`, `GestureArena.swift` and
/// `TouchWithholding.swift` for the rules. A subclass (UIKit's `UIGestureRecognizerSubclass.h` contract):
/// - overrides the four `touches…(_:with:)` methods, calling `super`, and sets `state`
///   from them (or from a timer): `failed` as early as it can, `ended` for a discrete
///   gesture, `began`/`changed`/`ended` for a continuous one;
/// - never sets `possible`; `reset()` is its signal that the gesture is over, after
///   which it gets none of the touches that were in progress;
/// - may stop getting touches at any time without an `ended` (another recognizer won).
@MainActor
open class UIGestureRecognizer {
    /// Makes a recognizer with no action; add some with `addTarget` or `addAction`.
    public init() {
        UIGestureRecognizer.nextSerialNumber &+= 1
        serialNumber = UIGestureRecognizer.nextSerialNumber
    }

    /// Makes a recognizer whose action takes it: `UIPanGestureRecognizer(target: self,
    /// action: ViewController.handlePan)` where `handlePan(_ p: UIPanGestureRecognizer)`.
    public convenience init<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        target: Target, action: @escaping @MainActor (Target) -> @MainActor (Recognizer) -> Void
    ) {
        self.init()
        addTarget(target, action: action)
    }

    /// Makes a recognizer whose action takes no argument: `UITapGestureRecognizer(target:
    /// self, action: ViewController.singleTap)` where `singleTap()`.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping @MainActor (Target) -> @MainActor () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// Makes a recognizer that calls `handler` as its action.
    public convenience init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init()
        addAction(handler)
    }

    // MARK: - State

    /// Where the recognizer is in its state machine. Subclasses set it (the subclass
    /// header's rule); an illegal transition is logged, counted and ignored (see
    /// `State`). While this recognizer waits for another to fail (`require(toFail:)`) a
    /// transition to began or recognized is held back and `state` stays `possible`.
    open var state: State {
        get {
            guard let arenaMember else { return .possible }
            return arenaMember.stateForActions ?? arenaMember.publishedState
        }
        set { request(newValue) }
    }

    /// Transitions refused as illegal since the current application started, across all
    /// of its recognizers (each application's gesture arena counts its own).
    public static var illegalTransitionCount: Int {
        UIApplication.shared.gestureArena.illegalTransitionCount
    }

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// Whether the recognizer takes part. Turning it off mid-gesture cancels a gesture
    /// under way (with its action) or fails a possible one, and it resets; while off it
    /// joins no touch.
    @exclusivity(unchecked) open var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            arenaMember?.arena.abandon(self, reason: "disabled")
        }
    }

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The view the recognizer is attached to.
    @exclusivity(unchecked) open internal(set) weak var view: UIView?

    /// Asked before touches, recognition and simultaneity; held weakly.
    open weak var delegate: (any UIGestureRecognizerDelegate)?

    // MARK: - Delivery to views

    /// Whether recognizing sends `touchesCancelled` to the views of its touches, which
    /// then reach their views no more. Default true.
    open var cancelsTouchesInView = true
    /// Whether began and moved are kept from the views until this recognizer fails.
    /// Default false.
    open var delaysTouchesBegan = false
    /// Whether ended is kept from the views while this recognizer is still possible.
    /// Default true.
    open var delaysTouchesEnded = true

    // MARK: - Touches and location

    /// How many touches the recognizer is following: those it received that are still
    /// down, counting those lifting in the event under way. (A tap or long press
    /// describes its tap's fingers even once they have lifted.)
    open var numberOfTouches: Int {
        describedTouches.count
    }

    /// Where the gesture is, in `view`'s coordinates (`nil`: the window's): the centroid
    /// of the touches it follows, or of where they lifted once all have (until reset).
    open func location(in view: UIView?) -> CGPoint {
        let touches = describedTouches
        return convertFromWindow(UIGestureRecognizer.centroid(of: touches.isEmpty ? trackedTouches : touches), to: view)
    }

    /// Where the touch at `touchIndex` (in the order they arrived, among those counted by
    /// `numberOfTouches`) is, in `view`'s coordinates. An index out of range is logged
    /// and answered with `location(in:)`, where UIKit would raise.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = describedTouches
        guard touches.indices.contains(touchIndex) else {
            UIKitDebug.log(.gestures, "\(traceName): location(ofTouch: \(touchIndex)) with \(touches.count) touch(es); using location(in:)")
            return location(in: view)
        }
        return convertFromWindow(touches[touchIndex].locationInWindow, to: view)
    }

    /// The touches `numberOfTouches` and the locations describe, in arrival order; the
    /// built-ins of this module override it (a tap's lifted fingers).
    var describedTouches: [UITouch] {
        activeTouches
    }

    // MARK: - Relations with other recognizers

    /// Makes this recognizer wait, in `possible`, until `otherGestureRecognizer` fails;
    /// if the other recognizes instead, this one fails. The one that fails first is not
    /// reset until this one finishes, so both start afresh together (Neuburg, "Touches").
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self else {
            UIKitDebug.log(.gestures, "\(traceName): require(toFail: self) ignored")
            return
        }
        failureRequirements.removeAll { $0.recognizer == nil || $0.recognizer === otherGestureRecognizer }
        failureRequirements.append(WeakRecognizer(recognizer: otherGestureRecognizer))
    }

    /// Whether this recognizer, by recognizing, may force `preventedGestureRecognizer`
    /// to fail. Default true; see `GestureArena` for the negotiation with
    /// `canBePrevented(by:)`.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    /// Whether `preventingGestureRecognizer`, by recognizing, may force this one to
    /// fail. Default true.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    /// A subclass's `require(toFail:)` decided per gesture. Default false.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        false
    }

    /// A subclass's way to make `otherGestureRecognizer` wait for this one to fail.
    /// Default false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        false
    }

    // MARK: - Subclass contract

    /// Keeps `touch` from this recognizer from now on, as the delegate's
    /// `shouldReceive` returning false would; the touch still reaches its view and is
    /// not cancelled there by this recognizer.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        arenaMember?.arena.recognizer(self, ignores: touch)
    }

    /// Called just before the recognizer returns to `possible`; clear per-gesture state
    /// here. After it, the touches then in progress never reach this recognizer again.
    open func reset() {}

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

    /// A name the app gives the recognizer, for debugging: the recognizer HUD and the
    /// gesture trace show it (UIKit's `name`, iOS 11).
    open var name: String?

    // MARK: - Internal state

    private static var nextSerialNumber: UInt64 = 0
    static var nextActionIdentifier: UInt64 = 0
    /// Names the recognizer in traces: `UITapGestureRecognizer#3`.
    let serialNumber: UInt64

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// Its record in the gesture arena while it is engaged (joined a touch's swarm or set
    /// a state), until it resets; its handle to the arena. Made and dropped by
    /// `GestureArena` only, which keeps all of the recognizer's arbitration state there.
    @exclusivity(unchecked) var arenaMember: GestureArenaMember?
    var actions: [TargetAction] = []
    var failureRequirements: [WeakRecognizer] = []

    /// The application of the window the recognizer's view is in, or the current one.
    var application: UIApplication {
        view?.window?.application ?? .shared
    }

    /// Asks the arena for `newState` (`reason`: why, for a failure). A recognizer not yet
    /// engaged reaches its application's arena; there is one per application.
    func request(_ newState: State, reason: GestureTrace.Reason? = nil) {
        let arena = arenaMember?.arena ?? application.gestureArena
        arena.recognizer(self, requests: newState, reason: reason)
    }

    /// The touches the recognizer received and has not been parted from, in arrival
    /// order (lifted ones stay until reset).
    var trackedTouches: [UITouch] {
        arenaMember?.touches ?? []
    }

    /// Touches still down, or lifting in the event under way.
    var activeTouches: [UITouch] {
        trackedTouches.filter { !$0.isFinished }
    }

    var traceName: String {
        "\(type(of: self))#\(serialNumber)"
    }

    static func centroid(of touches: [UITouch]) -> CGPoint {
        guard !touches.isEmpty else { return .zero }
        var x: CGFloat = 0
        var y: CGFloat = 0
        for touch in touches {
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
        }
        return CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
    }

    func convertFromWindow(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window = (self.view?.window ?? trackedTouches.first?.window) else { return point }
        return view.convert(point, from: window)
    }
}

/// A recognizer held weakly (failure requirements must not keep the other alive).
@MainActor
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
}
