import SandboxDebugging
import UIKit

extension UIWindow.Level {
    /// The kiosk's exit confirmation: above everything, the debug layer included.
    public static let kioskConfirmation = UIWindow.Level(200_000)
}

/// The question an exit gesture asks before the kiosk ends: a panel over a veil, with
/// "Stay" and "Leave" buttons the size of a finger. Nothing but these two buttons takes
/// a touch while it shows; it goes away by itself (as "Stay") after `timeout`, so a
/// visitor who stumbled on the gesture is not left in front of it.
@MainActor
public final class KioskExitConfirmation: UIWindow {
    public let titleLabel = DebugStyle.makeLabel(font: DebugStyle.titleFont)
    public let messageLabel = DebugStyle.makeLabel()
    public let stayButton = DebugStyle.makeButton(title: "Stay")
    public let leaveButton = DebugStyle.makeButton(title: "Leave")
    private let panel = UIView(frame: .zero)
    /// Called with true for Leave, false for Stay or the timeout.
    public var onAnswer: ((Bool) -> Void)?
    /// How long the question waits for an answer.
    public static let timeout: TimeInterval = 10
    private var expiry: DelayedCall?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        windowLevel = .kioskConfirmation
        backgroundColor = DebugStyle.veil
        panel.backgroundColor = DebugStyle.panel
        panel.layer.cornerRadius = 14
        titleLabel.text = "Leave kiosk mode?"
        titleLabel.textAlignment = .center
        messageLabel.text = "Leave ends the app. It stays if nobody answers within \(Int(Self.timeout)) s."
        messageLabel.textAlignment = .center
        messageLabel.numberOfLines = 2
        messageLabel.lineBreakMode = .byWordWrapping
        leaveButton.backgroundColor = DebugStyle.recording
        for view in [titleLabel, messageLabel, stayButton, leaveButton] as [UIView] { panel.addSubview(view) }
        addSubview(panel)
        stayButton.addAction({ [weak self] _ in self?.answer(false) }, for: .touchUpInside)
        leaveButton.addAction({ [weak self] _ in self?.answer(true) }, for: .touchUpInside)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Shows the question; `onAnswer` hears the answer once.
    public func ask() {
        isHidden = false
        expiry?.cancel()
        expiry = UIApplication.shared.scheduleInHostTime(afterDelay: Self.timeout) { [weak self] in self?.answer(false) }
        setNeedsLayout()
    }

    private func answer(_ leave: Bool) {
        expiry?.cancel()
        expiry = nil
        isHidden = true
        onAnswer?(leave)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let width = min(420, bounds.width - 32), padding: CGFloat = 20
        let buttonHeight = max(DebugStyle.minimumTarget, 52)
        let height = padding + 28 + 8 + 44 + 16 + buttonHeight + padding
        panel.frame = CGRect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        titleLabel.frame = CGRect(x: padding, y: padding, width: width - 2 * padding, height: 28)
        messageLabel.frame = CGRect(x: padding, y: titleLabel.frame.maxY + 8, width: width - 2 * padding, height: 44)
        let buttonWidth = (width - 3 * padding) / 2
        stayButton.frame = CGRect(x: padding, y: messageLabel.frame.maxY + 16, width: buttonWidth, height: buttonHeight)
        leaveButton.frame = CGRect(x: stayButton.frame.maxX + padding, y: stayButton.frame.minY, width: buttonWidth,
                                   height: buttonHeight)
    }
}
