import CoreGraphics

/// The bar at the top of a `UINavigationController`'s view: the top controller's title
/// in the middle, a back button (or the item's left button) on the left and its right
/// button on the right, each at least 44 × 44 points.
///
/// The bar is 44 points high at `y = safeAreaInsets.top` of the navigation controller's
/// view; its background reaches up to the top of the view (under a status bar, where
/// there is one), as UIKit's does. There is no Auto Layout here: the navigation
/// controller places it.
@MainActor
open class UINavigationBar: UIView {
    /// The bar's height, without the background above it.
    public static let height: CGFloat = 44

    /// The items, bottom to top, as the navigation controller's stack has them.
    open var items: [UINavigationItem]? {
        get { shownItems }
        set { setItems(newValue, animated: false) }
    }

    /// The top controller's item.
    open var topItem: UINavigationItem? { shownItems.last }
    /// The item under it: the back button leads to its controller.
    open var backItem: UINavigationItem? { shownItems.count > 1 ? shownItems[shownItems.count - 2] : nil }

    /// Shows `items`; animated, the title and buttons cross-fade.
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        for item in shownItems { item.onChange = nil }
        shownItems = items ?? []
        for item in shownItems {
            item.onChange = { [weak self] in self?.showTopItem() }
        }
        showTopItem()
        if animated {
            for view in [titleLabel, backButton, leftButton, rightButton] {
                view.alpha = 0
                UIView.animate(withDuration: 0.25) { view.alpha = 1 }
            }
        }
    }

    /// Called when the back button is tapped (the navigation controller pops).
    var onBack: (@MainActor () -> Void)?

    let titleLabel = UILabel(frame: .zero)
    let backButton = UIButton(type: .system)
    let leftButton = UIButton(type: .system)
    let rightButton = UIButton(type: .system)
    /// The background: from the top of the navigation controller's view to the bar's
    /// bottom, with a hairline under it.
    private let background = UIView(frame: .zero)
    private let hairline = UIView(frame: .zero)
    private var shownItems: [UINavigationItem] = []

    /// How far the background reaches above the bar (set by the navigation controller).
    var backgroundExtension: CGFloat = 0 {
        didSet { setNeedsLayout() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        background.backgroundColor = UIColor(white: 0.97, alpha: 1)
        background.isUserInteractionEnabled = false
        hairline.backgroundColor = UIColor(white: 0.75, alpha: 1)
        addSubview(background)
        background.addSubview(hairline)
        titleLabel.font = .boldSystemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        for button in [backButton, leftButton, rightButton] {
            button.titleLabel?.font = .systemFont(ofSize: 17)
            addSubview(button)
        }
        backButton.addAction({ [weak self] _ in self?.onBack?() }, for: .touchUpInside)
        leftButton.addAction({ [weak self] _ in self?.topItem?.leftBarButtonItem?.performAction() }, for: .touchUpInside)
        rightButton.addAction({ [weak self] _ in self?.topItem?.rightBarButtonItem?.performAction() }, for: .touchUpInside)
    }

    /// Not made from archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Shows the top item's title and buttons.
    private func showTopItem() {
        let top = topItem
        titleLabel.text = top?.shownTitle
        let left = top?.leftBarButtonItem
        show(left, in: leftButton)
        show(top?.rightBarButtonItem, in: rightButton)
        if let back = backItem, left == nil, !(top?.hidesBackButton ?? false) {
            backButton.isHidden = false
            backButton.setTitle("‹ " + (back.backButtonTitle ?? Self.backTitle(for: back.shownTitle)), for: .normal)
        } else {
            backButton.isHidden = true
        }
        setNeedsLayout()
    }

    /// The previous title, or "Back" when it is missing or too long for a button.
    private static func backTitle(for title: String?) -> String {
        guard let title, !title.isEmpty, title.count <= 12 else { return "Back" }
        return title
    }

    private func show(_ item: UIBarButtonItem?, in button: UIButton) {
        guard let item else {
            button.isHidden = true
            return
        }
        item.onChange = { [weak self] in self?.showTopItem() }
        button.isHidden = false
        button.setTitle(item.title, for: .normal)
        button.isEnabled = item.isEnabled
        button.titleLabel?.font = item.style == .done ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = CGRect(x: 0, y: -backgroundExtension, width: bounds.width, height: bounds.height + backgroundExtension)
        hairline.frame = CGRect(x: 0, y: background.bounds.height - 1, width: bounds.width, height: 1)
        let height = bounds.height
        func width(of button: UIButton) -> CGFloat {
            button.isHidden ? 0 : min(max(44, button.sizeThatFits(bounds.size).width + 16), bounds.width / 3)
        }
        let leading = leftButton.isHidden ? backButton : leftButton
        let leadingWidth = width(of: leading)
        leading.frame = CGRect(x: 4, y: 0, width: leadingWidth, height: height)
        let trailingWidth = width(of: rightButton)
        rightButton.frame = CGRect(x: bounds.width - 4 - trailingWidth, y: 0, width: trailingWidth, height: height)
        // The title centred on the bar, kept clear of the buttons.
        let side = max(leadingWidth, trailingWidth) + 8
        titleLabel.frame = CGRect(x: side, y: 0, width: max(0, bounds.width - 2 * side), height: height)
    }
}
