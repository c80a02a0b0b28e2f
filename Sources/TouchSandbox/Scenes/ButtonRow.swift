import UIKit

/// A row of the `scroll` scene's list: a track's title and a real Play button, as a
/// playlist's cell has. The row itself is a plain view: a touch beside the button goes
/// to it and does nothing.
@MainActor
final class ButtonRow: UIView {
    static let buttonSize = CGSize(width: 88, height: 44)

    let button = TouchReportingButton(type: .system)
    private let label = UILabel()
    private let separator = UIView()

    init(frame: CGRect, title: String) {
        super.init(frame: frame)
        backgroundColor = .white
        label.text = title
        label.font = .systemFont(ofSize: 17)
        label.textColor = .black
        addSubview(label)
        button.setTitle("Play", for: .normal)
        button.titleLabel?.font = .boldSystemFont(ofSize: 16)
        button.backgroundColor = TouchReportingButton.restingColor
        button.layer.cornerRadius = 10
        addSubview(button)
        separator.backgroundColor = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.18)
        addSubview(separator)
    }

    required init?(coder: NSCoder) {
        fatalError("not used")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = Self.buttonSize
        button.frame = CGRect(x: bounds.width - 16 - size.width, y: ((bounds.height - size.height) / 2).rounded(),
                              width: size.width, height: size.height)
        label.frame = CGRect(x: 16, y: 0, width: max(button.frame.minX - 24, 0), height: bounds.height)
        separator.frame = CGRect(x: 16, y: bounds.height - 1, width: bounds.width - 16, height: 1)
    }
}
