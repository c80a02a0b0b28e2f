import CoreGraphics

/// Manages one modal presentation: where the presented view goes in its container, and
/// the delegate that hears of dismissals the user starts.
///
/// A controller's `presentationController` is made on first use (so its delegate can be
/// set before presenting, as apps do) and kept for the controller's life; it refers to
/// its presented controller without holding it (the controller holds it), and holds its
/// presenting controller while the presentation lasts.
@MainActor
open class UIPresentationController {
    /// Made by UIKit (a controller's `presentationController`): custom presentations are
    /// not supported here.
    init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presented = presentedViewController
        self.presenting = presentingViewController
    }

    private unowned let presented: UIViewController
    /// Set when the presentation starts.
    var presenting: UIViewController?

    /// The controller being presented.
    public var presentedViewController: UIViewController { presented }

    /// The controller that presented it. Before the presentation starts there is none
    /// yet, and this is the presented controller itself (UIKit leaves it undefined then).
    public var presentingViewController: UIViewController { presenting ?? presented }

    /// Hears of the dismissals the user starts (`UIAdaptivePresentationControllerDelegate`).
    public weak var delegate: UIAdaptivePresentationControllerDelegate?

    /// The style the presentation uses: the presented controller's, `.automatic`
    /// resolved, as it was when the presentation started.
    public var presentationStyle: UIModalPresentationStyle {
        styleInUse ?? presented.modalPresentationStyle.resolved
    }

    /// The style fixed when the presentation started.
    var styleInUse: UIModalPresentationStyle?
    /// The views a full-screen presentation took out of the window (the presenter's, and
    /// what else was under it), with where they were, to put back on dismissal.
    var coveredViews: [(view: UIView, superview: UIView, index: Int)] = []
    /// True while the dismissal animates the presented view out: layout leaves it be.
    var isAnimatingOut = false
    /// How far the sheet swipe has moved a page sheet down from its place.
    var sheetOffset: CGFloat = 0
    /// The sheet swipe (`SheetSwipeGestureRecognizer`), on the sheet of a page sheet.
    var sheetSwipe: SheetSwipeGestureRecognizer?

    /// The view that holds the presentation while it is on screen (a full-window view
    /// above the presenter's); nil before it starts and after it ends.
    public internal(set) var containerView: UIView?

    /// The view that moves in and out: the presented controller's view, or for a page
    /// sheet the rounded sheet that holds it.
    public var presentedView: UIView? {
        sheetView ?? presented.viewIfLoaded
    }

    /// The rounded view a page sheet's content sits in (nil for other styles).
    var sheetView: UIView?
    /// The view that darkens the presenter around a page sheet or an alert.
    var dimmingView: UIView?

    /// Where `presentedView` goes in the container: the whole container, or the page
    /// sheet's frame (`pageSheetFrame(in:safeAreaInsets:)`).
    open var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView else { return .zero }
        switch presentationStyle {
        case .pageSheet:
            return Self.pageSheetFrame(in: containerView.bounds, safeAreaInsets: containerView.safeAreaInsets)
        default:
            return containerView.bounds
        }
    }

    /// The width from which a window is "regular" (an iPad's screen in either
    /// orientation is; a phone's is not) and a page sheet a centred card.
    public static let regularWidth: CGFloat = 700
    /// The widest a page sheet gets in a regular-width window.
    public static let pageSheetMaximumWidth: CGFloat = 704
    /// The corner radius of a page sheet.
    public static let pageSheetCornerRadius: CGFloat = 10

    /// This project's page sheet, for the window sizes it runs at (iOS documents no
    /// geometry; these follow what iOS 13 and later show):
    /// - narrower than `regularWidth` (a phone): the whole width, from 10 pt below the
    ///   safe area's top to the bottom edge, as iOS's card (its bottom corners are hidden
    ///   below the window's edge);
    /// - `regularWidth` and wider (the default 1024 × 768 is an iPad's landscape screen):
    ///   a card centred across, `pageSheetMaximumWidth` wide (the width less 40 pt if
    ///   that is narrower), from 30 pt inside the safe area's top to 30 pt inside its
    ///   bottom.
    /// The presenter stays on screen behind a dimming view in both (iOS also shrinks a
    /// phone's presenter; here it is only dimmed).
    public static func pageSheetFrame(in bounds: CGRect, safeAreaInsets insets: UIEdgeInsets) -> CGRect {
        if bounds.width < regularWidth {
            let top = bounds.minY + insets.top + 10
            // Reaches past the bottom edge by the corner radius: the bottom corners do
            // not show.
            return CGRect(x: bounds.minX, y: top, width: bounds.width,
                          height: max(0, bounds.maxY - top + pageSheetCornerRadius))
        }
        let width = min(pageSheetMaximumWidth, bounds.width - 40)
        let top = bounds.minY + insets.top + 30
        let bottom = bounds.maxY - insets.bottom - 30
        return CGRect(x: bounds.midX - width / 2, y: top, width: width, height: max(0, bottom - top))
    }

    /// Lays the presentation out in its container: the dimming view fills it, the
    /// presented view goes to `frameOfPresentedViewInContainerView`, and a sheet's
    /// content fills the sheet (less the hidden strip at the bottom of a phone's card).
    func layoutInContainer() {
        guard let containerView, !isAnimatingOut else { return }
        dimmingView?.frame = containerView.bounds
        let frame = frameOfPresentedViewInContainerView
        if let sheetView {
            sheetView.frame = frame.offsetBy(dx: 0, dy: sheetOffset)
            let hidden = max(0, frame.maxY - containerView.bounds.maxY)
            presented.viewIfLoaded?.frame = CGRect(x: 0, y: 0, width: frame.width, height: max(0, frame.height - hidden))
        } else {
            presented.viewIfLoaded?.frame = frame
        }
    }
}
