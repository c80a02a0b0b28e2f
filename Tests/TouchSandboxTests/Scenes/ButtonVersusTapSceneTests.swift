@testable import TouchSandbox
import UIKit
import XCTest

/// The button-vs-tap scene: a tap on the button is the button's, a tap elsewhere on the
/// view is the view's tap recognizer's, and the counters say so.
final class ButtonVersusTapSceneTests: ListingTestCase {
    private var scene: ButtonVersusTapScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = ButtonVersusTapScene()
        present(scene, size: UIScreen.main.bounds.size)
    }

    func testTheViewAndItsCountersFitTheClearArea() async throws {
        let savedBounds = UIScreen.main.bounds
        defer { UIScreen.main.bounds = savedBounds }
        for size in [CGSize(width: 1024, height: 768), CGSize(width: 800, height: 500)] {
            UIScreen.main.bounds = CGRect(origin: .zero, size: size)
            let scene = ButtonVersusTapScene()
            present(scene, size: size)
            let clear = safeArea(of: scene)
            for view in [scene.panel!, scene.buttonCounter!, scene.recognizerCounter!] {
                XCTAssertTrue(clear.contains(view.frame), "\(view.frame) in \(clear) at \(size)")
            }
            XCTAssertTrue(scene.panel.bounds.contains(scene.button.frame))
            XCTAssertGreaterThan(scene.buttonCounter.frame.minY, scene.panel.frame.maxY)
        }
    }

    func testATapOnTheButtonIsTheButtonsAndATapBesideItIsTheRecognizers() async throws {
        let button = try XCTUnwrap(scene.button), panel = try XCTUnwrap(scene.panel)
        XCTAssertEqual(scene.buttonCounter.text, "button's action (touchUpInside): 0")
        XCTAssertEqual(scene.recognizerCounter.text, "view's tap recognizer: 0")

        injector.tap(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: window))
        XCTAssertEqual(scene.buttonTaps, 1)
        XCTAssertEqual(scene.recognizerTaps, 0, "the button refused the ancestor's single tap")
        XCTAssertEqual(scene.buttonCounter.text, "button's action (touchUpInside): 1")
        XCTAssertEqual(scene.buttonCounter.textColor, SandboxStyle.label, "the counter that counted last stands out")
        XCTAssertEqual(scene.recognizerCounter.textColor, SandboxStyle.secondaryLabel)

        injector.wait(0.5)
        injector.tap(at: CGPoint(x: panel.frame.minX + 30, y: panel.frame.midY))
        XCTAssertEqual(scene.buttonTaps, 1)
        XCTAssertEqual(scene.recognizerTaps, 1)
        XCTAssertEqual(scene.recognizerCounter.text, "view's tap recognizer: 1")
        XCTAssertEqual(scene.recognizerCounter.textColor, SandboxStyle.label)
        XCTAssertEqual(scene.buttonCounter.textColor, SandboxStyle.secondaryLabel)

        injector.wait(0.5)
        injector.tap(at: CGPoint(x: panel.frame.midX, y: panel.frame.minY + 25))
        XCTAssertEqual(scene.recognizerTaps, 2, "the legend is a label, which ignores touches: the tap is the view's")
        XCTAssertEqual(scene.buttonTaps, 1)
    }
}
