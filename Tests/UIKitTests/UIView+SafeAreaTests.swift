import UIKit
import XCTest

/// Safe areas and the controller's layout callbacks, with exact values, in the 320 × 480
/// window of `UIKitTestCase`.
final class UIViewSafeAreaTests: UIKitTestCase {
    /// The gallery's insets: a 44-point caption bar above, a toolbar and hint below.
    private let galleryInsets = UIEdgeInsets(top: 44, left: 0, bottom: 96, right: 0)

    /// A view that records its safe-area and layout calls in a shared log.
    private final class LoggingView: UIView {
        let name: String
        let log: Log
        init(_ name: String, frame: CGRect, log: Log) {
            self.name = name
            self.log = log
            super.init(frame: frame)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func safeAreaInsetsDidChange() { log.entries.append("\(name).safeAreaInsetsDidChange \(safeAreaInsets.top)") }
        override func layoutSubviews() { log.entries.append("\(name).layoutSubviews") }
    }

    private final class Log {
        var entries: [String] = []
    }

    private final class LoggingController: UIViewController {
        let log: Log
        let rootFrame: CGRect
        init(log: Log, rootFrame: CGRect = CGRect(x: 0, y: 0, width: 320, height: 480)) {
            self.log = log
            self.rootFrame = rootFrame
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func loadView() { view = LoggingView("root", frame: rootFrame, log: log) }
        override func viewSafeAreaInsetsDidChange() { log.entries.append("controller.viewSafeAreaInsetsDidChange") }
        override func viewWillLayoutSubviews() { log.entries.append("controller.viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.entries.append("controller.viewDidLayoutSubviews") }
    }

    func testEdgeInsetsInsetARectAsUIKitDoes() async {
        XCTAssertEqual(UIEdgeInsets.zero, UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(UIEdgeInsets(), .zero)
        let rect = CGRect(x: 10, y: 20, width: 640, height: 480)
        XCTAssertEqual(rect.inset(by: galleryInsets), CGRect(x: 10, y: 64, width: 640, height: 340))
        XCTAssertEqual(rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)), CGRect(x: 12, y: 21, width: 634, height: 476))
        XCTAssertEqual(rect.inset(by: UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5)), CGRect(x: 5, y: 15, width: 650, height: 490))
        XCTAssertEqual(rect.inset(by: .zero), rect)
    }

    func testAWindowAndAPlainViewHaveNoInsets() async {
        XCTAssertEqual(window.safeAreaInsets, .zero)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(view.safeAreaInsets, .zero)
        window.addSubview(view)
        XCTAssertEqual(view.safeAreaInsets, .zero)
    }

    func testAdditionalInsetsReachTheRootViewAndAreClippedForSubviews() async {
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = galleryInsets
        window.rootViewController = controller
        let root = controller.view!
        XCTAssertEqual(root.frame, window.bounds)
        XCTAssertEqual(root.safeAreaInsets, galleryInsets)
        XCTAssertEqual(root.safeAreaLayoutGuide.layoutFrame, CGRect(x: 0, y: 44, width: 320, height: 340))
        XCTAssertTrue(root.safeAreaLayoutGuide.owningView === root)

        let inside = UIView(frame: CGRect(x: 10, y: 60, width: 100, height: 100))
        let underTop = UIView(frame: CGRect(x: 0, y: 20, width: 320, height: 100))
        let underBottom = UIView(frame: CGRect(x: 0, y: 350, width: 50, height: 60))
        let whollyUnderBottom = UIView(frame: CGRect(x: 0, y: 400, width: 50, height: 60))
        let hangingLeft = UIView(frame: CGRect(x: -10, y: 100, width: 50, height: 50))
        for view in [inside, underTop, underBottom, whollyUnderBottom, hangingLeft] { root.addSubview(view) }
        XCTAssertEqual(inside.safeAreaInsets, .zero)
        XCTAssertEqual(underTop.safeAreaInsets, UIEdgeInsets(top: 24, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(underBottom.safeAreaInsets, UIEdgeInsets(top: 0, left: 0, bottom: 26, right: 0), "410 − 384")
        XCTAssertEqual(whollyUnderBottom.safeAreaInsets, UIEdgeInsets(top: 0, left: 0, bottom: 60, right: 0), "clipped to its height")
        XCTAssertEqual(hangingLeft.safeAreaInsets, .zero, "the root view has no left inset")

        // Deeper: a view inside `underTop` at its top left, 30 points tall.
        let nested = UIView(frame: CGRect(x: 5, y: 4, width: 30, height: 30))
        underTop.addSubview(nested)
        XCTAssertEqual(nested.safeAreaInsets, UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0), "24 − 4")
        XCTAssertEqual(nested.safeAreaLayoutGuide.layoutFrame, CGRect(x: 0, y: 20, width: 30, height: 10))
    }

    func testNestedControllersAddTheirInsets() async {
        let outer = UIViewController()
        outer.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
        window.rootViewController = outer
        let inner = UIViewController()
        inner.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        inner.view.frame = CGRect(x: 0, y: 0, width: 320, height: 200)
        outer.view.addSubview(inner.view)
        XCTAssertEqual(inner.view.safeAreaInsets, UIEdgeInsets(top: 10, left: 5, bottom: 0, right: 5))
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        inner.view.addSubview(content)
        XCTAssertEqual(content.safeAreaInsets, UIEdgeInsets(top: 10, left: 5, bottom: 0, right: 0))

        // A second inner controller at the bottom: the outer bottom inset reaches it too.
        let lower = UIViewController()
        lower.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 8, right: 0)
        lower.view.frame = CGRect(x: 0, y: 400, width: 320, height: 80)
        outer.view.addSubview(lower.view)
        XCTAssertEqual(lower.view.safeAreaInsets, UIEdgeInsets(top: 0, left: 0, bottom: 28, right: 0))
    }

    func testCallbacksComeInUIKitsOrder() async {
        let log = Log()
        let controller = LoggingController(log: log)
        window.rootViewController = controller
        let child = LoggingView("child", frame: CGRect(x: 0, y: 0, width: 320, height: 100), log: log)
        controller.view.addSubview(child)
        window.layoutIfNeeded()
        XCTAssertEqual(log.entries, ["controller.viewWillLayoutSubviews", "root.layoutSubviews", "controller.viewDidLayoutSubviews",
                                     "child.layoutSubviews"], "no insets yet, so nothing about them")

        log.entries = []
        controller.additionalSafeAreaInsets = galleryInsets
        XCTAssertEqual(log.entries, ["root.safeAreaInsetsDidChange 44.0", "controller.viewSafeAreaInsetsDidChange"],
                       "at once, and layout marked due")
        XCTAssertTrue(controller.view.layer.needsLayout())
        window.layoutIfNeeded()
        XCTAssertEqual(log.entries, [
            "root.safeAreaInsetsDidChange 44.0", "controller.viewSafeAreaInsetsDidChange",
            "controller.viewWillLayoutSubviews", "root.layoutSubviews", "controller.viewDidLayoutSubviews",
            "child.safeAreaInsetsDidChange 44.0", "child.layoutSubviews",
        ])
        XCTAssertEqual(child.safeAreaInsets, UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0))

        log.entries = []
        controller.additionalSafeAreaInsets = galleryInsets
        window.layoutIfNeeded()
        XCTAssertEqual(log.entries, [], "setting the same insets again changes nothing")
    }

    func testAResizedWindowLaysTheRootViewOutAgainWithNewInsetsForItsSubviews() async {
        let log = Log()
        let controller = LoggingController(log: log)
        controller.additionalSafeAreaInsets = galleryInsets
        window.rootViewController = controller
        // At the bottom of the safe area of the 320 × 480 window: 340 − 40.
        let footer = LoggingView("footer", frame: CGRect(x: 0, y: 344, width: 320, height: 40), log: log)
        controller.view.addSubview(footer)
        window.layoutIfNeeded()
        XCTAssertEqual(footer.safeAreaInsets, .zero)
        log.entries = []

        window.frame = CGRect(x: 0, y: 0, width: 320, height: 400)
        window.layoutIfNeeded()
        XCTAssertEqual(controller.view.frame, CGRect(x: 0, y: 0, width: 320, height: 400))
        XCTAssertEqual(controller.view.safeAreaLayoutGuide.layoutFrame, CGRect(x: 0, y: 44, width: 320, height: 260))
        XCTAssertEqual(footer.safeAreaInsets, UIEdgeInsets(top: 0, left: 0, bottom: 40, right: 0), "now wholly under the bottom bar")
        XCTAssertEqual(log.entries, [
            "controller.viewWillLayoutSubviews", "root.layoutSubviews", "controller.viewDidLayoutSubviews",
            "footer.safeAreaInsetsDidChange 0.0", "footer.layoutSubviews",
        ])
    }

    func testAViewHearsOfInsetsWhenItArrivesUnderThem() async {
        let log = Log()
        let controller = LoggingController(log: log)
        controller.additionalSafeAreaInsets = galleryInsets
        window.rootViewController = controller
        window.layoutIfNeeded()
        log.entries = []
        let header = LoggingView("header", frame: CGRect(x: 0, y: 0, width: 320, height: 60), log: log)
        controller.view.addSubview(header)
        window.layoutIfNeeded()
        XCTAssertEqual(log.entries.filter { $0.hasPrefix("header") }, ["header.safeAreaInsetsDidChange 44.0", "header.layoutSubviews"])
    }

    /// The getter keeps what it found while nothing it derives from changes, and gives
    /// the new insets after each kind of change: a view moved, an ancestor's bounds
    /// scrolled or resized, a layer moved directly, a transform, a new superview, the
    /// controller's insets, a new root view.
    func testInsetsReadAgainAfterEachKindOfChangeFollowTheGeometry() async {
        let controller = UIViewController()
        controller.view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        controller.additionalSafeAreaInsets = galleryInsets
        window.rootViewController = controller
        let middle = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        controller.view.addSubview(middle)
        let leaf = UIView(frame: CGRect(x: 0, y: 20, width: 100, height: 100))
        middle.addSubview(leaf)
        XCTAssertEqual(leaf.safeAreaInsets, UIEdgeInsets(top: 24, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(leaf.safeAreaInsets, UIEdgeInsets(top: 24, left: 0, bottom: 0, right: 0), "read twice")
        leaf.frame.origin.y = 30
        XCTAssertEqual(leaf.safeAreaInsets.top, 14, "the view moved")
        middle.bounds.origin.y = 10
        XCTAssertEqual(leaf.safeAreaInsets.top, 24, "its superview scrolled")
        middle.bounds.origin.y = 0
        middle.layer.position.y += 5
        XCTAssertEqual(leaf.safeAreaInsets.top, 9, "its superview's layer moved")
        middle.layer.position.y -= 5
        middle.transform = CGAffineTransform(translationX: 0, y: 4)
        XCTAssertEqual(leaf.safeAreaInsets.top, 10, "an ancestor's transform")
        middle.transform = .identity
        controller.additionalSafeAreaInsets.top = 64
        XCTAssertEqual(leaf.safeAreaInsets.top, 34, "the controller's insets")
        leaf.removeFromSuperview()
        XCTAssertEqual(leaf.safeAreaInsets, .zero, "no superview")
        controller.view.addSubview(leaf)
        XCTAssertEqual(leaf.safeAreaInsets.top, 34, "a new superview")
        controller.view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        XCTAssertEqual(middle.superview?.safeAreaInsets, .zero, "the old root view belongs to no controller")
    }
}
