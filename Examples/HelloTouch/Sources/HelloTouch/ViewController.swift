import UIKit

/// A square you drag with a pan recognizer and recolour with a tap recognizer: UIKit
/// code as on iOS, except that an action is a method reference (`ViewController.handlePan`)
/// rather than a `#selector`, since Swift on Linux has no selectors.
final class ViewController: UIViewController {
    // Not private: the tests (Tests/HelloTouchTests) drag and tap it.
    let square = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 160))
    let colors: [UIColor] = [.systemBlue, .systemOrange, .systemGreen, .systemRed]
    private var colorIndex = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.12, alpha: 1)

        let label = UILabel(frame: CGRect(x: 0, y: 40, width: view.bounds.width, height: 30))
        label.text = "Drag the square; tap it to change its colour"
        label.textAlignment = .center
        label.textColor = .white
        view.addSubview(label)

        square.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        square.backgroundColor = colors[colorIndex]
        square.layer.cornerRadius = 20
        square.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: ViewController.handlePan))
        square.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ViewController.handleTap))
        view.addSubview(square)
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        let translation = pan.translation(in: view)
        square.center = CGPoint(x: square.center.x + translation.x, y: square.center.y + translation.y)
        pan.setTranslation(.zero, in: view)
    }

    func handleTap(_ tap: UITapGestureRecognizer) {
        colorIndex = (colorIndex + 1) % colors.count
        square.backgroundColor = colors[colorIndex]
    }
}
