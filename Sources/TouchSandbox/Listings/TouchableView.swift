import UIKit

/// Apple, "Handling Touches in Your View", Listings 9-1 and 9-2: a view that puts a
/// `TouchSpotView` under every finger, grows it from 1 to 100 points in 0.2 s, moves it
/// with the finger, and removes it when the finger lifts or is cancelled.
///
/// Repairs to the listing as extracted: the `touchesMoved` loop was garbled ("rer view =
/// viewcorrouchtrouch: rouchi") and is restored as `for touch in touches { let view =
/// viewForTouch(touch: touch) ... }`; the closing braces lost in extraction are back.
public final class TouchableView: UIView {
    var touchViews = [UITouch: TouchSpotView]()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    public required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            createViewForTouch(touch: touch)
        }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            let view = viewForTouch(touch: touch)
            // Move the view to the new location.
            let newLocation = touch.location(in: self)
            view?.center = newLocation
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            removeViewForTouch(touch: touch)
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            removeViewForTouch(touch: touch)
        }
    }

    func createViewForTouch(touch: UITouch) {
        let newView = TouchSpotView()
        newView.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
        newView.center = touch.location(in: self)

        // Add the view and animate it to a new size.
        addSubview(newView)
        UIView.animate(withDuration: 0.2) {
            newView.bounds.size = CGSize(width: 100, height: 100)
        }

        // Save the views internally
        touchViews[touch] = newView
    }

    func viewForTouch(touch: UITouch) -> TouchSpotView? {
        touchViews[touch]
    }

    func removeViewForTouch(touch: UITouch) {
        if let view = touchViews[touch] {
            view.removeFromSuperview()
            touchViews.removeValue(forKey: touch)
        }
    }
}
