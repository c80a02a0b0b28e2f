import QuartzCore

/// How a scroll view's content moves by itself: after a release (deceleration, a bounce
/// at an edge, a spring back from past an edge, a page snap), or in an animation
/// (`setContentOffset(_:animated: true)`, a zoom that bounces back into range or is set
/// animated). A value the scroll view steps once per frame with the layer tree's time
/// (its layer's engine's `currentTime`); each step says where the offset (and the zoom
/// scale) is and whether the motion is over.
///
/// Each axis of a release moves on its own (`Trajectory`), so a fling that hits the
/// bottom bounces there while still gliding sideways. A deceleration that reaches an
/// edge turns into a spring at the moment it crosses it, found exactly rather than at
/// the next frame, so the path does not depend on the frame rate.
@MainActor
final class ScrollViewMotion {
    /// What moves the content, which decides the delegate's calls.
    enum Kind {
        /// After a release: `scrollViewDidEndDecelerating` when over.
        case deceleration
        /// An offset animation: `scrollViewDidEndScrollingAnimation`.
        case animation
        /// A scroll to top (`UIWindow.scrollToTop()`): `scrollViewDidScrollToTop` when it
        /// reaches the top, `scrollViewDidEndScrollingAnimation` when interrupted.
        case scrollToTop
        /// A pinch's scale springing back into range: `scrollViewDidEndZooming`.
        case zoomBounce
        /// A zoom set in code, animated: `scrollViewDidEndZooming`.
        case zoomAnimation
    }

    /// One axis after a release.
    enum Trajectory: Equatable {
        /// Still, at a position.
        case resting(at: CGFloat)
        /// Slowing from `velocity` (points per second) since `start`, between the
        /// edges; at an edge it bounces (a spring) or stops.
        case decelerating(from: CGFloat, velocity: CGFloat, start: TimeInterval,
                          minimum: CGFloat, maximum: CGFloat, bounces: Bool)
        /// A critically damped spring towards `target`, from `displacement` past it
        /// and `velocity`, since `start`.
        case springing(to: CGFloat, displacement: CGFloat, velocity: CGFloat, start: TimeInterval)
    }

    let kind: Kind
    var isDeceleration: Bool { kind == .deceleration }
    var isZoomBounce: Bool { kind == .zoomBounce }

    /// A release: each axis on its trajectory, at `rate`.
    init(x: Trajectory, y: Trajectory, rate: CGFloat) {
        kind = .deceleration
        trajectories = (x, y)
        self.rate = rate
        animation = nil
    }

    /// An animation of the offset, and of the zoom scale when `scales` is given, from
    /// now over `ScrollViewMeasurements.scrollAnimationDuration`, ease in and out.
    init(kind: Kind, from offset: CGPoint, to target: CGPoint, scales: (from: CGFloat, to: CGFloat)? = nil,
         start: TimeInterval) {
        self.kind = kind
        trajectories = (.resting(at: target.x), .resting(at: target.y))
        rate = UIScrollView.DecelerationRate.normal.rawValue
        animation = Animation(from: offset, to: target, scales: scales, start: start,
                              duration: ScrollViewMeasurements.scrollAnimationDuration)
    }

    /// `setContentOffset(_:animated: true)`'s animation, starting now.
    convenience init(animatingFrom offset: CGPoint, to target: CGPoint, of scrollView: UIScrollView,
                     kind: Kind = .animation) {
        self.init(kind: kind, from: offset, to: target, start: scrollView.layer.animationEngine.currentTime)
    }

    /// Where the content is at `time`: its offset, the zoom scale if this motion zooms,
    /// and whether the motion is over (then the offset is where it rests, exactly).
    func step(to time: TimeInterval) -> (offset: CGPoint, scale: CGFloat?, isFinished: Bool) {
        if let animation {
            let fraction = animation.duration > 0 ? min(max((time - animation.start) / animation.duration, 0), 1) : 1
            let eased = CGFloat(ScrollViewMotion.easing.solve(forInput: fraction))
            let offset = CGPoint(x: animation.from.x + (animation.to.x - animation.from.x) * eased,
                                 y: animation.from.y + (animation.to.y - animation.from.y) * eased)
            let scale = animation.scales.map { $0.from + ($0.to - $0.from) * eased }
            return (fraction >= 1 ? animation.to : offset, fraction >= 1 ? animation.scales?.to : scale, fraction >= 1)
        }
        let x = advance(&trajectories.x, to: time)
        let y = advance(&trajectories.y, to: time)
        return (CGPoint(x: x, y: y), nil, trajectories.x.isResting && trajectories.y.isResting)
    }

    /// Where the release comes to rest, if nothing stops it (a changed target or a page
    /// is built into the trajectories).
    var restingOffset: CGPoint {
        CGPoint(x: trajectories.x.restingPosition(rate: rate), y: trajectories.y.restingPosition(rate: rate))
    }

    /// Whether anything moves: a release whose trajectories all rest at once is no motion.
    var isStill: Bool {
        animation == nil && trajectories.x.isResting && trajectories.y.isResting
    }

    // MARK: - Private

    private struct Animation {
        let from: CGPoint
        let to: CGPoint
        let scales: (from: CGFloat, to: CGFloat)?
        let start: TimeInterval
        let duration: TimeInterval
    }

    private static let easing = CAMediaTimingFunction(name: .easeInEaseOut)

    private var trajectories: (x: Trajectory, y: Trajectory)
    private let rate: CGFloat
    private let animation: Animation?

    /// Moves one axis's trajectory on to `time` (turning a deceleration into a bounce at
    /// an edge, and anything into rest when it is close enough), and returns its position.
    private func advance(_ trajectory: inout Trajectory, to time: TimeInterval) -> CGFloat {
        switch trajectory {
        case .resting(let position):
            return position
        case let .decelerating(from, velocity, start, minimum, maximum, bounces):
            let elapsed = max(time - start, 0)
            let position = from + ScrollViewPhysics.distance(from: velocity, rate: rate, after: elapsed)
            let edge = velocity < 0 ? minimum : maximum
            if (velocity < 0 && position < minimum) || (velocity > 0 && position > maximum) {
                guard bounces, let crossing = crossingTime(from: from, velocity: velocity, to: edge) else {
                    trajectory = .resting(at: edge)
                    return edge
                }
                let speedAtEdge = ScrollViewPhysics.velocity(from: velocity, rate: rate, after: crossing)
                trajectory = .springing(to: edge, displacement: 0, velocity: speedAtEdge, start: start + crossing)
                return advance(&trajectory, to: time)
            }
            let remaining = ScrollViewPhysics.restingDistance(
                from: ScrollViewPhysics.velocity(from: velocity, rate: rate, after: elapsed), rate: rate)
            if abs(remaining) < ScrollViewMeasurements.restingDistance {
                let rest = min(max(from + ScrollViewPhysics.restingDistance(from: velocity, rate: rate), minimum), maximum)
                trajectory = .resting(at: rest)
                return rest
            }
            return position
        case let .springing(target, displacement, velocity, start):
            let state = ScrollViewPhysics.spring(displacement: displacement, velocity: velocity, after: max(time - start, 0))
            if abs(state.displacement) < ScrollViewMeasurements.restingDistance,
               abs(state.velocity) < ScrollViewMeasurements.restingSpeed {
                trajectory = .resting(at: target)
                return target
            }
            return target + state.displacement
        }
    }

    /// How long deceleration from `from` at `velocity` takes to reach `edge`; nil if it
    /// never does.
    private func crossingTime(from: CGFloat, velocity: CGFloat, to edge: CGFloat) -> TimeInterval? {
        // distance(t) = v/1000 · (rᵗ − 1)/ln r, solved for t (in ms).
        let power = 1 + (edge - from) * log(rate) * 1000 / velocity
        guard velocity != 0, power > 0 else { return nil }
        return TimeInterval(log(power) / log(rate)) / 1000
    }
}

extension ScrollViewMotion.Trajectory {
    var isResting: Bool {
        if case .resting = self { return true }
        return false
    }

    /// Where it comes to rest: a deceleration's limit within its edges (a bounce ends at
    /// the edge), a spring's target.
    func restingPosition(rate: CGFloat) -> CGFloat {
        switch self {
        case .resting(let position):
            return position
        case let .decelerating(from, velocity, _, minimum, maximum, _):
            return min(max(from + ScrollViewPhysics.restingDistance(from: velocity, rate: rate), minimum), maximum)
        case .springing(let target, _, _, _):
            return target
        }
    }
}
