import CairoRenderer
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// A present and a dismiss by real touches on the headless server, in an app of one's
/// own started as `UIApplicationMain` starts it: a button presents a red controller
/// full screen (sliding up), whose button dismisses it; the frames on screen show each,
/// and the controllers hear their appearance calls in order.
final class ModalPresentationEndToEndTests: XCTestCase {
    @MainActor
    final class Screen: UIViewController {
        let name: String
        let color: UIColor
        let button = UIButton(type: .system)
        var log: [String]
        var onButton: (Screen) -> Void = { _ in }

        init(_ name: String, color: UIColor, log: [String] = []) {
            self.name = name
            self.color = color
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = color
            button.setTitle(name == "A" ? "Present" : "Done", for: .normal)
            button.backgroundColor = .white
            button.frame = CGRect(x: 270, y: 400, width: 100, height: 44)
            button.addAction({ [unowned self] _ in onButton(self) }, for: .touchUpInside)
            view.addSubview(button)
        }

        override func viewWillAppear(_ animated: Bool) { Self.shared.append("\(name).willAppear") }
        override func viewDidAppear(_ animated: Bool) { Self.shared.append("\(name).didAppear") }
        override func viewWillDisappear(_ animated: Bool) { Self.shared.append("\(name).willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { Self.shared.append("\(name).didDisappear") }

        static var shared: [String] = []
    }

    @MainActor
    final class Delegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        let root = Screen("A", color: .blue)

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            let window = UIWindow(frame: UIScreen.main.bounds)
            root.onButton = { presenter in
                let presented = Screen("B", color: .red)
                presented.modalPresentationStyle = .fullScreen
                presented.onButton = { $0.dismiss(animated: true) }
                presenter.present(presented, animated: true)
            }
            window.rootViewController = root
            window.makeKeyAndVisible()
            self.window = window
            return true
        }
    }

    private static func pixel(_ frame: FrameBuffer?, _ point: CGPoint) -> UInt32? {
        frame.map { $0.pixels.load(fromByteOffset: Int(point.y) * $0.stride + Int(point.x) * 4, as: UInt32.self) }
    }

    func testAPresentAndADismissByRealTouches() throws {
        try onMainActor {
            Screen.shared = []
            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(display: server.display, size: CGSize(width: 640, height: 480)))
            let watcher = FrameWatcher()
            var lastFrame: FrameBuffer?
            // Frames caught mid-slide: red at the bottom, the presenter still at the top.
            var midSlideFrames = 0
            watcher.onFrame = { _, host in
                lastFrame = host.currentFrame
                if Self.pixel(lastFrame, CGPoint(x: 100, y: 470)) == 0xFFFF_0000, Self.pixel(lastFrame, CGPoint(x: 100, y: 100)) == 0xFF00_00FF {
                    midSlideFrames += 1
                }
            }
            runner.configureHost = { host, _ in host.addFrameStage(watcher) }
            let delegate = Delegate()
            runner.launch(delegate: delegate)
            defer { runner.shutdown() }
            let probe = CGPoint(x: 100, y: 100)
            let blue: UInt32 = 0xFF00_00FF, red: UInt32 = 0xFFFF_0000
            XCTAssertTrue(runLoop { Self.pixel(lastFrame, probe) == blue }, "the presenter on screen")
            XCTAssertEqual(Screen.shared, ["A.willAppear", "A.didAppear"])

            let button = CGPoint(x: 320, y: 422)
            try server.touchscreen.touches([(1, .begin, button)])
            try server.touchscreen.touches([(1, .end, button)])
            XCTAssertTrue(runLoop { Screen.shared.count == 4 }, "the will-calls")
            XCTAssertTrue(runLoop { Self.pixel(lastFrame, probe) == red }, "the presented view over the whole window")
            XCTAssertGreaterThan(midSlideFrames, 0, "it came up from the bottom, over the presenter")
            XCTAssertTrue(runLoop { Screen.shared.count == 6 })
            XCTAssertEqual(Screen.shared, ["A.willAppear", "A.didAppear", "A.willDisappear", "B.willAppear",
                                           "B.didAppear", "A.didDisappear"])
            XCTAssertNil(delegate.root.view.window, "the presenter's view out of the window")

            try server.touchscreen.touches([(2, .begin, button)])
            try server.touchscreen.touches([(2, .end, button)])
            XCTAssertTrue(runLoop { Self.pixel(lastFrame, probe) == blue }, "the presenter back")
            XCTAssertTrue(runLoop { Screen.shared.count == 10 })
            XCTAssertEqual(Array(Screen.shared.suffix(4)), ["B.willDisappear", "A.willAppear", "A.didAppear", "B.didDisappear"])
            XCTAssertNil(delegate.root.presentedViewController)
        }
    }
}
