/// What a navigation bar shows for one view controller (`UIViewController.navigationItem`):
/// its title, its left and right buttons, and whether the back button shows.
@MainActor
open class UINavigationItem {
    public init(title: String) {
        self.title = title
    }

    init() {}

    /// The title in the middle of the bar; when nil, the controller's `title`.
    open var title: String? {
        didSet { onChange?() }
    }
    /// The title of the back button that leads back to this item's controller from the
    /// one above it (the item's title, or "Back", when nil).
    open var backButtonTitle: String? {
        didSet { onChange?() }
    }
    /// Whether the back button is left out (a kiosk's first screen after a reset, a flow
    /// that must be finished).
    open var hidesBackButton = false {
        didSet { onChange?() }
    }
    /// The button on the left, instead of the back button.
    open var leftBarButtonItem: UIBarButtonItem? {
        didSet { onChange?() }
    }
    /// The button on the right.
    open var rightBarButtonItem: UIBarButtonItem? {
        didSet { onChange?() }
    }

    /// The controller whose item this is, for its title.
    weak var owner: UIViewController?
    /// Tells the bar to show the items again.
    var onChange: (@MainActor () -> Void)?

    /// The title shown: the item's, or its controller's.
    var shownTitle: String? {
        title ?? owner?.title
    }
}
