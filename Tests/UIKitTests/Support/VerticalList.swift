@testable import UIKit

extension UIKitTestCase {
    /// The list most scroll view tests use: a 300 × 400 scroll view at the window's
    /// origin over 1200 points of content (offsets 0…800), with a `ScrollLog` as its
    /// delegate, which the caller keeps (a delegate is held weakly). Not yet in the
    /// window.
    func makeVerticalList() -> (UIScrollView, ScrollLog) {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scrollView.contentSize = CGSize(width: 300, height: 1200)
        let log = ScrollLog()
        scrollView.delegate = log
        return (scrollView, log)
    }
}
