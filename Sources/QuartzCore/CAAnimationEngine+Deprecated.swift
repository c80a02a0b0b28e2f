// The engine's statics from before an application owned its engine (0.9), kept for one
// minor version as forwards to the current engine (`CAAnimationEngine.current`): code
// that ticks, slows or reads the time of the one process-wide engine keeps compiling,
// with a warning that names the replacement.

extension CAAnimationEngine {
    @available(*, deprecated, message: "use the engine of your application (UIApplication.animationEngine) or CAAnimationEngine.current")
    public static var frameInterval: CFTimeInterval {
        get { current.frameInterval }
        set { current.frameInterval = newValue }
    }

    @available(*, deprecated, message: "use CAAnimationEngine.current.needsFrames, or the needsFrames of your application's engine")
    public static var needsFrames: Bool { current.needsFrames }

    @available(*, deprecated, message: "each engine has its own onWork; an ApplicationRunLoop sets its application's")
    public static var onWork: (@MainActor () -> Void)? {
        get { current.onWork }
        set { current.onWork = newValue }
    }

    @available(*, deprecated, message: "use CAAnimationEngine.current.tick(), or tick() on your application's engine")
    public static func tick() { current.tick() }

    @available(*, deprecated, message: "use CAAnimationEngine.current.tick(at:), or tick(at:) on your application's engine")
    public static func tick(at now: CFTimeInterval) { current.tick(at: now) }

    @available(*, deprecated, message: "use CAAnimationEngine.current.holdingTime(_:)")
    public static func holdingTime<T>(_ body: () throws -> T) rethrows -> T {
        try current.holdingTime(body)
    }

    @available(*, deprecated, message: "use CAAnimationEngine.current.holdingTime(atMediaTime:_:)")
    public static func holdingTime<T>(atMediaTime mediaTime: CFTimeInterval, _ body: () throws -> T) rethrows -> T {
        try current.holdingTime(atMediaTime: mediaTime, body)
    }

    @available(*, deprecated, message: "use CAAnimationEngine.current.performOnNextTick(_:)")
    public static func performOnNextTick(_ body: @escaping @MainActor () -> Void) {
        current.performOnNextTick(body)
    }

    @available(*, deprecated, message: "use CAAnimationEngine.current.animationSpeed, or your application's engine's")
    public static var animationSpeed: Double {
        get { current.animationSpeed }
        set { current.animationSpeed = newValue }
    }

    @available(*, deprecated, message: "use CAAnimationEngine.current.currentTime, or a layer's convertTime(_:from: nil)")
    public static var currentTime: CFTimeInterval { current.currentTime }

    @available(*, deprecated, message: "make an engine (or a UIApplication) for each test instead of resetting the shared one")
    public static func resetForTesting() { current.discardAllState() }
}
