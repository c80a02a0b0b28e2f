import Foundation
import SandboxDebugging
import UIKit

/// The UIKit core's hot paths, without a display: hit-testing big view trees and
/// dispatching one moved touch. Each operation is repeated and timed as a whole (ns per
/// operation), and counted with callgrind when valgrind is installed (instructions per
/// operation, from the difference of two runs, so set-up cost cancels out).
@MainActor
enum CoreBenchmarks {
    /// An operation, ready to run many times.
    struct Operation {
        var name: String
        var detail: String
        var run: @MainActor () -> Void
    }

    /// 10,000 sibling views of 8×8 points in a grid; the probed point is in the first
    /// (back-most) one, so hit-testing visits every sibling before finding it.
    static func flatHitTest() -> Operation {
        let window = flatTree()
        let target = window.subviews[0]
        let point = CGPoint(x: 4, y: 4)
        precondition(window.hitTest(point, with: nil) === target, "the flat benchmark must hit the back-most view")
        return Operation(name: "hit-test, 10,000 views flat", detail: "point in the back-most of 10,000 siblings") {
            _ = window.hitTest(point, with: nil)
        }
    }

    /// A shown window of 10,000 sibling views of 8×8 points in a 100 × 100 grid.
    private static func flatTree() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        window.isHidden = false
        for index in 0..<10_000 {
            window.addSubview(UIView(frame: CGRect(x: CGFloat(index % 100) * 10, y: CGFloat(index / 100) * 10, width: 8, height: 8)))
        }
        return window
    }

    /// The flat tree's hit-test explained (`UIKitDebug.explainHitTest`): the Why tool's
    /// cost for a new touch, against `flatHitTest`'s.
    static func explainedFlatHitTest() -> Operation {
        let window = flatTree()
        let target = window.subviews[0]
        let point = CGPoint(x: 4, y: 4)
        precondition(UIKitDebug.explainHitTest(at: point, in: window).hitView === target, "the explanation must find the back-most view")
        return Operation(name: "hit-test explained, 10,000 views flat", detail: "the flat tree's walk, every step recorded") {
            _ = UIKitDebug.explainHitTest(at: point, in: window)
        }
    }

    /// 1,000 chains of 10 nested views (10,000 views), each level translated, rotated
    /// and scaled; the probed point is in the deepest view of the back-most chain.
    static func deepHitTest() -> Operation {
        let (window, deepest) = deepTree()
        let point = deepest.convert(CGPoint(x: deepest.bounds.midX, y: deepest.bounds.midY), to: window)
        precondition(window.hitTest(point, with: nil) === deepest, "the deep benchmark must hit the deepest view")
        return Operation(name: "hit-test, 10,000 views 10 deep", detail: "1,000 chains of 10 transformed views") {
            _ = window.hitTest(point, with: nil)
        }
    }

    /// A shown window of 1,000 chains of 10 nested, transformed views, and the deepest
    /// view of the back-most chain.
    private static func deepTree() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        window.isHidden = false
        var deepest: UIView?
        for chain in 0..<1_000 {
            var parent: UIView = window
            for level in 0..<10 {
                let side = 28 - CGFloat(level) * 2
                let view = UIView(frame: CGRect(x: 1, y: 1, width: side, height: side))
                if level == 0 {
                    // A 32 × 32 grid of chains 31 points apart: no two chains overlap.
                    view.center = CGPoint(x: 16 + CGFloat(chain % 32) * 31, y: 16 + CGFloat(chain / 32) * 31)
                }
                view.transform = CGAffineTransform(rotationAngle: 0.01).scaledBy(x: 1.001, y: 0.999)
                parent.addSubview(view)
                parent = view
            }
            if chain == 0 { deepest = parent }
        }
        guard let deepest else { fatalError("no chains") }
        return (window, deepest)
    }

    /// A finger landing on the 10,000-view tree (flat, or 10 deep) and lifting, routed
    /// from the screen as the run loop routes it, with the Why tool off or on: on, the
    /// routing explains the walk and the tool makes what it draws and lists of it
    /// (`WhyWalk`), as the debug layer does for every new finger.
    static func newTouchOnBigTree(deep: Bool, why: Bool) -> Operation {
        let (window, target): (UIWindow, UIView) = deep ? deepTree() : { let flat = flatTree(); return (flat, flat.subviews[0]) }()
        window.makeKeyAndVisible()
        let point = target.convert(CGPoint(x: target.bounds.midX, y: target.bounds.midY), to: window)
        var walks = 0
        // Set or cleared for this operation: the table runs every key in one process.
        UIKitDebug.setHitTestObserver(nil, in: UIApplication.shared)
        if why {
            UIKitDebug.setHitTestObserver({ [weak window, weak target] explanation, sample in
                guard let window, let target else { return }
                precondition(explanation.hitView === target, "the explained walk must find the target")
                walks += WhyWalk(explanation, touchID: sample.id, over: window).marks.count
            }, in: UIApplication.shared)
        }
        let routing = ScreenTouchRouting()
        let id = TouchSample.ID(device: 1, number: 1)
        var time = CACurrentMediaTime()
        let tree = deep ? "10,000 views 10 deep" : "10,000 views flat"
        return Operation(name: "a new touch on \(tree), routed", detail: why ? "the Why tool on" : "the Why tool off") {
            time += 0.001
            for phase in [TouchSample.Phase.began, .ended] {
                let batch = [TouchSample(id: id, phase: phase, location: point, timestamp: time)]
                for run in routing.route(batch, windows: UIApplication.shared.visibleWindows) { run.deliver() }
            }
            precondition(!why || walks > 0, "the tool must have made a walk")
        }
    }

    /// One finger down on a view; each operation is one batch with that finger moved.
    static func movedTouch() -> Operation {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        let id = TouchSample.ID(device: 1, number: 1)
        var time: TimeInterval = 1
        window.inject([TouchSample(id: id, phase: .began, location: CGPoint(x: 10, y: 10), timestamp: time)])
        var x: CGFloat = 10
        return Operation(name: "dispatch of one moved touch", detail: "one view, no recognizers") {
            x = x == 10 ? 11 : 10
            time += 0.001
            window.inject([TouchSample(id: id, phase: .moved, location: CGPoint(x: x, y: 10), timestamp: time)])
        }
    }

    /// One paced frame of the real run loop with one view animating: the turn's timers,
    /// its frame decision on the grid, the animation tick, layout, and a presenter that
    /// draws nothing; each operation moves a manual clock one refresh on and runs the
    /// wake the loop asked for. What the app clock's conversions cost a frame.
    static func frameTurn() -> Operation {
        let clock = ManualClock(now: 1000)
        UIApplication.shared.clock = clock
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.addSubview(view)
        window.makeKeyAndVisible()
        let scheduler = ManualRunLoopScheduler(clock: clock)
        let runLoop = ApplicationRunLoop(scheduler: scheduler)
        let presenter = SixtyHertzPresenter()
        runLoop.presenter = presenter
        UIView.animate(withDuration: 1e6, animations: { view.center.x = 300 })
        return Operation(name: "one paced frame of the run loop", detail: "one view animating, nothing drawn") {
            _ = presenter
            clock.advance(by: 1.0 / 60)
            scheduler.runDue()
            precondition(runLoop.frameCount > 0, "the loop must present frames")
        }
    }

    /// A presenter at 60 Hz that always has damage and draws nothing.
    private final class SixtyHertzPresenter: RunLoopPresenter {
        var framePacingInterval: TimeInterval? { 1.0 / 60 }
        var needsPresent: Bool { true }
        func present(_ windows: [UIWindow], showingInput: Bool) -> Bool { true }
    }

    /// One finger down on a view whose swarm holds 10 recognizers (on the view and two
    /// ancestors), all still possible; each operation is one batch with that finger
    /// moved by a point, which every recognizer receives and none acts on.
    static func movedTouchWithRecognizers() -> Operation {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let outer = UIView(frame: window.bounds)
        let middle = UIView(frame: outer.bounds)
        let view = TouchKeepingView(frame: middle.bounds)
        window.addSubview(outer)
        outer.addSubview(middle)
        middle.addSubview(view)
        window.makeKeyAndVisible()
        let recognizers = SwarmOfTen.make()
        for (index, recognizer) in recognizers.enumerated() {
            [view, view, view, view, middle, middle, middle, outer, outer, outer][index].addGestureRecognizer(recognizer)
        }
        let id = TouchSample.ID(device: 1, number: 1)
        // Every sample at the time the finger lands (a long press judges its time from
        // the media clock, and timers are never pumped here).
        let time = CACurrentMediaTime()
        window.inject([TouchSample(id: id, phase: .began, location: CGPoint(x: 100, y: 100), timestamp: time)])
        guard let touch = view.touch else { fatalError("the view must get the touch") }
        precondition(touch.gestureRecognizers?.count == 10, "all 10 recognizers must hold the touch")
        var x: CGFloat = 100
        return Operation(name: "dispatch of one moved touch, 10 recognizers", detail: SwarmOfTen.description) {
            x = x == 100 ? 101 : 100
            window.inject([TouchSample(id: id, phase: .moved, location: CGPoint(x: x, y: 100), timestamp: time)])
            precondition(touch.gestureRecognizers?.count == 10, "the swarm must stay whole")
        }
    }

    /// A window of 1,000 views in a grid, under an overlay window in front of it that
    /// lets touches through (as the debug layer's) when `overlay`; each operation is a
    /// finger landing on a view and lifting, in screen coordinates, routed to its window
    /// as the run loop routes it (`ScreenTouchRouting`).
    static func newTouchRouted(overlay: Bool) -> Operation {
        let frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let window = UIWindow(frame: frame)
        for index in 0..<1_000 {
            window.addSubview(UIView(frame: CGRect(x: CGFloat(index % 40) * 10, y: CGFloat(index / 40) * 10, width: 8, height: 8)))
        }
        window.makeKeyAndVisible()
        if overlay {
            let front = PassThroughWindow(frame: frame)
            front.windowLevel = .statusBar
            front.isHidden = false
        }
        let routing = ScreenTouchRouting()
        let id = TouchSample.ID(device: 1, number: 1)
        let point = CGPoint(x: 4, y: 4)
        var time = CACurrentMediaTime()
        let detail = overlay ? "1,000 views under a pass-through overlay window" : "1,000 views, one window"
        return Operation(name: "a new touch routed from the screen, landing and lifting", detail: detail) {
            time += 0.001
            for phase in [TouchSample.Phase.began, .ended] {
                let batch = [TouchSample(id: id, phase: phase, location: point, timestamp: time)]
                for run in routing.route(batch, windows: UIApplication.shared.visibleWindows) { run.deliver() }
            }
        }
    }

    static let all: [String: @MainActor () -> Operation] = [
        "hit-test-flat": flatHitTest, "hit-test-deep": deepHitTest, "hit-test-flat-explained": explainedFlatHitTest,
        "moved-touch": movedTouch,
        "frame-turn": frameTurn,
        "moved-touch-recognizers": movedTouchWithRecognizers,
        "new-touch-routed": { newTouchRouted(overlay: false) },
        "new-touch-routed-overlay": { newTouchRouted(overlay: true) },
        "new-touch-flat": { newTouchOnBigTree(deep: false, why: false) },
        "new-touch-flat-why": { newTouchOnBigTree(deep: false, why: true) },
        "new-touch-deep": { newTouchOnBigTree(deep: true, why: false) },
        "new-touch-deep-why": { newTouchOnBigTree(deep: true, why: true) },
    ]
    static let order = ["hit-test-flat", "hit-test-flat-explained", "hit-test-deep", "moved-touch", "moved-touch-recognizers", "frame-turn", "new-touch-routed",
                        "new-touch-routed-overlay", "new-touch-flat", "new-touch-flat-why", "new-touch-deep", "new-touch-deep-why"]

    /// Nanoseconds per operation: the best of five timed rounds of `count`.
    static func nanoseconds(_ operation: Operation, count: Int) -> Double {
        for _ in 0..<min(count, 100) { operation.run() }
        var best = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<count { operation.run() }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
        }
        return best
    }

    /// Instructions per operation under callgrind, or nil without valgrind.
    static func instructions(_ key: String, executable: URL) -> Double? {
        callgrindInstructionsPerRun("core-op", key, few: 100, many: 1_100, executable: executable)
    }

    /// Prints the table of every core benchmark.
    static func printTable(executable: URL) {
        print("| operation | set-up | ns / op | instructions / op |")
        print("|---|---|---|---|")
        for key in order {
            guard let make = all[key] else { continue }
            let operation = make()
            let count = key.hasPrefix("moved-touch") ? 200_000 : 2_000
            let ns = nanoseconds(operation, count: count)
            let instructions = instructions(key, executable: executable).map { String(format: "%.0f", $0) } ?? "n/a"
            print(String(format: "| %@ | %@ | %.0f | %@ |", operation.name, operation.detail, ns, instructions))
        }
    }

    /// Runs one operation `count` times after its set-up (for callgrind).
    static func runOnly(_ key: String, count: Int) {
        guard let make = all[key] else { fail("unknown core operation \(key)") }
        let operation = make()
        for _ in 0..<count { operation.run() }
    }
}

/// The ten recognizers of the swarm benchmark: the six built-ins, with a second tap,
/// pan, long press and swipe configured differently. A finger moving a point back and
/// forth at a fixed time keeps each of them possible (inside every slop, no timeout).
@MainActor
enum SwarmOfTen {
    static let description = "the 6 built-ins and 4 variants, all possible"

    static func make() -> [UIGestureRecognizer] {
        let doubleTap = UITapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        let twoFingerPan = UIPanGestureRecognizer()
        twoFingerPan.maximumNumberOfTouches = 2
        let quickPress = UILongPressGestureRecognizer()
        quickPress.minimumPressDuration = 0.2
        let verticalSwipe = UISwipeGestureRecognizer()
        verticalSwipe.direction = [.up, .down]
        return [
            UITapGestureRecognizer(), doubleTap, UIPanGestureRecognizer(), twoFingerPan, UILongPressGestureRecognizer(),
            quickPress, UISwipeGestureRecognizer(), verticalSwipe, UIPinchGestureRecognizer(), UIRotationGestureRecognizer(),
        ]
    }
}

/// A view that keeps the first touch it is told about.
@MainActor
private final class TouchKeepingView: UIView {
    var touch: UITouch?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if touch == nil { touch = touches.first }
    }
}

/// A window that is never the hit view itself, as an overlay window is written.
private final class PassThroughWindow: UIWindow {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}
