@testable import UIKit
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

    // MARK: - Reasons as data

    func testAMeasuredFailureCarriesItsFigureAndLimit() async {
        let view = addTraceView("view", CGRect(x: 0, y: 0, width: 200, height: 200))
        view.addGestureRecognizer(UITapGestureRecognizer())
        injector.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 120, y: 20), duration: 0.1, steps: 2)
        let reasons = GestureTrace.entries.filter { $0.state == .failed }.map(\.reason)
        XCTAssertEqual(reasons, [.measured(.init("a finger moved", 50, .points, limit: 45))])
        guard case .measured(let measurement)? = reasons.first else { return XCTFail("\(reasons)") }
        XCTAssertEqual(measurement.value, 50)
        XCTAssertEqual(measurement.bound, 45)
        XCTAssertFalse(measurement.boundIsMinimum)
    }

    func testPreventionAndWaitingNameTheOtherRecognizerAsData() async {
        let view = addTraceView("view", CGRect(x: 0, y: 0, width: 200, height: 200))
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let single = UITapGestureRecognizer()
        single.require(toFail: double)
        let pan = UIPanGestureRecognizer()
        for recognizer in [double, single, pan] { view.addGestureRecognizer(recognizer) }
        let doubleName = "UITapGestureRecognizer#\(double.serialNumber)"
        let panName = "UIPanGestureRecognizer#\(pan.serialNumber)"
        injector.tap(at: CGPoint(x: 20, y: 20))
        XCTAssertTrue(GestureTrace.entries.contains { $0.reason == .waitsFor(recognizer: doubleName, transition: .ended) })
        clock.advance(by: 1)
        UIApplication.shared.runPendingTimers()
        GestureTrace.clear()
        injector.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 120, y: 20), duration: 0.3, steps: 6)
        let prevented = GestureTrace.entries.filter { $0.reason == .preventedBy(recognizer: panName, alreadyUnderWay: false) }
        XCTAssertFalse(prevented.isEmpty, GestureTrace.lines.joined(separator: "\n"))
        XCTAssertEqual(prevented.first?.detail, "possible → failed: prevented by \(panName)")
        XCTAssertEqual(prevented.first?.reason?.recognizersNamed, [panName])
    }
}
