/// How a presented view controller covers the screen (`UIViewController.modalPresentationStyle`),
/// with UIKit's names and raw values. This UIKit has the styles below; UIKit's form
/// sheet, popover, current-context and custom styles are not here.
public enum UIModalPresentationStyle: Int, Sendable {
    /// The presented view fills the window; the presenter's view leaves the window once
    /// the transition ends, so the presenter disappears (and appears again on dismissal).
    case fullScreen = 0
    /// A sheet over the presenter, which stays on screen behind a dimming view and hears
    /// no appearance calls. Its frame at each window size is this project's choice
    /// (`UIPresentationController.pageSheetFrame(in:safeAreaInsets:)`).
    case pageSheet = 1
    /// The presented view fills the window over the presenter, which stays on screen
    /// (for presented views with see-through parts) and hears no appearance calls.
    case overFullScreen = 5
    /// The default: `.pageSheet`, as on iOS 13 and later.
    case automatic = -2

    /// The style a presentation uses: `.automatic` is a page sheet.
    var resolved: UIModalPresentationStyle {
        self == .automatic ? .pageSheet : self
    }

    /// Whether the presenter's view leaves the window under the presented one.
    var removesPresenterView: Bool {
        resolved == .fullScreen
    }
}

/// The animation of a presentation and its dismissal (`UIViewController.modalTransitionStyle`),
/// with UIKit's names and raw values; UIKit's flip and page curl are not here.
public enum UIModalTransitionStyle: Int, Sendable {
    /// The presented view slides up from the bottom edge, and back down on dismissal.
    case coverVertical = 0
    /// The presented view fades in, and out on dismissal.
    case crossDissolve = 2
}
