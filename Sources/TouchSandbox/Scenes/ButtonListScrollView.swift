import UIKit

/// The `scroll` scene's list: a scroll view that may take a touch back from a button to
/// scroll, as lists of buttons on iOS do by overriding `touchesShouldCancel(in:)`
/// (UIKit's own answer is no for a `UIControl`, so a drag that starts on a button a
/// finger has held, or with `delaysContentTouches` off, would not scroll at all).
///
/// It also tells its owner each time it is asked, which is exactly when a scroll would
/// start on a touch a content view has already heard of.
@MainActor
final class ButtonListScrollView: UIScrollView {
    /// Whether a scroll may cancel a button's touch. True here; false is UIKit's default.
    var cancelsButtonTouches = true
    /// Told each time `touchesShouldCancel(in:)` is asked.
    var onAskedToCancel: (() -> Void)?

    override func touchesShouldCancel(in view: UIView) -> Bool {
        onAskedToCancel?()
        return view is UIButton ? cancelsButtonTouches : super.touchesShouldCancel(in: view)
    }
}
