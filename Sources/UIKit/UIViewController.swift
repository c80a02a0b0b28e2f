/// Manages one view, its root view, loaded on first use.
///
/// In the responder chain a controller sits between its root view and that view's
/// superview: the root view's `next` is the controller, the controller's `next` is the
/// superview (for a window's root view controller, the window), as in UIKit.
@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    isolated deinit {
        // Its root view's weak reference to it clears with no setter running: the
        // insets kept under its `additionalSafeAreaInsets` must go.
        UIView.safeAreaGeneration &+= 1
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Archives are not read here; declared so that UIKit subclasses compile.
    public required init?(coder: NSCoder) {
        super.init()
    }

    private var loadedView: UIView?

    /// The root view, loaded by `loadView()` then `viewDidLoad()` the first time it is
    /// read. Setting it replaces the root view without calling either.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            guard loadedView !== newValue else { return }
            if loadedView?.owningViewController === self { loadedView?.owningViewController = nil }
            // A view is the root view of one controller at a time.
            newValue?.owningViewController?.loadedView = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// The root view if it has been loaded, without loading it.
    public var viewIfLoaded: UIView? {
        loadedView
    }

    public var isViewLoaded: Bool {
        loadedView != nil
    }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: .zero) }
        viewDidLoad()
    }

    /// Creates the root view and assigns it to `view`. The default makes a plain
    /// `UIView` as large as the screen, as UIKit's does without a nib, so `viewDidLoad()`
    /// can lay subviews out from `view.bounds` (a window then sizes its root view
    /// controller's view to itself). Override without calling `super`.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// The view was just loaded.
    open func viewDidLoad() {}

    /// A short name for what the controller shows: a navigation bar's title (unless its
    /// `navigationItem` has one), an alert's title.
    open var title: String? {
        didSet { storedNavigationItem?.onChange?() }
    }

    /// What a navigation bar shows for this controller, made on first use.
    open var navigationItem: UINavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = UINavigationItem()
        item.owner = self
        storedNavigationItem = item
        return item
    }
    private var storedNavigationItem: UINavigationItem?

    // MARK: - Safe area and layout

    /// Insets added to the safe area of the root view (and so of everything in it) on
    /// top of what the view inherits: for bars of one's own drawn over the content.
    /// Setting them brings the root view's safe area up to date at once (the view and
    /// this controller hear of a change, and the view lays out at the next pass).
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue else { return }
            UIView.safeAreaGeneration &+= 1
            guard let view = viewIfLoaded else { return }
            view.updateSafeAreaInsets(superviewInsets: view.superview?.safeAreaInsets ?? .zero, markingLayout: true)
        }
    }

    /// The root view's safe area changed (after the view's own
    /// `safeAreaInsetsDidChange()`). The default does nothing.
    open func viewSafeAreaInsetsDidChange() {}

    /// The root view is about to lay out its subviews (before its `layoutSubviews()`).
    /// The default does nothing.
    open func viewWillLayoutSubviews() {}

    /// The root view has laid out its subviews (after its `layoutSubviews()`): the place
    /// to lay them out from `view.bounds` and `view.safeAreaInsets`. The default does
    /// nothing.
    open func viewDidLayoutSubviews() {}

    // MARK: - Appearance (see UIViewController+Appearance.swift)

    /// Where the controller is in its appearance lifecycle.
    var appearanceState = AppearanceState.disappeared
    /// Whether the transition under way is animated (passed to the did-call).
    var appearanceAnimated = false
    /// A child's appearance change started before its view's window change, to end after
    /// it (`UIViewController+Containment.swift`).
    var appearanceEndsAfterMove = false
    /// Whether `viewIsAppearing` was called in the appearance under way.
    var hasHeardIsAppearing = false

    /// The view is about to appear: a window's new root (the view is in the window
    /// already: the call comes at the window's next layout pass), a window shown, or a
    /// child's view about to join a window. The default does nothing; overrides call
    /// `super`.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is in the window and laid out, and about to show (iOS 17's call, back to
    /// iOS 13): the place for work that needs the view's size and safe area. It comes
    /// after `viewWillAppear` and before `viewDidAppear`: at the end of the layout pass
    /// that started the appearance (before any controller's did-call in that pass), or,
    /// for a child added to an appeared parent, just before its `viewDidAppear`.
    open func viewIsAppearing(_ animated: Bool) {}
    /// The view was added to a window's view hierarchy and shows.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the screen.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view left the screen (it may still exist: a controller kept by its parent).
    open func viewDidDisappear(_ animated: Bool) {}

    /// Never called here: Linux gives a process no memory warnings to pass on. Kept so
    /// that code written for iOS compiles.
    open func didReceiveMemoryWarning() {}

    /// Whether the controller forwards its appearance transitions to its children
    /// whose views are in its view (true). A container that calls
    /// `beginAppearanceTransition(_:animated:)` on its children itself returns false.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// True from `present(_:animated:completion:)` until the presentation's
    /// `viewDidAppear`, on the controller being presented.
    public internal(set) var isBeingPresented = false
    /// True from `dismiss(animated:completion:)` until the dismissal's
    /// `viewDidDisappear`, on the controllers being dismissed.
    public internal(set) var isBeingDismissed = false
    /// True while the controller is added to (`addChild(_:)`, until `didMove(toParent:)`)
    /// or removed from (`willMove(toParent: nil)`, until `removeFromParent()`) a parent.
    public internal(set) var isMovingToParent = false
    public internal(set) var isMovingFromParent = false

    // MARK: - Presentation (see UIViewController+Presentation.swift)

    /// How the controller covers the screen when presented (`.automatic`: a page sheet,
    /// as on iOS 13 and later). Read when the presentation starts.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// How the presentation and its dismissal animate.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// When true, the user cannot dismiss the controller (a sheet's swipe, a tap outside
    /// an action sheet): the attempt goes to the presentation delegate's
    /// `presentationControllerDidAttemptToDismiss(_:)`. `dismiss(animated:completion:)`
    /// still dismisses.
    open var isModalInPresentation = false

    // Declared here, not in the extension, so that subclasses can override them.
    /// Presents `viewControllerToPresent` modally over this controller (over its
    /// outermost container, if it is a child), in its `modalPresentationStyle` and
    /// `modalTransitionStyle`; `completion` runs once the presented controller has
    /// appeared. Refused with a warning (`UIKitDebug` category `hierarchy`), and no
    /// completion: while this controller already presents one, while a transition is
    /// under way in its window, when its view is in no window, or when the controller
    /// to present is already presented, is a child, is a window's root, or is this one.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        startPresenting(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presents, with every controller presented
    /// above it; called on a presented controller (or one of its children) with none
    /// above it, dismisses that one, as UIKit asks its presenter. Only the topmost
    /// animates. `completion` runs once they have disappeared. Refused with a warning
    /// while a transition is under way in the window; a controller that neither
    /// presents nor is presented logs that there is nothing to dismiss (no completion,
    /// as UIKit).
    open func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        dismiss(animated: flag, byUser: nil, completion: completion)
    }

    /// Insets a container adds to the root view's safe area on top of
    /// `additionalSafeAreaInsets`, which stay the app's: a navigation controller's bar.
    var containerSafeAreaInsets = UIEdgeInsets.zero {
        didSet {
            guard containerSafeAreaInsets != oldValue else { return }
            UIView.safeAreaGeneration &+= 1
            guard let view = viewIfLoaded else { return }
            view.updateSafeAreaInsets(superviewInsets: view.superview?.safeAreaInsets ?? .zero, markingLayout: true)
        }
    }

    /// The children this controller's own appearance changes reach: those shown in its
    /// view, when it forwards them (`shouldAutomaticallyForwardAppearanceMethods`). A
    /// container that moves its children's appearance itself answers differently.
    func childrenForAppearanceForwarding() -> [UIViewController] {
        shouldAutomaticallyForwardAppearanceMethods ? childrenShownInView : []
    }

    /// Whether a child's view joining or leaving a window under this controller makes the
    /// child appear or disappear at once (containment). False for containers that run
    /// their children's transitions.
    var forwardsAppearanceOnChildMove: Bool {
        shouldAutomaticallyForwardAppearanceMethods
    }

    /// The controller this one presents (its own, not its ancestors').
    var presentedStorage: UIViewController?
    /// The controller that presents this one.
    weak var presentingStorage: UIViewController?
    /// Made on first use of `presentationController` or at presentation.
    var presentationControllerStorage: UIPresentationController?

    // MARK: - Containment (see UIViewController+Containment.swift)

    /// The child view controllers, in the order they were added.
    public internal(set) var children: [UIViewController] = []
    /// The container this controller is a child of.
    public internal(set) weak var parent: UIViewController?

    /// Called by `addChild(_:)` with the new parent before the child is added, and to be
    /// called by the container with nil before it removes the child's view and calls
    /// `removeFromParent()`: from then on `isMovingFromParent` is true, through the
    /// child's disappearance. Overrides call `super`, as in UIKit.
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil, self.parent != nil { isMovingFromParent = true }
    }

    /// To be called by the container after it added the child's view (`addChild(_:)`
    /// does not): it ends `isMovingToParent`, which was true through the child's
    /// appearance. Called by `removeFromParent()` with nil. Overrides call `super`.
    open func didMove(toParent parent: UIViewController?) {
        if parent != nil { isMovingToParent = false }
    }

    /// The root view's superview.
    open override var next: UIResponder? {
        loadedView?.superview
    }
}
