import CoreGraphics

/// A `UIAlertController`'s view: it fills the presentation's container (the dimming is
/// the presentation's) and lays out the alert's cards in it, as the controller's
/// documentation describes. Touches that miss the cards end here: for an action sheet,
/// one that began and ended outside is a tap outside.
final class AlertView: UIView {
    private weak var controller: UIAlertController?
    /// The card with the title, message and actions; for an action sheet, the cancel
    /// action's own card under it.
    private let card = UIView(frame: .zero)
    private let cancelCard = UIView(frame: .zero)
    private let titleLabel = UILabel(frame: .zero)
    private let messageLabel = UILabel(frame: .zero)
    /// The buttons of the main card scroll when they do not fit.
    private let buttonsArea = UIScrollView(frame: .zero)
    private var buttons: [AlertActionButton] = []
    private var cancelButton: AlertActionButton?
    private var separators: [UIView] = []
    private var needsRebuild = true
    /// The touches that began outside the cards.
    private var touchesBegunOutside: Set<ObjectIdentifier> = []

    static let alertWidth: CGFloat = 270
    static let alertButtonHeight: CGFloat = 44
    static let sheetButtonHeight: CGFloat = 57
    static let sheetMaximumWidth: CGFloat = 500
    static let cardColor = UIColor(white: 0.97, alpha: 1)
    static let separatorColor = UIColor(white: 0.78, alpha: 1)

    init(controller: UIAlertController) {
        self.controller = controller
        super.init(frame: UIScreen.main.bounds)
        backgroundColor = .clear
        for view in [card, cancelCard] {
            view.backgroundColor = Self.cardColor
            view.layer.cornerRadius = controller.preferredStyle == .alert ? 14 : 13
            view.clipsToBounds = true
            addSubview(view)
        }
        titleLabel.numberOfLines = 0
        titleLabel.textAlignment = .center
        titleLabel.lineBreakMode = .byWordWrapping
        messageLabel.numberOfLines = 0
        messageLabel.textAlignment = .center
        messageLabel.lineBreakMode = .byWordWrapping
        card.addSubview(titleLabel)
        card.addSubview(messageLabel)
        buttonsArea.alwaysBounceVertical = false
        buttonsArea.showsVerticalScrollIndicator = true
        card.addSubview(buttonsArea)
    }

    /// Not made from archives.
    required init?(coder: NSCoder) {
        return nil
    }

    func setNeedsRebuild() {
        needsRebuild = true
        setNeedsLayout()
    }

    private var isSheet: Bool { controller?.preferredStyle == .actionSheet }

    // MARK: - Building

    /// Makes the buttons from the controller's actions, in their places' order.
    private func rebuild() {
        needsRebuild = false
        guard let controller else { return }
        for button in buttons { button.removeFromSuperview() }
        cancelButton?.removeFromSuperview()
        for separator in separators { separator.removeFromSuperview() }
        buttons = []
        cancelButton = nil
        separators = []

        let sheet = isSheet
        titleLabel.text = controller.title
        titleLabel.font = sheet ? .boldSystemFont(ofSize: 13) : .boldSystemFont(ofSize: 17)
        titleLabel.textColor = sheet ? UIColor(white: 0.45, alpha: 1) : .label
        messageLabel.text = controller.message
        messageLabel.font = .systemFont(ofSize: 13)
        messageLabel.textColor = sheet ? UIColor(white: 0.45, alpha: 1) : .label

        let preferred = controller.preferredAction
        func isBold(_ action: UIAlertAction) -> Bool {
            if sheet { return action.style == .cancel }
            return preferred.map { $0 === action } ?? (action.style == .cancel)
        }
        let fontSize: CGFloat = sheet ? 20 : 17
        let cancel = controller.actions.first { $0.style == .cancel }
        var ordered = controller.actions.filter { $0.style != .cancel }
        if let cancel {
            if sheet {
                let button = makeButton(cancel, fontSize: fontSize, bold: true)
                cancelCard.addSubview(button)
                cancelButton = button
            } else if ordered.count == 1 {
                ordered.insert(cancel, at: 0)  // side by side: cancel on the left
            } else {
                ordered.append(cancel)
            }
        }
        for action in ordered {
            let button = makeButton(action, fontSize: fontSize, bold: isBold(action))
            buttonsArea.addSubview(button)
            buttons.append(button)
        }
        cancelCard.isHidden = cancelButton == nil
    }

    private func makeButton(_ action: UIAlertAction, fontSize: CGFloat, bold: Bool) -> AlertActionButton {
        let button = AlertActionButton(action: action, fontSize: fontSize, bold: bold)
        button.addAction({ [weak self] _ in self?.controller?.choose(action) }, for: .touchUpInside)
        return button
    }

    private func addSeparator(_ frame: CGRect, in parent: UIView) {
        let line = UIView(frame: frame)
        line.backgroundColor = Self.separatorColor
        line.isUserInteractionEnabled = false
        parent.addSubview(line)
        separators.append(line)
    }

    // MARK: - Layout

    override func layoutSubviews() {
        super.layoutSubviews()
        if needsRebuild { rebuild() }
        for separator in separators { separator.removeFromSuperview() }
        separators = []
        if isSheet { layOutSheet() } else { layOutAlert() }
    }

    /// Lays out the title and message from the top of the card, `width` wide; returns
    /// the height they take (0 with neither).
    private func layOutHeader(width: CGFloat, padding: CGFloat, gap: CGFloat) -> CGFloat {
        let hasTitle = !(titleLabel.text ?? "").isEmpty
        let hasMessage = !(messageLabel.text ?? "").isEmpty
        titleLabel.isHidden = !hasTitle
        messageLabel.isHidden = !hasMessage
        guard hasTitle || hasMessage else { return 0 }
        let textWidth = max(0, width - 32)
        var y = padding
        if hasTitle {
            let size = titleLabel.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude))
            titleLabel.frame = CGRect(x: 16, y: y, width: textWidth, height: size.height)
            y += size.height + (hasMessage ? gap : 0)
        }
        if hasMessage {
            let size = messageLabel.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude))
            messageLabel.frame = CGRect(x: 16, y: y, width: textWidth, height: size.height)
            y += size.height
        }
        return y + padding
    }

    private func layOutAlert() {
        let safe = bounds.inset(by: safeAreaInsets)
        let width = min(Self.alertWidth, max(0, safe.width - 40))
        let header = layOutHeader(width: width, padding: 20, gap: 4)
        let height = Self.alertButtonHeight
        let sideBySide = buttons.count == 2
        let buttonsHeight = sideBySide ? height : height * CGFloat(buttons.count)
        let available = max(0, safe.height - 40)
        // The header keeps its room first, and at least one and a half buttons show.
        let shownButtons = min(buttonsHeight, max(available - header, min(buttonsHeight, height * 1.5)))
        let cardHeight = header + shownButtons
        card.bounds = CGRect(x: 0, y: 0, width: width, height: cardHeight)
        card.center = CGPoint(x: safe.midX, y: safe.midY)
        buttonsArea.frame = CGRect(x: 0, y: header, width: width, height: shownButtons)
        buttonsArea.contentSize = CGSize(width: width, height: buttonsHeight)
        if header > 0, !buttons.isEmpty { addSeparator(CGRect(x: 0, y: header - 1, width: width, height: 1), in: card) }
        for (index, button) in buttons.enumerated() {
            if sideBySide {
                let half = width / 2
                button.frame = CGRect(x: CGFloat(index) * half, y: 0, width: half, height: height)
                if index == 1 { addSeparator(CGRect(x: half - 0.5, y: 0, width: 1, height: height), in: buttonsArea) }
            } else {
                button.frame = CGRect(x: 0, y: CGFloat(index) * height, width: width, height: height)
                if index > 0 { addSeparator(CGRect(x: 0, y: button.frame.minY, width: width, height: 1), in: buttonsArea) }
            }
        }
        cancelCard.isHidden = true
    }

    private func layOutSheet() {
        let safe = bounds.inset(by: safeAreaInsets)
        let width = min(Self.sheetMaximumWidth, max(0, safe.width - 16))
        let x = safe.midX - width / 2
        let height = Self.sheetButtonHeight
        var bottom = safe.maxY - 8
        if let cancelButton {
            // Bounds and centre, not frame: a transition may have the cards translated.
            cancelCard.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            cancelCard.center = CGPoint(x: x + width / 2, y: bottom - height / 2)
            cancelButton.frame = cancelCard.bounds
            bottom -= height + 8
        }
        let header = layOutHeader(width: width, padding: 14, gap: 4)
        let buttonsHeight = height * CGFloat(buttons.count)
        let available = max(0, bottom - safe.minY - 8)
        let shownButtons = min(buttonsHeight, max(available - header, min(buttonsHeight, height * 1.5)))
        let cardHeight = header + shownButtons
        card.isHidden = cardHeight == 0
        card.bounds = CGRect(x: 0, y: 0, width: width, height: cardHeight)
        card.center = CGPoint(x: x + width / 2, y: bottom - cardHeight / 2)
        buttonsArea.frame = CGRect(x: 0, y: header, width: width, height: shownButtons)
        buttonsArea.contentSize = CGSize(width: width, height: buttonsHeight)
        if header > 0, !buttons.isEmpty { addSeparator(CGRect(x: 0, y: header - 1, width: width, height: 1), in: card) }
        for (index, button) in buttons.enumerated() {
            button.frame = CGRect(x: 0, y: CGFloat(index) * height, width: width, height: height)
            if index > 0 { addSeparator(CGRect(x: 0, y: button.frame.minY, width: width, height: 1), in: buttonsArea) }
        }
    }

    // MARK: - Transitions

    /// Shown: where layout puts the cards. Hidden: an alert transparent and 1.15 times
    /// its size; an action sheet's cards below the bottom edge.
    func applyTransitionState(shown: Bool) {
        layoutIfNeeded()
        if isSheet {
            // The cards' tops as laid out (bounds and centre: untouched by a transform).
            func top(_ view: UIView) -> CGFloat { view.isHidden ? bounds.maxY : view.center.y - view.bounds.height / 2 }
            let drop = shown ? 0 : bounds.maxY - min(top(card), top(cancelCard))
            card.transform = CGAffineTransform(translationX: 0, y: drop)
            cancelCard.transform = CGAffineTransform(translationX: 0, y: drop)
        } else {
            alpha = shown ? 1 : 0
            card.transform = shown ? .identity : CGAffineTransform(scaleX: 1.15, y: 1.15)
        }
    }

    func removeTransitionAnimations() {
        for view in [self, card, cancelCard] { view.layer.removeAllAnimations() }
    }

    // MARK: - Touches outside

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches where isOutsideCards(touch) { touchesBegunOutside.insert(ObjectIdentifier(touch)) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        var tapped = false
        for touch in touches where touchesBegunOutside.remove(ObjectIdentifier(touch)) != nil {
            if isOutsideCards(touch) { tapped = true }
        }
        if tapped { controller?.tapOutside() }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches { touchesBegunOutside.remove(ObjectIdentifier(touch)) }
    }

    private func isOutsideCards(_ touch: UITouch) -> Bool {
        let point = touch.location(in: self)
        return ![card, cancelCard].contains { !$0.isHidden && $0.frame.contains(point) }
    }
}
