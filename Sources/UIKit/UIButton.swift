/// A control that shows a title and triggers an action when tapped: it sends
/// `touchUpInside` and then `primaryActionTriggered` when a finger lifts within its
/// tracking area (see `UIControl`).
///
/// Titles and title colours are set per state and looked up as UIKit looks them up:
/// the exact state, else `.normal`. Appearance by state, unless a colour is set for
/// that exact state:
/// - highlighted: the title is dimmed (drawn at `highlightedTitleAlpha`);
/// - disabled: the title is grey (`disabledTitleColor`).
/// A `.system` button's title is blue by default, a `.custom` one's white (UIKit's
/// defaults). UIKit leaves a custom button's title unchanged when highlighted or
/// disabled; here both kinds dim and grey, so that every button shows its state.
///
/// Gesture recognizers: a single-tap recognizer (one tap, one finger) attached to
/// another view, such as the background, does not begin on an enabled button, so a tap
/// on the button triggers the button (Neuburg, "Touches": "gestureRecognizerShouldBegin";
/// Apple, "Gesture Recognizers": "Interacting with Other User Interface Controls").
@MainActor
open class UIButton: UIControl {
    /// The kinds of button made by `init(type:)`.
    public enum ButtonType: Int, Sendable {
        /// No styling of its own; white title by default.
        case custom = 0
        /// The standard button: a blue title, dimmed while pressed.
        case system = 1
    }

    /// The opacity of a highlighted title that has no highlighted colour of its own.
    static let highlightedTitleAlpha: CGFloat = 0.2
    /// The colour of a disabled title that has no disabled colour of its own.
    static let disabledTitleColor = UIColor.systemGray
    /// The default title font of both kinds of button.
    static let defaultTitleFont = UIFont.systemFont(ofSize: 15)
    /// Space above and below the title in `sizeThatFits(_:)`, as UIKit's 30-point-high
    /// standard button has.
    static let verticalTitlePadding: CGFloat = 6

    /// The kind the button was made as; `.custom` for `init(frame:)`.
    public private(set) var buttonType: ButtonType = .custom

    /// Makes a button of `buttonType` with a zero frame.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        updateTitle()
    }

    /// Makes a `.custom` button.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureTitleLabel()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureTitleLabel()
    }

    // MARK: - Title

    /// The label that shows the current title, centred in the button. Set its font
    /// here; its text and colour follow the state (use `setTitle(_:for:)` and
    /// `setTitleColor(_:for:)`).
    open var titleLabel: UILabel? {
        label
    }

    /// Sets the title shown in `state` (`nil` removes it: the state then shows the
    /// normal title).
    open func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        updateTitle()
    }

    /// The title set for `state`, else the normal title.
    open func title(for state: State) -> String? {
        titles[state] ?? titles[.normal]
    }

    /// Sets the title colour used in `state` (`nil` removes it).
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state] = color
        updateTitle()
    }

    /// The title colour for `state`: the one set for it, else the one set for the normal
    /// state (Apple's reference: a value not set for a state is the normal state's),
    /// else the kind's own: grey when disabled, its default otherwise.
    open func titleColor(for state: State) -> UIColor? {
        if let color = titleColors[state] { return color }
        if let normal = titleColors[.normal] { return normal }
        return state.contains(.disabled) ? UIButton.disabledTitleColor : defaultTitleColor
    }

    /// The title shown now, for `state`.
    open var currentTitle: String? {
        title(for: state)
    }

    /// The title colour used now, for `state`.
    open var currentTitleColor: UIColor {
        titleColor(for: state) ?? defaultTitleColor
    }

    // MARK: - Size and layout

    /// The size of a button with no title (and, here, no image: images are not
    /// supported): 30 × 34 points, what iOS 7 and later answer for an empty button,
    /// observed (Apple documents no number).
    public static let emptySize = CGSize(width: 30, height: 34)
    /// The narrowest a titled button fits to: a short title ("On") still makes a
    /// 30-point-wide button on iOS, observed.
    static let minimumFittingWidth: CGFloat = 30

    /// The title's size with UIKit's vertical padding, at least 30 points wide; an
    /// empty button's is `emptySize`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let title = currentTitle, !title.isEmpty else { return UIButton.emptySize }
        let text = label.sizeThatFits(size)
        return CGSize(width: max(text.width, UIButton.minimumFittingWidth), height: text.height + 2 * UIButton.verticalTitlePadding)
    }

    /// Centres the title label on whole points, at most as wide as the button.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let fitted = label.sizeThatFits(bounds.size)
        let size = CGSize(width: min(fitted.width, bounds.width), height: fitted.height)
        let origin = CGPoint(x: (bounds.midX - size.width / 2).rounded(), y: (bounds.midY - size.height / 2).rounded())
        label.frame = CGRect(origin: origin, size: size)
    }

    // MARK: - Gesture recognizers

    /// False for a `UITapGestureRecognizer` of one tap with one finger attached to
    /// another view while the button is enabled, so that the tap is the button's;
    /// otherwise what `UIView` answers. A disabled button has no action to protect and
    /// lets the tap through.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isEnabled, gestureRecognizer.view !== self, let tap = gestureRecognizer as? UITapGestureRecognizer,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: - Internal

    override var primaryActionEvent: Event? {
        .touchUpInside
    }

    override func stateDidChange() {
        updateTitle()
    }

    // MARK: - Private

    private let label = UILabel()
    private var titles: [State: String] = [:]
    private var titleColors: [State: UIColor] = [:]

    private var defaultTitleColor: UIColor {
        switch buttonType {
        case .custom: .white
        case .system: .systemBlue
        }
    }

    private func configureTitleLabel() {
        label.font = UIButton.defaultTitleFont
        label.textAlignment = .center
        addSubview(label)
        updateTitle()
    }

    /// Shows the title, colour and dimming of the current state.
    private func updateTitle() {
        let state = state
        let title = title(for: state)
        label.text = title
        label.isHidden = title == nil
        label.textColor = currentTitleColor
        let dims = state.contains(.highlighted) && titleColors[state] == nil
        label.alpha = dims ? UIButton.highlightedTitleAlpha : 1
        setNeedsLayout()
    }
}
