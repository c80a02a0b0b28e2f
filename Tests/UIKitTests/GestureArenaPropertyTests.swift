@testable import UIKit
import XCTest
import TouchTestSupport

/// The delivery invariants over thousands of random multitouch sequences, random view
/// trees and random recognizers (scripted ones that recognize, change, fail or ignore at
/// random, and the built-ins), from a seeded generator so a failure names its seed:
///
/// - every touch a view began ends there exactly once, as ended or cancelled, and
///   nothing reaches the view for it before its began or after its end;
/// - recognizers make only legal transitions (`illegalTransitionCount` stays 0 and the
///   committed transitions in the trace follow the state machine);
/// - no touch reaches a recognizer that has failed (or finished) before it resets;
/// - no action is sent after a failure, before the reset;
/// - once every finger is up and the timers have run, every recognizer is possible.
final class GestureArenaPropertyTests: UIKitTestCase {
    private static let sequenceCount = 3_000

    func testRandomSequencesKeepEveryInvariant() async {
        GestureTrace.isEnabled = true
        GestureTrace.retainedEntryLimit = 100_000
        defer {
            GestureTrace.isEnabled = false
            GestureTrace.retainedEntryLimit = 2_000
        }
        UIKitDebug.isLoggingEnabled = false
        for seed in 1...UInt64(Self.sequenceCount) {
            var random = SplitMix64(seed: seed)
            let failures = runSequence(&random)
            if !failures.isEmpty {
                if ProcessInfo.processInfo.environment["GESTURE_TRACE_DUMP"] != nil {
                    print(GestureTrace.lines.joined(separator: "\n"))
                }
                XCTFail("seed \(seed): \(failures.prefix(5).joined(separator: "; "))")
                return
            }
        }
    }

    // MARK: - One sequence

    private func runSequence(_ random: inout SplitMix64) -> [String] {
        TestApplication.next()
        GestureTrace.clear()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let ledger = Ledger()
        let views = makeViews(in: window, ledger: ledger, &random)
        let recognizers = attachRecognizers(to: [window] + views, ledger: ledger, &random)

        var live: [UInt32: CGPoint] = [:]
        var nextNumber: UInt32 = 1
        let steps = random.int(in: 4...30)
        for _ in 0..<steps {
            var batch: [TouchSample] = []
            if live.count < 4, random.chance(0.35) || live.isEmpty {
                let point = CGPoint(x: random.double(in: 0...320), y: random.double(in: 0...480))
                batch.append(sample(nextNumber, .began, point.x, point.y))
                live[nextNumber] = point
                nextNumber += 1
            }
            for (number, point) in live.sorted(by: { $0.key < $1.key }) where !batch.contains(where: { $0.id.number == number }) {
                switch random.int(in: 0...9) {
                case 0...5:
                    let moved = CGPoint(x: point.x + random.double(in: -40...40), y: point.y + random.double(in: -40...40))
                    batch.append(sample(number, .moved, moved.x, moved.y))
                    live[number] = moved
                case 6, 7:
                    batch.append(sample(number, .ended, point.x, point.y))
                    live[number] = nil
                case 8:
                    if random.chance(0.3) {
                        batch.append(sample(number, .cancelled, point.x, point.y))
                        live[number] = nil
                    }
                default:
                    break
                }
            }
            window.inject(batch)
            clock.advance(by: random.double(in: 0...0.4))
            UIApplication.shared.runPendingTimers()
            if random.chance(0.03), let victim = recognizers.randomElement(using: &random) {
                victim.isEnabled.toggle()
            }
        }
        window.inject(live.sorted { $0.key < $1.key }.map { sample($0.key, .ended, $0.value.x, $0.value.y) })
        for _ in 0..<4 {
            clock.advance(by: 1)
            UIApplication.shared.runPendingTimers()
        }

        var failures = ledger.failures
        failures += ledger.unfinishedTouches()
        if UIGestureRecognizer.illegalTransitionCount != 0 {
            failures.append("\(UIGestureRecognizer.illegalTransitionCount) illegal transition(s)")
        }
        failures += Self.checkTransitions(GestureTrace.entries)
        for recognizer in recognizers where recognizer.state != .possible {
            failures.append("\(recognizer.traceName) left \(recognizer.state)")
        }
        window.isHidden = true
        return failures
    }

    private func makeViews(in window: UIWindow, ledger: Ledger, _ random: inout SplitMix64) -> [UIView] {
        var views: [UIView] = []
        for _ in 0..<random.int(in: 1...5) {
            let parent: UIView = views.isEmpty || random.chance(0.4) ? window : views.randomElement(using: &random)!
            let frame = CGRect(x: random.double(in: -20...200), y: random.double(in: -20...300),
                               width: random.double(in: 40...300), height: random.double(in: 40...300))
            let view = LedgerView(frame: frame, ledger: ledger)
            ledger.views.append(view)
            view.isMultipleTouchEnabled = random.chance(0.6)
            view.isExclusiveTouch = random.chance(0.1)
            parent.addSubview(view)
            views.append(view)
        }
        return views
    }

    private func attachRecognizers(to views: [UIView], ledger: Ledger, _ random: inout SplitMix64) -> [UIGestureRecognizer] {
        var all: [UIGestureRecognizer] = []
        for view in views {
            for _ in 0..<random.int(in: 0...3) {
                let recognizer = makeRecognizer(ledger: ledger, &random)
                recognizer.cancelsTouchesInView = random.chance(0.8)
                recognizer.delaysTouchesBegan = random.chance(0.2)
                recognizer.delaysTouchesEnded = random.chance(0.8)
                view.addGestureRecognizer(recognizer)
                all.append(recognizer)
            }
        }
        for recognizer in all where random.chance(0.2) {
            if let other = all.randomElement(using: &random), other !== recognizer { recognizer.require(toFail: other) }
        }
        let delegate = RandomDelegate(seed: random.next())
        for recognizer in all where random.chance(0.3) { recognizer.delegate = delegate }
        ledger.delegates.append(delegate)
        return all
    }

    /// A scripted random recognizer half the time, otherwise a built-in with random
    /// settings; every action is checked against the state it reports.
    private func makeRecognizer(ledger: Ledger, _ random: inout SplitMix64) -> UIGestureRecognizer {
        let recognizer: UIGestureRecognizer
        switch random.int(in: 0...11) {
        case 0:
            let tap = UITapGestureRecognizer()
            tap.numberOfTapsRequired = random.int(in: 1...3)
            tap.numberOfTouchesRequired = random.int(in: 1...2)
            recognizer = tap
        case 1:
            let pan = UIPanGestureRecognizer()
            pan.minimumNumberOfTouches = random.int(in: 1...2)
            pan.maximumNumberOfTouches = random.int(in: pan.minimumNumberOfTouches...3)
            recognizer = pan
        case 2:
            let press = UILongPressGestureRecognizer()
            press.minimumPressDuration = random.double(in: 0...0.8)
            press.numberOfTapsRequired = random.int(in: 0...1)
            recognizer = press
        case 3:
            let swipe = UISwipeGestureRecognizer()
            swipe.direction = UISwipeGestureRecognizer.Direction(rawValue: UInt(random.int(in: 1...15)))
            recognizer = swipe
        case 4: recognizer = UIPinchGestureRecognizer()
        case 5: recognizer = UIRotationGestureRecognizer()
        default: return RandomRecognizer(seed: random.next(), ledger: ledger)
        }
        // Where in the trace its last gesture finished: a later action needs a reset since.
        var finishedAt: Int?
        recognizer.addAction { [ledger] recognizer in
            if let index = finishedAt {
                let resetSince = GestureTrace.entries[index...].contains {
                    $0.kind == .reset && $0.recognizerSerial == recognizer.serialNumber
                }
                if !resetSince { ledger.failures.append("\(recognizer.traceName): action \(recognizer.state) after it finished") }
                finishedAt = nil
            }
            if recognizer.state == .failed || recognizer.state == .possible {
                ledger.failures.append("\(recognizer.traceName): action in \(recognizer.state)")
            }
            if recognizer.state.isTerminal { finishedAt = GestureTrace.entries.count }
        }
        return recognizer
    }

    /// Committed transitions per recognizer must follow the state machine, with a
    /// reset back to possible between gestures.
    private static func checkTransitions(_ entries: [GestureTrace.Entry]) -> [String] {
        var current: [UInt64: UIGestureRecognizer.State] = [:]
        var failures: [String] = []
        for entry in entries {
            let from = current[entry.recognizerSerial] ?? .possible
            switch entry.kind {
            case .transition:
                guard let to = entry.state else { continue }
                if !from.allowsTransition(to: to) {
                    failures.append("\(entry.recognizer): \(from) → \(to)")
                }
                current[entry.recognizerSerial] = to
            case .reset:
                if !from.isTerminal { failures.append("\(entry.recognizer) reset from \(from)") }
                current[entry.recognizerSerial] = .possible
            default:
                break
            }
        }
        return failures
    }
}

// MARK: - Recording

/// What views and recognizers were told, and the invariants broken on the way.
@MainActor
private final class Ledger {
    enum ViewTouchState { case began, ended }
    var viewTouches: [ObjectIdentifier: [UInt32: ViewTouchState]] = [:]
    var failures: [String] = []
    var delegates: [RandomDelegate] = []
    /// Keeps the views alive, so their identifiers are not reused within a sequence.
    var views: [UIView] = []

    func view(_ view: UIView, got phase: String, _ touches: Set<UITouch>) {
        var states = viewTouches[ObjectIdentifier(view), default: [:]]
        for touch in touches {
            guard touch.view === view else { continue }  // passed up the chain: not this view's
            let key = touch.sampleID.number  // unique within a sequence
            let state = states[key]
            switch (phase, state) {
            case ("began", nil): states[key] = .began
            case ("moved", .began?): break
            case ("ended", .began?), ("cancelled", .began?): states[key] = .ended
            default: failures.append("view got \(phase) for \(touch.sampleID) in state \(String(describing: state))")
            }
        }
        viewTouches[ObjectIdentifier(view)] = states
    }

    func unfinishedTouches() -> [String] {
        viewTouches.values.flatMap { $0.values }.filter { $0 == .began }.map { _ in "a view's touch never ended" }
    }
}

@MainActor
private final class LedgerView: UIView {
    let ledger: Ledger
    init(frame: CGRect, ledger: Ledger) {
        self.ledger = ledger
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { fatalError("not used") }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { ledger.view(self, got: "began", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { ledger.view(self, got: "moved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { ledger.view(self, got: "ended", touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { ledger.view(self, got: "cancelled", touches) }
}

/// A recognizer that, at each call, may recognize, change, end, fail or ignore a touch
/// at random, and always decides once its touches are all gone (a well-behaved
/// recognizer fails or ends then).
@MainActor
private final class RandomRecognizer: UIGestureRecognizer {
    var random: SplitMix64
    let ledger: Ledger
    let isDiscrete: Bool
    var failedOrDone = false

    init(seed: UInt64, ledger: Ledger) {
        random = SplitMix64(seed: seed)
        self.ledger = ledger
        isDiscrete = random.chance(0.5)
        super.init()
        addAction { [ledger] recognizer in
            let me = recognizer as! RandomRecognizer
            if me.failedOrDone { ledger.failures.append("\(me.traceName): action \(me.state) after it finished") }
            if me.state == .failed || me.state == .possible { ledger.failures.append("\(me.traceName): action in \(me.state)") }
            if me.state.isTerminal { me.failedOrDone = true }
        }
    }

    private func check(_ phase: String) {
        if state.isTerminal || failedOrDone { ledger.failures.append("\(traceName) got \(phase) in \(state)") }
    }

    private func act(_ touches: Set<UITouch>, event: UIEvent) {
        switch random.int(in: 0...9) {
        case 0:
            if state == .possible { state = isDiscrete ? .recognized : .began }
        case 1:
            if state == .possible { state = .failed; failedOrDone = true }
        case 2, 3:
            if state == .began || state == .changed { state = .changed }
        case 4:
            // Well behaved: it keeps at least one touch to end on (even while possible, a
            // recognition it asked for may be held back and applied later).
            if let touch = touches.first, random.chance(0.3), activeTouches.count > 1 {
                ignore(touch, for: event)
            }
        default:
            break
        }
    }

    private func decideIfAlone() {
        guard activeTouches.allSatisfy({ $0.phase == .ended || $0.phase == .cancelled }) else { return }
        switch state {
        case .possible: state = random.chance(0.5) ? .failed : .recognized
        case .began, .changed: state = .ended
        default: break
        }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        check("began")
        act(touches, event: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        check("moved")
        act(touches, event: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        check("ended")
        act(touches, event: event)
        decideIfAlone()
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        check("cancelled")
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    override func reset() {
        super.reset()
        failedOrDone = false
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        random.chance(0.85)
    }
}

/// A delegate that answers at random (seeded), but the same way for the same pair.
@MainActor
private final class RandomDelegate: UIGestureRecognizerDelegate {
    let seed: UInt64
    init(seed: UInt64) { self.seed = seed }

    private func coin(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer?, salt: UInt64, _ p: Double) -> Bool {
        var mix = SplitMix64(seed: seed ^ a.serialNumber &* 31 ^ (b?.serialNumber ?? 7) &* 1_009 ^ salt)
        return mix.chance(p)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        !coin(gestureRecognizer, nil, salt: 1, 0.15)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        !coin(gestureRecognizer, nil, salt: UInt64(touch.sampleID.number), 0.15)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        coin(gestureRecognizer, otherGestureRecognizer, salt: 3, 0.3)
    }
}

/// A small, fast, seeded generator (SplitMix64), so each failing sequence can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    mutating func double(in range: ClosedRange<Double>) -> CGFloat {
        CGFloat(Double.random(in: range, using: &self))
    }
}
