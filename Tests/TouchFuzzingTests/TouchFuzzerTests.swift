import CairoRenderer
import TouchSandbox
@testable import TouchFuzzing
import TouchTestSupport
import UIKit
import XCTest

/// The fuzzer, run for a bounded time in every test run, and its checks shown able to
/// fail: a deliberately broken view and recognizer are caught, shortened and reported.
@MainActor
final class TouchFuzzerTests: XCTestCase {
    override func tearDown() async throws {
        TestApplication.end()
    }

    /// CI's bounded run: `TOUCH_FUZZ_SECONDS` (default 60) of random trees and the
    /// sandbox's scenes from a seed that changes every day (printed, so a failure is
    /// repeatable with `touch-sandbox-fuzz --seed N --replay`).
    func testRandomSequencesKeepEveryPromise() async {
        let seconds = ProcessInfo.processInfo.environment["TOUCH_FUZZ_SECONDS"].flatMap(Double.init) ?? 60
        let day = UInt64(Date().timeIntervalSince1970 / 86_400)
        let firstSeed = day * 1_000_000
        CairoDrawingEngine.install()
        let fuzzer = TouchFuzzer()
        fuzzer.scenes = SceneCatalog.all.map { scene in TouchFuzzer.SceneSource(name: scene.name) { scene.init() } }
        let report = fuzzer.run(firstSeed: firstSeed, duration: seconds)
        print("fuzzed from seed \(firstSeed): \(report.sequences) sequences, \(report.samples) samples, "
            + "\(report.viewMessages) view messages in \(Int(report.seconds)) s")
        XCTAssertGreaterThan(report.sequences, 0)
        XCTAssertGreaterThan(report.viewMessages, 0)
        if let failure = report.failures.first { XCTFail("\(failure)") }
    }

    /// The same seed gives the same steps and the same verdict.
    func testASequenceIsAPureFunctionOfItsSeed() async {
        let fuzzer = TouchFuzzer()
        XCTAssertEqual(fuzzer.describe(seed: 42), fuzzer.describe(seed: 42))
        XCTAssertNotEqual(fuzzer.describe(seed: 42), fuzzer.describe(seed: 43))
    }

    // MARK: - The checks can fail

    func testALeakIsReportedWithAShortReproduction() async {
        let fuzzer = TouchFuzzer()
        fuzzer.scenes = [TouchFuzzer.SceneSource(name: "leaky") { LeakyScene() }]
        fuzzer.sceneShare = 1
        let report = fuzzer.run(firstSeed: 1, duration: 30, maximumSequences: 50)
        let failure = try! XCTUnwrap(report.failures.first)
        XCTAssertEqual(failure.violations, ["views[0] UIView outlived its scenario", "recognizers[0] UITapGestureRecognizer outlived its scenario"])
        // The leak needs no step at all: the reproduction is the scene alone.
        XCTAssertEqual(failure.steps.count, 0)
        XCTAssertEqual(failure.originalStepCount, 60)
        XCTAssertTrue(failure.description.contains("minimal reproduction, 0 of 60 steps"))
    }

    func testAStuckRecognizerIsReportedWithTheStepsThatStartedIt() async {
        let fuzzer = TouchFuzzer()
        fuzzer.scenes = [TouchFuzzer.SceneSource(name: "stubborn") { StubbornScene() }]
        fuzzer.sceneShare = 1
        let report = fuzzer.run(firstSeed: 1, duration: 30, maximumSequences: 50)
        let failure = try! XCTUnwrap(report.failures.first)
        // Stuck, it also keeps its touch, and through it its view, for good.
        XCTAssertEqual(failure.violations, [
            "recognizers[0] StubbornRecognizer stuck in began after every finger lifted",
            "views[0] UIView outlived its scenario", "recognizers[0] StubbornRecognizer outlived its scenario",
        ])
        // One finger beginning on the view is all it takes.
        XCTAssertEqual(failure.steps.count, 1)
        guard case .inject(let batch) = failure.steps[0] else { return XCTFail("\(failure.steps)") }
        XCTAssertTrue(batch.contains { $0.phase == .began })
    }

    func testTheLedgerNamesEveryBrokenPromise() async {
        TestApplication.begin(clockAt: 100)
        let ledger = TouchLedger()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        var touches: Set<UITouch> = []
        UIKitDebug.touchMessageObserver = { _, _, delivered in touches.formUnion(delivered) }
        window.inject([TouchSample(id: .init(device: 1, number: 1), phase: .began, location: CGPoint(x: 5, y: 5), timestamp: 100)])
        UIKitDebug.touchMessageObserver = nil
        let touch = try! XCTUnwrap(touches.first)
        ledger.observe(view, .moved, [touch])
        ledger.observe(view, .began, [touch])
        ledger.observe(view, .began, [touch])
        ledger.observe(view, .ended, [touch])
        ledger.observe(view, .moved, [touch])
        ledger.observe(view, .stationary, [touch])
        XCTAssertEqual(ledger.violations, [
            "UIView ← touch 1:1: touchesMoved before touchesBegan",
            "UIView ← touch 1:1: touchesBegan again (while open)",
            "UIView ← touch 1:1: touchesMoved after its end",
            "UIView ← touch 1:1: told of a stationary touch",
        ])
        let other = UIView()
        ledger.observe(other, .began, [touch])
        XCTAssertEqual(ledger.openPairs(), ["UIView ← touch 1:1: began and never ended or was cancelled"])
        window.inject([TouchSample(id: .init(device: 1, number: 1), phase: .ended, location: CGPoint(x: 5, y: 5), timestamp: 100)])
    }
}

/// A recognizer that begins on its first touch and never ends: the stuck-recognizer
/// check must catch it.
@MainActor
private final class StubbornRecognizer: UIGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .began }
    }
}

@MainActor
private final class StubbornScene: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(StubbornRecognizer())
    }
}

/// A scene that leaks itself through a closure its own view holds: the lifetime check
/// must catch it.
@MainActor
private final class LeakyScene: UIViewController {
    private var keep: (() -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        let tap = UITapGestureRecognizer()
        tap.addAction { [self] _ in _ = keep }
        view.addGestureRecognizer(tap)
        keep = { [self] in _ = view }
    }
}
