import CoreGraphics

/// Which window each finger belongs to, for input that arrives in screen coordinates:
/// one host showing every visible window on one screen, stacked by `UIWindow.Level`.
///
/// As in UIKit, a finger belongs to the window it began in, for its whole life. That
/// window is the frontmost visible window (highest level; of one level, the one that
/// became visible last) that contains the point and whose `hitTest(_:with:)` finds a
/// view there: a window that answers nil (a debugging layer's transparent root, say)
/// lets the touch through to the windows below. Where no window answers, the frontmost
/// window that contains the point takes it (its root view then gets it), and where no
/// window contains it the finger is dropped (logged under `input`).
///
/// `route(_:windows:)` turns one batch into runs of consecutive samples for one window,
/// each in that window's coordinates, for `UIWindow.inject(_:)`. A batch whose fingers
/// lie in two windows becomes two events, one per window (UIKit would deliver one event
/// holding both, whose `allTouches` list both windows' touches); the usual batch, all
/// in one window, stays one event.
///
/// The routing keeps no map of its own: a finger's window is its live touch's
/// (`UITouch.window`, in the application's touch router), so there is one map from
/// finger to window. And a new finger is hit-tested once: the view the routing found
/// under it goes with its run (`Run.deliver()`), and the window takes it as the touch's
/// view instead of hit-testing again, unless an event was sent between (an earlier
/// run's, which may have changed the views). Where only one window contains the point
/// the routing does not hit-test at all: that window takes the finger whatever it finds.
@MainActor
public struct ScreenTouchRouting {
    /// One window's consecutive samples of a batch, in that window's coordinates.
    @MainActor
    public struct Run {
        public let window: UIWindow
        public internal(set) var samples: [TouchSample]
        /// What the routing's hit-tests found under the fingers that began here.
        var hits: RoutedHits

        /// Injects the samples into the window, which takes the views the routing found
        /// under new fingers as theirs (`UIWindow.inject(_:)` otherwise).
        public func deliver() {
            guard !samples.isEmpty else { return }
            window.application.touchRouter.process(samples, in: window, routedHits: hits.views.isEmpty ? nil : hits)
        }
    }

    /// The views found under new fingers while routing, and how many events the touch
    /// router had sent then: they stand only while it has sent none since.
    struct RoutedHits {
        var sentEvents: Int
        var views: [TouchSample.ID: (location: CGPoint, view: UIView?)] = [:]
    }

    /// The application whose windows the fingers are routed among.
    public let application: UIApplication

    /// Routing among `application`'s windows (the current application's by default).
    public init(application: UIApplication = .shared) {
        self.application = application
    }

    /// The fingers that are down (for tests): the application's live touches.
    public var liveFingers: Int { application.touchRouter.liveTouchCount }

    /// Splits `batch` (locations in screen points) into runs for the windows its
    /// fingers belong to, in order, each sample in its window's coordinates. `windows`
    /// are the visible windows in the order they became visible
    /// (`UIApplication.visibleWindows`).
    public func route(_ batch: [TouchSample], windows: [UIWindow]) -> [Run] {
        let router = application.touchRouter
        let sentEvents = router.sentEvents
        var runs: [Run] = []
        var frontToBack: [UIWindow]?
        // Fingers that begin in this batch have no live touch until their run is
        // delivered, after the routing: their windows until then.
        var begunHere: [TouchSample.ID: UIWindow] = [:]
        for sample in batch {
            let window: UIWindow
            if sample.phase == .began {
                let stack = frontToBack ?? Self.frontToBack(windows)
                frontToBack = stack
                let explained = application.hitTestObserver.map { _ in
                    UIKitDebug.explainScreenHitTest(at: sample.location, in: stack, with: router.event)
                }
                let hit = explained.map { Self.hit(explainedBy: $0, in: stack) }
                    ?? Self.hit(at: sample.location, in: stack, with: router.event)
                if let explained { application.hitTestObserver?(explained, sample) }
                guard let found = hit else {
                    begunHere[sample.id] = nil
                    UIKitDebug.log(.input, "began \(sample.id) at \(sample.location) lies in no window: ignored")
                    continue
                }
                window = found.window
                begunHere[sample.id] = window
                append(sample, to: window, in: &runs, sentEvents: sentEvents)
                if case .found(let view) = found.hitTest, let last = runs.indices.last,
                   let local = runs[last].samples.last {
                    runs[last].hits.views[sample.id] = (local.location, view)
                }
                continue
            }
            if let begun = begunHere[sample.id] {
                window = begun
                if sample.phase == .ended || sample.phase == .cancelled { begunHere[sample.id] = nil }
            } else if let owner = router.window(ofLiveTouch: sample.id) {
                window = owner
            } else {
                // Unknown to the routing: the key window's input rules answer it (an
                // unknown ID is ignored there, and logged).
                guard let fallback = application.keyWindow ?? windows.last else { continue }
                window = fallback
            }
            append(sample, to: window, in: &runs, sentEvents: sentEvents)
        }
        return runs
    }

    /// The windows front to back: higher levels first; within a level, the one that
    /// became visible last first.
    public static func frontToBack(_ windows: [UIWindow]) -> [UIWindow] {
        windows.enumerated()
            .sorted { a, b in
                a.element.windowLevel != b.element.windowLevel
                    ? a.element.windowLevel > b.element.windowLevel : a.offset > b.offset
            }
            .map(\.element)
    }

    /// The window a finger that begins at `screenPoint` belongs to (see the type).
    public static func window(at screenPoint: CGPoint, in frontToBack: [UIWindow]) -> UIWindow? {
        hit(at: screenPoint, in: frontToBack, with: nil)?.window
    }

    /// The window and view an explained walk found: its hit window, or where no window's
    /// walk found a view, the frontmost window containing the point (as `hit(at:in:with:)`
    /// chooses).
    private static func hit(explainedBy explanation: HitTestExplanation, in frontToBack: [UIWindow])
        -> (window: UIWindow, hitTest: HitTest)? {
        if let window = explanation.hitWindow { return (window, .found(explanation.hitView)) }
        return frontToBack.first { $0.frame.contains(explanation.screenPoint) }.map { ($0, .found(nil)) }
    }

    /// What choosing a new finger's window found under it.
    enum HitTest {
        /// The only window there: it takes the finger unasked.
        case notRun
        /// The window's hit-test ran and found this view (nil: none, and no window in
        /// front found one either).
        case found(UIView?)
    }

    /// The window a finger beginning at `screenPoint` belongs to, and what its hit-test
    /// found there.
    static func hit(at screenPoint: CGPoint, in frontToBack: [UIWindow], with event: UIEvent?)
        -> (window: UIWindow, hitTest: HitTest)? {
        // One window there takes the finger whatever its hit-test finds: the touch
        // router's own hit-test is the only one. (Counted, not collected: this runs for
        // every new finger.)
        var first: UIWindow?
        var isOnlyOne = true
        for window in frontToBack where window.frame.contains(screenPoint) {
            guard first == nil else {
                isOnlyOne = false
                break
            }
            first = window
        }
        guard let first else { return nil }
        guard !isOnlyOne else { return (first, .notRun) }
        var chosen: (window: UIWindow, hitTest: HitTest)?
        for window in frontToBack where window.frame.contains(screenPoint) {
            window.layoutIfNeeded()
            let view = window.hitTest(window.convertFromScreen(screenPoint), with: event)
            if view != nil { return (window, .found(view)) }
            if chosen == nil { chosen = (window, .found(nil)) }
        }
        return chosen
    }

    private func append(_ sample: TouchSample, to window: UIWindow, in runs: inout [Run], sentEvents: Int) {
        var local = sample
        // A window at the screen's origin showing its bounds' origin (every full-screen
        // window) needs no conversion: the usual case costs no geometry.
        if sample.location.x.isFinite, sample.location.y.isFinite, !window.isAtScreenOrigin {
            local.location = window.convertFromScreen(sample.location)
        }
        if let last = runs.indices.last, runs[last].window === window {
            runs[last].samples.append(local)
        } else {
            runs.append(Run(window: window, samples: [local], hits: RoutedHits(sentEvents: sentEvents)))
        }
    }
}

extension UIWindow {
    /// Whether window and screen coordinates are the same: the window's layer sits at
    /// the screen's origin, untransformed, showing its bounds from the origin.
    var isAtScreenOrigin: Bool {
        let layer = self.layer
        return layer.bounds.origin == .zero && CATransform3DIsIdentity(layer.transform)
            && layer.position == CGPoint(x: layer.bounds.width * layer.anchorPoint.x, y: layer.bounds.height * layer.anchorPoint.y)
    }

    /// A point in screen coordinates in this window's coordinates: windows here are
    /// placed by their frame on one screen and not transformed.
    public func convertFromScreen(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - frame.minX + bounds.minX, y: point.y - frame.minY + bounds.minY)
    }

    /// A point in this window's coordinates in screen coordinates.
    public func convertToScreen(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - bounds.minX + frame.minX, y: point.y - bounds.minY + frame.minY)
    }
}
