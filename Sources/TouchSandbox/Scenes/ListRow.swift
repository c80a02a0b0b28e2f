import UIKit

/// A list row as a table view's cell behaves: lit while a finger rests on it (which, in
/// a scroll view, is after the content-touch hold), selected when the finger lifts on
/// it, unlit when the touch is cancelled because the list scrolled.
@MainActor
final class ListRow: UIView {
    var title = "" {
        didSet { label.text = title }
    }
    var onSelect: (() -> Void)?
    private let label = UILabel()
    private let separator = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        label.font = .systemFont(ofSize: 17)
        label.textColor = .black
        addSubview(label)
        separator.backgroundColor = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.18)
        addSubview(separator)
    }

    required init?(coder: NSCoder) {
        fatalError("not used")
    }

    /// Whether a finger rests on the row.
    private(set) var isLit = false {
        didSet { backgroundColor = isLit ? UIColor(white: 0.82, alpha: 1) : .white }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: 16, y: 0, width: bounds.width - 32, height: bounds.height)
        separator.frame = CGRect(x: 16, y: bounds.height - 1, width: bounds.width - 16, height: 1)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        isLit = true
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let inside = touches.contains { bounds.contains($0.location(in: self)) }
        isLit = false
        if inside { onSelect?() }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        isLit = false
    }
}
