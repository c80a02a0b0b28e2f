import CoreGraphics

/// One action's button in a `UIAlertController`: its title across the card, blue
/// (red when destructive, grey when disabled, bold when it is the cancel or the
/// preferred action), and a grey wash while a finger holds it.
final class AlertActionButton: UIControl {
    let action: UIAlertAction
    let titleLabel = UILabel(frame: .zero)

    init(action: UIAlertAction, fontSize: CGFloat, bold: Bool) {
        self.action = action
        super.init(frame: .zero)
        titleLabel.text = action.title
        titleLabel.font = bold ? .boldSystemFont(ofSize: fontSize) : .systemFont(ofSize: fontSize)
        titleLabel.textAlignment = .center
        titleLabel.isUserInteractionEnabled = false
        addSubview(titleLabel)
        isEnabled = action.isEnabled
        applyColors()
        action.onEnabledChange = { [weak self] enabled in self?.isEnabled = enabled }
    }

    /// Not made from archives.
    required init?(coder: NSCoder) {
        return nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel.frame = bounds.insetBy(dx: 8, dy: 0)
    }

    override func stateDidChange() {
        applyColors()
    }

    private func applyColors() {
        backgroundColor = isHighlighted ? UIColor(white: 0, alpha: 0.12) : .clear
        titleLabel.textColor = !isEnabled ? UIColor(white: 0.6, alpha: 1)
            : action.style == .destructive ? .systemRed : .systemBlue
    }
}
