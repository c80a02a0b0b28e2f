import UIKit

/// One screen of the flow: a big title, a line under it, and a column of buttons at
/// least 64 points high, centred in the safe area at any window size.
@MainActor
final class FlowStep: UIViewController {
    enum ButtonStyle { case primary, secondary }

    private let titleLabel = UILabel()
    private let messageLabel = UILabel()
    private(set) var buttons: [UIButton] = []

    init(title: String, message: String) {
        super.init(nibName: nil, bundle: nil)
        self.title = title
        titleLabel.text = title
        messageLabel.text = message
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.07, green: 0.1, blue: 0.16, alpha: 1)
        titleLabel.font = .boldSystemFont(ofSize: 40)
        titleLabel.textColor = .white
        titleLabel.textAlignment = .center
        messageLabel.font = .systemFont(ofSize: 22)
        messageLabel.textColor = UIColor(white: 0.8, alpha: 1)
        messageLabel.textAlignment = .center
        view.addSubview(titleLabel)
        view.addSubview(messageLabel)
        for button in buttons { view.addSubview(button) }
    }

    /// Adds a button that runs `action` when tapped.
    func addButton(_ title: String, style: ButtonStyle = .primary, action: @escaping @MainActor () -> Void) {
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.setTitleColor(.white, for: .normal)
        button.titleLabel?.font = .boldSystemFont(ofSize: 24)
        button.backgroundColor = style == .primary ? UIColor(red: 0.04, green: 0.52, blue: 1, alpha: 1) : UIColor(white: 0.3, alpha: 1)
        button.layer.cornerRadius = 14
        button.addAction({ _ in action() }, for: .touchUpInside)
        buttons.append(button)
        if isViewLoaded { view.addSubview(button) }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let area = view.bounds.inset(by: view.safeAreaInsets)
        let width = max(0, min(area.width - 48, 420))
        let buttonHeight: CGFloat = 64, gap: CGFloat = 16
        let columnHeight = CGFloat(buttons.count) * (buttonHeight + gap)
        let textHeight: CGFloat = 48 + 8 + 30 + 32
        var y = max(area.minY + 24, area.midY - (textHeight + columnHeight) / 2)
        titleLabel.frame = CGRect(x: area.minX, y: y, width: area.width, height: 48)
        y += 56
        messageLabel.frame = CGRect(x: area.minX, y: y, width: area.width, height: 30)
        y += 62
        for button in buttons {
            button.frame = CGRect(x: area.midX - width / 2, y: y, width: width, height: buttonHeight)
            y += buttonHeight + gap
        }
    }
}
