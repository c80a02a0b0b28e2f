import Foundation
import UIKit

/// Random multitouch sequences against the UIKit core on a manual clock, each checked
/// against the promises of `UIWindow.inject(_:)` and the delivery rules:
///
/// - every view told of a touch beginning is told of exactly one end (ended or
///   cancelled) for it and of nothing after (`TouchLedger`);
/// - once the fingers are up and the timers have run, every recognizer is `possible`,
///   no control is tracking and no touch is live;
/// - no recognizer made an illegal transition;
/// - once the scenario is taken down, no touch, view, recognizer or window outlives it
///   (weak references, not memory figures).
///
/// A sequence is a pure function of its seed. A failing one is shortened (delta
/// debugging over its steps) to a minimal reproduction that still fails.
@MainActor
public final class TouchFuzzer {
    /// A scene the fuzzer may play on besides random trees (the sandbox's gallery).
    public struct SceneSource {
        public var name: String
        public var make: @MainActor () -> UIViewController

        public init(name: String, make: @escaping @MainActor () -> UIViewController) {
            self.name = name
            self.make = make
        }
    }

    /// One failing sequence, shortened.
    public struct Failure: CustomStringConvertible {
        public let seed: UInt64
        public let scenario: String
        public let violations: [String]
        public let steps: [FuzzStep]
        public let originalStepCount: Int

        public var description: String {
            var lines = ["seed \(seed) (\(scenario)) fails:"]
            lines += violations.prefix(10).map { "  - \($0)" }
            lines.append("minimal reproduction, \(steps.count) of \(originalStepCount) steps "
                + "(touch-sandbox-fuzz --seed \(seed) --replay rebuilds the scenario):")
            lines += steps.map { "  \($0)" }
            return lines.joined(separator: "\n")
        }
    }

    /// What a run did.
    public struct Report {
        public var sequences = 0
        public var steps = 0
        public var samples = 0
        public var viewMessages = 0
        public var seconds: TimeInterval = 0
        public var failures: [Failure] = []

        public var sequencesPerSecond: Double { seconds > 0 ? Double(sequences) / seconds : 0 }
    }

    public var stepsPerSequence = 60
    /// The share of sequences played on a supplied scene rather than a random tree.
    public var sceneShare = 0.3
    public var scenes: [SceneSource] = []
    /// How many re-runs a failure's shortening may use.
    public var shrinkBudget = 400

    public init() {}

    /// Runs sequences with seeds `firstSeed`, `firstSeed + 1`, … until `duration` has
    /// passed or `maximumSequences` ran, stopping at the first failure (shortened).
    /// `progress` is called about once a second.
    /// `onSequence` is told each seed before it plays (a crash reporter keeps it).
    public func run(firstSeed: UInt64, duration: TimeInterval, maximumSequences: Int = .max,
                    onSequence: ((UInt64) -> Void)? = nil, progress: ((Report) -> Void)? = nil) -> Report {
        var report = Report()
        let start = Date()
        var lastProgress = start
        var seed = firstSeed
        while report.sequences < maximumSequences {
            onSequence?(seed)
            let outcome = play(seed: seed, steps: nil)
            report.sequences += 1
            report.steps += outcome.steps.count
            report.samples += outcome.sampleCount
            report.viewMessages += outcome.viewMessages
            if !outcome.violations.isEmpty {
                report.failures.append(shrink(seed: seed, outcome: outcome))
                break
            }
            seed &+= 1
            let now = Date()
            report.seconds = now.timeIntervalSince(start)
            if report.seconds >= duration { break }
            if now.timeIntervalSince(lastProgress) >= 1 {
                lastProgress = now
                progress?(report)
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// Plays one seed (with its own steps, or `steps` for a shortened replay) and
    /// returns what it broke.
    public func violations(seed: UInt64, steps: [FuzzStep]? = nil) -> [String] {
        play(seed: seed, steps: steps).violations
    }

    /// The seed's scenario and steps, one per line, as a reproduction shows them.
    public func describe(seed: UInt64) -> String {
        let outcome = play(seed: seed, steps: nil)
        return (["seed \(seed): \(outcome.scenario)"] + outcome.steps.map { "  \($0)" }).joined(separator: "\n")
    }

    // MARK: - One sequence

    private struct Outcome {
        var scenario = ""
        var steps: [FuzzStep] = []
        var sampleCount = 0
        var viewMessages = 0
        var violations: [String] = []
    }

    private func play(seed: UInt64, steps givenSteps: [FuzzStep]?) -> Outcome {
        // Each sequence runs in an application of its own, on its own clock, current
        // while it plays.
        let clock = ManualClock(now: FuzzProgram.startTime)
        let application = UIApplication()
        application.clock = clock
        let outer = UIApplication.shared
        application.makeCurrent()
        defer {
            // Its windows hold it: hidden, they let it go.
            for window in application.visibleWindows { window.isHidden = true }
            outer.makeCurrent()
        }
        let ledger = TouchLedger()
        UIKitDebug.touchMessageObserver = { view, phase, touches in ledger.observe(view, phase, touches) }
        defer { UIKitDebug.touchMessageObserver = nil }

        var outcome = Outcome()
        var lifetimes = Lifetimes()
        do {
            let scenario = makeScenario(seed: seed)
            outcome.scenario = scenario.summary
            outcome.steps = givenSteps ?? FuzzProgram.steps(
                seed: seed, count: stepsPerSequence, viewCount: scenario.views.count, recognizerCount: scenario.recognizers.count)
            for step in outcome.steps {
                if case .inject(let batch) = step { outcome.sampleCount += batch.count }
                perform(step, on: scenario, clock: clock)
            }
            settle(scenario, clock: clock)
            outcome.violations += ledger.openPairs()
            outcome.violations += ledger.violations
            for (index, recognizer) in scenario.recognizers.enumerated() where recognizer.state != .possible {
                outcome.violations.append("recognizers[\(index)] \(type(of: recognizer)) stuck in \(recognizer.state) after every finger lifted")
            }
            for (index, view) in scenario.views.enumerated() {
                if let control = view as? UIControl, control.isTracking {
                    outcome.violations.append("views[\(index)] \(type(of: control)) still tracking after every finger lifted")
                }
            }
            let live = scenario.window.activeTouches
            if !live.isEmpty { outcome.violations.append("\(live.count) touch(es) still live after every finger lifted") }
            if UIGestureRecognizer.illegalTransitionCount > 0 {
                outcome.violations.append("\(UIGestureRecognizer.illegalTransitionCount) illegal recognizer transition(s)")
            }
            scenario.tearDown()
            lifetimes.watch(scenario)
        }
        // Animations still running on layers of the scenario finish, then everything goes.
        clock.advance(by: 10)
        CAAnimationEngine.current.tick()
        UIApplication.shared.runPendingTimers()
        outcome.viewMessages = ledger.messageCount
        outcome.violations += lifetimes.survivors()
        outcome.violations += ledger.touchesSeen.filter { $0.touch != nil }.prefix(3).map { "touch \($0.touch!.sampleID) outlived its scenario" }
        return outcome
    }

    private func makeScenario(seed: UInt64) -> FuzzScenario {
        var random = SplitMix64(seed: seed).derived(3)
        if !scenes.isEmpty, random.chance(sceneShare) {
            let source = scenes.randomElement(using: &random)!
            return FuzzScenario(scene: source.make(), named: source.name)
        }
        return FuzzScenario(randomTreeFrom: seed)
    }

    private func perform(_ step: FuzzStep, on scenario: FuzzScenario, clock: ManualClock) {
        let views = scenario.views
        let recognizers = scenario.recognizers
        func view(_ index: Int) -> UIView? { views.isEmpty ? nil : views[index % views.count] }
        func recognizer(_ index: Int) -> UIGestureRecognizer? { recognizers.isEmpty ? nil : recognizers[index % recognizers.count] }
        switch step {
        case .inject(let batch):
            scenario.window.inject(batch)
        case .advance(let seconds):
            clock.advance(by: seconds)
            UIApplication.shared.runPendingTimers()
            CAAnimationEngine.current.tick()
        case .cancelAllTouches:
            UIApplication.shared.cancelAllTouches()
        case .cancelDevice(let device):
            UIApplication.shared.cancelTouches(fromDevice: device)
        case .removeView(let index):
            view(index)?.removeFromSuperview()
        case .moveView(let index, let parent):
            guard scenario.allowsReparenting, let child = view(index), let parent = view(parent) else { return }
            // Under its own descendant would be a cycle, which UIKit refuses with a log.
            parent.addSubview(child)
            if child.window == nil, parent.window == nil { scenario.window.addSubview(child) }
        case .setHidden(let index, let hidden):
            view(index)?.isHidden = hidden
        case .setUserInteractionEnabled(let index, let enabled):
            view(index)?.isUserInteractionEnabled = enabled
        case .setRecognizerEnabled(let index, let enabled):
            recognizer(index)?.isEnabled = enabled
        case .detachRecognizer(let index):
            guard let recognizer = recognizer(index) else { return }
            recognizer.view?.removeGestureRecognizer(recognizer)
        case .attachRecognizer(let index, let target):
            guard let recognizer = recognizer(index), let target = view(target) else { return }
            target.addGestureRecognizer(recognizer)
        case .animateView(let index, let dx, let dy, let duration):
            guard let animated = view(index) else { return }
            UIView.animate(withDuration: duration) {
                animated.center = CGPoint(x: animated.center.x + dx, y: animated.center.y + dy)
            }
        case .beginIgnoringInteractionEvents:
            UIApplication.shared.beginIgnoringInteractionEvents()
        case .endIgnoringInteractionEvents:
            UIApplication.shared.endIgnoringInteractionEvents()
        case .freezeTime:
            UIApplication.shared.freezeTime()
        case .resumeTime:
            UIApplication.shared.resumeTime()
        case .stepTime(let frames):
            UIApplication.shared.stepTime(frames: frames)
            UIApplication.shared.runPendingTimers()
            CAAnimationEngine.current.tick()
        case .setTimeSpeed(let speed):
            UIApplication.shared.timeSpeed = speed
        }
    }

    /// Every finger lifts where it is, interaction is accepted again, and the clock runs
    /// past every recognizer timer (the longest, the undecided-gesture timeout, is 1 s).
    private func settle(_ scenario: FuzzScenario, clock: ManualClock) {
        while UIApplication.shared.isIgnoringInteractionEvents { UIApplication.shared.endIgnoringInteractionEvents() }
        // A frozen or slowed app's timers come only once its time runs: the person at
        // the debug layer resumes it.
        UIApplication.shared.resumeTime()
        UIApplication.shared.timeSpeed = 1
        let lifts = scenario.window.activeTouches.map { touch in
            TouchSample(id: touch.sampleID, phase: .ended, location: touch.location(in: nil), timestamp: clock.now)
        }
        if !lifts.isEmpty { scenario.window.inject(lifts) }
        for _ in 0..<8 {
            clock.advance(by: 0.5)
            UIApplication.shared.runPendingTimers()
            CAAnimationEngine.current.tick()
        }
    }

    // MARK: - Shortening

    /// Delta debugging over the steps: drops chunks, then single steps, keeping any
    /// removal after which the sequence still fails.
    private func shrink(seed: UInt64, outcome: Outcome) -> Failure {
        var steps = outcome.steps
        var violations = outcome.violations
        var budget = shrinkBudget
        var chunk = max(1, steps.count / 2)
        while chunk >= 1, budget > 0 {
            var index = 0
            var removedAny = false
            while index < steps.count, budget > 0 {
                var candidate = steps
                candidate.removeSubrange(index..<min(index + chunk, steps.count))
                budget -= 1
                let result = play(seed: seed, steps: candidate)
                if !result.violations.isEmpty {
                    steps = candidate
                    violations = result.violations
                    removedAny = true
                } else {
                    index += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return Failure(seed: seed, scenario: outcome.scenario, violations: violations, steps: steps,
                       originalStepCount: outcome.steps.count)
    }
}

/// Weak references to everything a scenario made, to check that it all went.
@MainActor
private struct Lifetimes {
    private struct Watched {
        weak var object: AnyObject?
        let name: String
    }

    private var watched: [Watched] = []

    mutating func watch(_ scenario: FuzzScenario) {
        watched.append(Watched(object: scenario.window, name: "the window"))
        for (index, view) in scenario.views.enumerated() {
            watched.append(Watched(object: view, name: "views[\(index)] \(type(of: view))"))
        }
        for (index, recognizer) in scenario.recognizers.enumerated() {
            watched.append(Watched(object: recognizer, name: "recognizers[\(index)] \(type(of: recognizer))"))
        }
    }

    func survivors() -> [String] {
        watched.filter { $0.object != nil }.prefix(5).map { "\($0.name) outlived its scenario" }
    }
}
