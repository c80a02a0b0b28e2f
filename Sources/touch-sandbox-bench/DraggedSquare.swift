import UIKit

/// HelloTouch's square, for the benchmarks that need an app: 160 points at the middle
/// of a 1024 × 768 window, dragged by a pan recognizer, so every move of a finger on it
/// is a change to draw.
@MainActor
func makeDraggedSquare() -> UIView {
    let square = UIView(frame: CGRect(x: 432, y: 304, width: 160, height: 160))
    square.backgroundColor = .systemBlue
    let pan = UIPanGestureRecognizer()
    pan.addAction { recognizer in
        guard let pan = recognizer as? UIPanGestureRecognizer, let view = pan.view else { return }
        let moved = pan.translation(in: view.superview)
        view.center = CGPoint(x: view.center.x + moved.x, y: view.center.y + moved.y)
        pan.setTranslation(.zero, in: view.superview)
    }
    square.addGestureRecognizer(pan)
    return square
}
