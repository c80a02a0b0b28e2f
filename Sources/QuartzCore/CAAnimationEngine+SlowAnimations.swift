// Slow animations: the layer tree's own time line, as the iOS Simulator's "Slow
// Animations" gives it.
//
// Animations do not run on the media clock directly but on the layer tree's time,
// which advances `animationSpeed` seconds per media second. At the default speed 1 the
// two are the same number. The sandbox's slow-animation key sets 0.1, so everything
// animated (explicit animations, UIView animations and their delays and completions)
// runs ten times slower and hit-testing during animation can be watched. What is not
// animation keeps media time: touch timestamps, gesture recognizer timers (a long press
// still takes 0.5 s), delayed performs, display links.
//
// Changing the speed never makes an animation jump: the layer tree's time is continuous,
// only its rate changes from the moment of the change. This is Core Animation's model of
// a root layer whose `speed` is changed (the usual way to slow an iOS app's animations),
// for the whole tree at once, above every layer's own timing (`CALayer+MediaTiming`), so a
// layer's `speed` multiplies with it. Code that sets an animation's `beginTime` from the
// media clock converts it first, as on iOS: `layer.convertTime(CACurrentMediaTime(), from: nil)`.

extension CAAnimationEngine {
    /// How many seconds of animation pass per media second: 1 (the default) is real
    /// time, 0.1 is ten times slower. Must be finite and positive; other values are
    /// logged and ignored.
    public var animationSpeed: Double {
        get { layerTime.speed }
        set {
            guard newValue.isFinite, newValue > 0 else {
                QuartzCoreDebug.log(.animation, "animationSpeed \(newValue) ignored: it must be a positive number such as 1 or 0.1")
                return
            }
            layerTime.rebase(at: now, speed: newValue)
            markRunningAnimationsDamaged()
        }
    }

    /// Now on the layer tree's time line: the time of a root layer with default timing,
    /// from which every layer's own time is derived (`CALayer.currentLocalTime`).
    public var currentTime: CFTimeInterval {
        heldTime ?? layerTime.time(atMediaTime: now)
    }

    /// The layer tree's time at media time `mediaTime`, on the current speed's segment.
    func time(atMediaTime mediaTime: CFTimeInterval) -> CFTimeInterval {
        layerTime.time(atMediaTime: mediaTime)
    }

    /// The media time at which the layer tree's time reads `time`.
    func mediaTime(atTime time: CFTimeInterval) -> CFTimeInterval {
        layerTime.mediaTime(atTime: time)
    }
}

/// The layer tree's time line: a straight line through an anchor, whose slope is the
/// animation speed; each speed change starts a new line where the old one was.
struct LayerTreeTime {
    private(set) var speed: Double = 1
    private var anchorMediaTime: CFTimeInterval = 0
    private var anchorTime: CFTimeInterval = 0

    func time(atMediaTime mediaTime: CFTimeInterval) -> CFTimeInterval {
        anchorTime + (mediaTime - anchorMediaTime) * speed
    }

    func mediaTime(atTime time: CFTimeInterval) -> CFTimeInterval {
        anchorMediaTime + (time - anchorTime) / speed
    }

    mutating func rebase(at mediaTime: CFTimeInterval, speed newSpeed: Double) {
        anchorTime = time(atMediaTime: mediaTime)
        anchorMediaTime = mediaTime
        speed = newSpeed
    }
}
