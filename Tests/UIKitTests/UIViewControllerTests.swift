import UIKit
import XCTest

final class UIViewControllerTests: UIKitTestCase {
    private final class CustomController: UIViewController {
        var calls: [String] = []
        override func loadView() {
            calls.append("loadView")
            view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        override func viewDidLoad() {
            super.viewDidLoad()
            calls.append("viewDidLoad")
        }
    }

    func testTheViewLoadsOnceOnFirstUse() async {
        let controller = CustomController()
        XCTAssertFalse(controller.isViewLoaded)
        XCTAssertNil(controller.viewIfLoaded)
        XCTAssertEqual(controller.calls, [])
        let view = controller.view
        XCTAssertTrue(controller.view === view)
        XCTAssertTrue(controller.isViewLoaded)
        XCTAssertEqual(controller.calls, ["loadView", "viewDidLoad"])
        XCTAssertTrue(view?.next === controller)
        XCTAssertNil(controller.next, "a controller's next is its view's superview")
        window.addSubview(view!)
        XCTAssertTrue(controller.next === window)
    }

    func testTheDefaultViewAndReplacingIt() async {
        let savedBounds = UIScreen.main.bounds
        defer { UIScreen.main.bounds = savedBounds }
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 800, height: 500)
        let controller = UIViewController()
        XCTAssertEqual(controller.view.frame, CGRect(x: 0, y: 0, width: 800, height: 500),
                       "screen-sized, so viewDidLoad can lay out from view.bounds")
        let old = controller.view!
        let replacement = UIView()
        controller.view = replacement
        XCTAssertTrue(replacement.next === controller)
        XCTAssertNil(old.next)
        // A view moved to another controller leaves the first.
        let other = UIViewController()
        other.view = replacement
        XCTAssertTrue(replacement.next === other)
        XCTAssertFalse(controller.isViewLoaded)
    }
}
