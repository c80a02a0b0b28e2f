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

    /// The root view's superview.
    open override var next: UIResponder? {
        loadedView?.superview
    }
}
