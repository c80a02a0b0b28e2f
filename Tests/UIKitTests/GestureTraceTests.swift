import UIKit
import XCTest

/// The gesture trace says why a recognizer failed, whether another recognizer made it
/// fail or it failed itself.
final class GestureTraceTests: UIKitTestCase {
    override func setUp() async throws {
        try await super.setUp()
        GestureTrace.isEnabled = true
        GestureTrace.echoesToStandardError = false
        GestureTrace.clear()
    }

    override func tearDown() async throws {
        GestureTrace.isEnabled = false
        GestureTrace.clear()
        try await super.tearDown()
    }

    func testABuiltInsOwnFailureCarriesItsReason() async {
        let view = addTraceView("view", CGRect(x: 0, y: 0, width: 200, height: 200))
        let tap = UITapGestureRecognizer()
        view.addGestureRecognizer(tap)
        injector.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 120, y: 20), duration: 0.1, steps: 2)
        let failures = GestureTrace.entries.filter { $0.state == .failed }.map(\.detail)
        XCTAssertEqual(failures, ["possible → failed: a finger moved 50.0 pt (limit 45.0 pt)"])
    }

    func testAFailureWithoutAReasonSaysOnlyThatItFailed() async {
        final class Quitter: UIGestureRecognizer {
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                state = .failed
            }
        }
        let view = addTraceView("view", CGRect(x: 0, y: 0, width: 200, height: 200))
        view.addGestureRecognizer(Quitter())
        injector.tap(at: CGPoint(x: 20, y: 20))
        XCTAssertEqual(GestureTrace.entries.filter { $0.state == .failed }.map(\.detail), ["possible → failed"])
    }
}
