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
@MainActor
public struct ScreenTouchRouting {
    private struct Owner {
        weak var window: UIWindow?
    }

    private var owners: [TouchSample.ID: Owner] = [:]

    public init() {}

    /// The fingers that are down, with the windows they belong to (for tests).
    public var liveFingers: Int { owners.count }

    /// Splits `batch` (locations in screen points) into runs for the windows its
    /// fingers belong to, in order, each sample in its window's coordinates. `windows`
    /// are the visible windows in the order they became visible
    /// (`UIApplication.windows`).
    public mutating func route(_ batch: [TouchSample], windows: [UIWindow]) -> [(window: UIWindow, samples: [TouchSample])] {
        var runs: [(window: UIWindow, samples: [TouchSample])] = []
        var frontToBack: [UIWindow]?
        for sample in batch {
            let window: UIWindow
            if sample.phase == .began {
                let stack = frontToBack ?? Self.frontToBack(windows)
                frontToBack = stack
                guard let chosen = Self.window(at: sample.location, in: stack) else {
                    owners[sample.id] = nil
                    UIKitDebug.log(.input, "began \(sample.id) at \(sample.location) lies in no window: ignored")
                    continue
                }
                window = chosen
                owners[sample.id] = Owner(window: chosen)
            } else {
                guard let owner = owners[sample.id]?.window else {
                    // Unknown to the routing: the key window's input rules answer it
                    // (an unknown ID is ignored there, and logged).
                    guard let fallback = UIApplication.shared.keyWindow ?? windows.last else { continue }
                    append(sample, to: fallback, in: &runs)
                    continue
                }
                window = owner
                if sample.phase == .ended || sample.phase == .cancelled { owners[sample.id] = nil }
            }
            append(sample, to: window, in: &runs)
        }
        return runs
    }

    /// Forgets every finger (the host lost its input, or closed).
    public mutating func removeAll() {
        owners.removeAll()
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
        var containing: UIWindow?
        for window in frontToBack where window.frame.contains(screenPoint) {
            window.layoutIfNeeded()
            if window.hitTest(window.convertFromScreen(screenPoint), with: nil) != nil { return window }
            if containing == nil { containing = window }
        }
        return containing
    }

    private func append(_ sample: TouchSample, to window: UIWindow, in runs: inout [(window: UIWindow, samples: [TouchSample])]) {
        var local = sample
        // A window at the screen's origin showing its bounds' origin (every full-screen
        // window) needs no conversion: the usual case costs no geometry.
        if sample.location.x.isFinite, sample.location.y.isFinite, !window.isAtScreenOrigin {
            local.location = window.convertFromScreen(sample.location)
        }
        if let last = runs.indices.last, runs[last].window === window {
            runs[last].samples.append(local)
        } else {
            runs.append((window, [local]))
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
