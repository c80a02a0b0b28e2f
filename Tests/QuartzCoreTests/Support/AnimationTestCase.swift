import QuartzCore
import TouchTestSupport
import XCTest

/// The setting of animation tests: a manual clock at t = 10 s installed as the media
/// clock, a fresh engine (`TestApplication`), and debug lines kept in
/// memory. Async methods: XCTest on Linux cannot call sync main-actor test methods.
@MainActor
class AnimationTestCase: XCTestCase {
    var clock: ManualClock!

    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 10)
        QuartzCoreDebug.isLoggingEnabled = true
        QuartzCoreDebug.echoesToStandardError = false
        QuartzCoreDebug.clearLoggedLines()
    }

    override func tearDown() async throws {
        TestApplication.end()
        QuartzCoreDebug.isLoggingEnabled = false
    }

    /// Moves the clock to `time` and runs one frame tick.
    func tick(at time: CFTimeInterval) {
        clock.now = time
        CAAnimationEngine.current.tick()
    }

    /// Roots of the trees made by `attachedLayer()`, kept for the test's length (a
    /// layer holds its superlayer weakly).
    private var roots: [CALayer] = []

    /// A layer in a tree (under a root the test keeps), so implicit animations apply.
    func attachedLayer() -> (root: CALayer, layer: CALayer) {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        roots.append(root)
        return (root, layer)
    }
}

/// One ordered record shared by many animation delegates, as `name.start` and
/// `name.stop(true)`.
@MainActor
final class DelegateLog {
    var lines: [String] = []

    /// A new delegate that records under `name`.
    func delegate(_ name: String) -> NamedDelegate {
        NamedDelegate(name, log: self)
    }

    /// Returns the lines so far and starts afresh.
    func flush() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}

@MainActor
final class NamedDelegate: CAAnimationDelegate {
    let name: String
    let log: DelegateLog

    init(_ name: String, log: DelegateLog) {
        self.name = name
        self.log = log
    }

    func animationDidStart(_ anim: CAAnimation) {
        log.lines.append("\(name).start")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.lines.append("\(name).stop(\(flag))")
    }
}

