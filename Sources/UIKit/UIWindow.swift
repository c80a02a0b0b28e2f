/// The root of a view hierarchy on screen, and the view that delivers its touches.
///
/// A window is hidden until `makeKeyAndVisible()` (or `isHidden = false`), as in UIKit;
/// a hidden window hits nothing. It is in `UIApplication.windows` from its `init`,
/// hidden or not. Becoming visible tells the application's window observers (the host
/// maps an X window then); hiding it cancels its touches and tells the observers (the
/// host closes its X window by hiding it).
///
/// A window belongs to the application that was current when it was made
/// (`UIApplication.shared` then): its touches, recognizers' timers and animations are
/// that application's, and its layer tree is animated by that application's engine,
/// whichever application is current later. The window holds its application: an
/// application lives as long as any of its windows.
@MainActor
open class UIWindow: UIView {
    public override init(frame: CGRect) {
        application = UIApplication.shared
        super.init(frame: frame)
        layer.isHidden = true
        layer.host(in: application.animationEngine)
        application.register(self)
    }

    public required init?(coder: NSCoder) {
        application = UIApplication.shared
        super.init(coder: coder)
        layer.isHidden = true
        layer.host(in: application.animationEngine)
        application.register(self)
    }

    /// A window of the tools around the app (the debug layer's, the sandbox gallery's):
    /// shown, hit-tested and drawn like any other, but left out of
    /// `UIApplication.windows`, as iOS leaves its system windows out.
    package var isSystemWindow = false

    /// The window's own safe-area insets: what is drawn over its edges from outside it,
    /// as a status bar and a home indicator are on iOS (the sandbox gallery's caption and
    /// hint bars here). Zero unless the host sets them; the root view, presentations and
    /// everything in them take them in, as they would a device's.
    package var screenSafeAreaInsets = UIEdgeInsets.zero {
        didSet {
            guard screenSafeAreaInsets != oldValue else { return }
            UIView.safeAreaGeneration &+= 1
            updateSafeAreaInsets(superviewInsets: .zero, markingLayout: true)
            updateSubviewSafeAreaInsets(ownInsets: safeAreaInsets)
        }
    }

    /// The application this window belongs to (see the type's description). Held
    /// strongly, though the application holds its visible windows: a weak reference
    /// would make every retain of the application, on every touch's path, take the
    /// runtime's slow path. Hiding a window breaks the cycle.
    package let application: UIApplication

    /// The screen the window appears on: its application's.
    public var screen: UIScreen { application.screen }

    // MARK: - Root view controller

    // Unchecked for exclusivity: read per window at every turn's routing and frame; main
    // actor, each access one read or one assignment.
    /// Where the window is drawn among the visible windows (`Level`); `.normal` unless
    /// set. A host draws windows by level (`FrameStageOrder.window(level:)` in X11Host).
    @exclusivity(unchecked) open var windowLevel: Level = .normal

    /// The controller whose view fills the window. Setting it removes the previous
    /// controller's view and installs the new one's, sized to the window's bounds, at
    /// once; while the window is visible the old controller disappears and the new one
    /// appears at the next layout pass (`UIViewController+Appearance.swift`).
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            // The old root's presentations go with it (UIKit would leave them on screen,
            // over a root they no longer belong to).
            var oldPresented: [UIViewController] = []
            if let oldValue {
                // A completion run by ending the transition may present again: a few
                // rounds at most, each unlinked.
                for _ in 0..<4 {
                    let chain = Array(ModalTransition.chain(from: oldValue).dropFirst())
                    guard !chain.isEmpty || modalTransition != nil else { break }
                    modalTransition?.finishNow()
                    let presented = Array(ModalTransition.chain(from: oldValue).dropFirst())
                    oldPresented += presented.filter { new in !oldPresented.contains { $0 === new } }
                    ModalTransition.unlinkPresentations(above: oldValue)
                    if modalTransition?.stage == .ended { modalTransition = nil }
                }
            }
            if let oldView = oldValue?.viewIfLoaded, oldView.superview === self {
                oldView.removeFromSuperview()
            }
            if let view = rootViewController?.view {
                view.frame = bounds
                addSubview(view)
            }
            guard !isHidden else { return }
            // An old root that never got to appear (set and replaced before a layout pass)
            // hears nothing: its queued appearance is cancelled.
            for old in [oldValue].compactMap({ $0 }) + oldPresented
            where isShownOrQueuedToAppear(old) {
                scheduleAppearance(of: old, appearing: false)
            }
            if let rootViewController { scheduleAppearance(of: rootViewController, appearing: true) }
        }
    }

    /// Appearance changes waiting for the next layout pass (`scheduleAppearance`), and
    /// those begun in this pass, waiting for its end.
    var pendingAppearances: [PendingAppearance] = []
    var begunAppearances: [UIViewController] = []

    /// The presentation or dismissal under way, from its call to its end
    /// (`ModalTransition`): the window takes no new touches meanwhile.
    var modalTransition: ModalTransition?
    /// How many navigation transitions run in the window (`NavigationTransition`): it
    /// takes no new touches meanwhile either.
    var navigationTransitionsInFlight = 0
    /// Whether a transition runs: new fingers are ignored for their whole life.
    var isInTransition: Bool { modalTransition != nil || navigationTransitionsInFlight > 0 }
    /// Work for the end of the current layout pass, once every view has laid out.
    var layoutPassEndActions: [@MainActor () -> Void] = []

    /// Whether `controller` has appeared or is appearing, or has a change queued for the
    /// next layout pass: one that must hear it disappear when it leaves.
    func isShownOrQueuedToAppear(_ controller: UIViewController) -> Bool {
        controller.isAppearingOrAppeared || pendingAppearances.contains { $0.controller === controller }
    }

    /// Makes `transition` the window's: it begins at the next layout pass. In a hidden
    /// window (no layout passes, nothing on screen) it runs to its end at once.
    func start(_ transition: ModalTransition) {
        guard !isHidden else {
            transition.finishNow()
            return
        }
        modalTransition = transition
        setNeedsLayout()
        // Made outside a turn (a task, a timer of one's own), it still starts at the
        // next one.
        application.hookedRunLoop?.setNeedsTurn()
    }

    /// Keeps the root view controller's view filling the window, as its autoresizing
    /// mask does in UIKit. The appearance changes made since the last pass begin here,
    /// before the views below lay out.
    open override func layoutSubviews() {
        beginPendingAppearances()
        super.layoutSubviews()
        if let view = rootViewController?.viewIfLoaded, view.superview === self {
            view.frame = bounds
        }
        for case let container as PresentationContainerView in subviews { container.frame = bounds }
        if let modalTransition, modalTransition.stage == .waiting { modalTransition.begin() }
    }

    /// Lays out what is due, then finishes the appearance changes the pass began (their
    /// did-calls see the laid-out views), and a modal transition begun without
    /// animation.
    open override func layoutIfNeeded() {
        super.layoutIfNeeded()
        if !begunAppearances.isEmpty || !pendingAppearances.isEmpty { finishPendingAppearances() }
        modalTransition?.layoutPassDidEnd()
        while !layoutPassEndActions.isEmpty {
            let actions = layoutPassEndActions
            layoutPassEndActions.removeAll()
            for action in actions { action() }
        }
    }

    // MARK: - Visibility and key status

    /// Hiding a window cancels its live touches and takes it off screen.
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            let wasHidden = super.isHidden
            guard wasHidden != newValue else { return }
            if newValue { application.touchRouter.cancelTouches(in: self) }
            super.isHidden = newValue
            // Shown, the root appears at the next layout pass; hidden, it disappears at
            // once (a hidden window is not laid out).
            if newValue { modalTransition?.finishNow() }
            if let rootViewController {
                // The root and what it presents: those on screen appear; hidden, all
                // that appeared disappear.
                let chain = ModalTransition.chain(from: rootViewController)
                if !newValue {
                    for controller in ModalTransition.onScreen(chain, in: self) where !controller.isAppearingOrAppeared {
                        scheduleAppearance(of: controller, appearing: true)
                    }
                } else {
                    for controller in chain
                    where isShownOrQueuedToAppear(controller) {
                        scheduleAppearance(of: controller, appearing: false)
                    }
                }
            }
            if newValue { finishPendingAppearances() }
            if newValue {
                application.windowDidBecomeHidden(self)
            } else {
                if !application.isCurrent {
                    // Legitimate with several applications; otherwise the usual slip of
                    // a test that made its window before making its application current.
                    UIKitDebug.log(.application, "a window of an application that is not the current one became visible: it was made while that application was current")
                }
                application.windowDidBecomeVisible(self)
            }
        }
    }

    /// Whether this is the application's key window.
    public var isKeyWindow: Bool {
        application.keyWindow === self
    }

    /// Shows the window and makes it key.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// Makes the window key (the previous key window resigns) without showing it.
    open func makeKey() {
        application.setKeyWindow(self)
    }

    /// Called when the window becomes key.
    open func becomeKey() {}
    /// Called when the window stops being key.
    open func resignKey() {}

    // MARK: - Events

    /// Delivers an event's changed touches that belong to this window to their views;
    /// see `UIWindow+TouchDelivery.swift` for the rules. A scroll event moves the scroll
    /// view under the pointer (`UIWindow+ScrollInput.swift`). Override to watch every
    /// event, calling `super` to deliver it.
    open func sendEvent(_ event: UIEvent) {
        if event.type == .scroll, let scroll = event.scroll {
            deliverScroll(scroll)
            return
        }
        // The event carries its application's arena: delivery never reaches back up
        // through the shared application.
        guard let arena = event.arena else { return }
        deliverTouches(of: event, arena: arena)
    }

    /// A window's next responder is its application.
    open override var next: UIResponder? {
        application
    }
}
