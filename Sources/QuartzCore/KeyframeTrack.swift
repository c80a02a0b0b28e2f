/// The keyframes of a `CAKeyframeAnimation` resolved for one layer: the values (or a
/// path's vertices), the stretches between neighbours (straight, a path's own curves,
/// or a spline's segments in the cubic modes), and when each keyframe is reached.
struct KeyframeTrack {
    /// How the value moves from one keyframe to the next.
    enum Stretch {
        case values(CAAnimatedValue, CAAnimatedValue)
        case line(CGPoint, CGPoint)
        case quadCurve(CGPoint, control: CGPoint, CGPoint)
        case curve(CGPoint, control1: CGPoint, control2: CGPoint, CGPoint)
        /// A `move` in the middle of a path: the value is already at the new point.
        case jump(to: CGPoint)

        func value(at u: Double) -> CAAnimatedValue {
            switch self {
            case .values(let a, let b): a.interpolated(to: b, fraction: u)
            default: .point(point(at: CGFloat(u)))
            }
        }

        func point(at u: CGFloat) -> CGPoint {
            let v = 1 - u
            switch self {
            case .values: return .zero
            case .line(let a, let b):
                return CGPoint(x: v * a.x + u * b.x, y: v * a.y + u * b.y)
            case .quadCurve(let a, let c, let b):
                return CGPoint(
                    x: v * v * a.x + 2 * v * u * c.x + u * u * b.x, y: v * v * a.y + 2 * v * u * c.y + u * u * b.y)
            case .curve(let a, let c1, let c2, let b):
                let (w0, w1, w2, w3) = (v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u)
                return CGPoint(
                    x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x, y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
            case .jump(let p):
                return p
            }
        }

        /// The direction of travel at `u`, `nil` where the stretch does not move.
        func tangent(at u: CGFloat) -> CGPoint? {
            let v = 1 - u
            let d: CGPoint
            switch self {
            case .values, .jump: return nil
            case .line(let a, let b): d = CGPoint(x: b.x - a.x, y: b.y - a.y)
            case .quadCurve(let a, let c, let b):
                d = CGPoint(x: 2 * v * (c.x - a.x) + 2 * u * (b.x - c.x), y: 2 * v * (c.y - a.y) + 2 * u * (b.y - c.y))
            case .curve(let a, let c1, let c2, let b):
                d = CGPoint(
                    x: 3 * v * v * (c1.x - a.x) + 6 * v * u * (c2.x - c1.x) + 3 * u * u * (b.x - c2.x),
                    y: 3 * v * v * (c1.y - a.y) + 6 * v * u * (c2.y - c1.y) + 3 * u * u * (b.y - c2.y))
            }
            return d == .zero ? nil : d
        }

        /// How fast the value moves along the stretch at `u`: `|d value / du|`.
        func speed(at u: Double) -> Double {
            switch self {
            case .values(let a, let b): a.distance(to: b)
            default: tangent(at: CGFloat(u)).map { Double(hypot($0.x, $0.y)) } ?? 0
            }
        }

        /// The stretch's length: exact for values and lines, a 32-chord polyline for
        /// curves.
        var length: Double {
            switch self {
            case .values(let a, let b): return a.distance(to: b)
            case .jump: return 0
            default:
                var total = 0.0
                var previous = point(at: 0)
                for step in 1...32 {
                    let next = point(at: CGFloat(step) / 32)
                    total += Double(hypot(next.x - previous.x, next.y - previous.y))
                    previous = next
                }
                return total
            }
        }
    }

    private(set) var keyframes: [CAAnimatedValue] = []
    private(set) var stretches: [Stretch] = []
    /// When each keyframe is reached, as fractions of the basic duration; `nil` spaces
    /// them evenly.
    var times: [Double]?
    /// Pacing within each stretch, one per stretch; missing ones are linear.
    var segmentTimingFunctions: [CAMediaTimingFunction]?
    /// The cubic modes' curve through the values, which replaces the straight
    /// stretches; `nil` for linear modes, paths and transforms.
    private var spline: KochanekBartelsSpline?
    /// Set by `paceByArcLength()`: progress is then the fraction of the curve's length
    /// travelled.
    private var arcLength: ArcLengthTable?
    /// Whether the keyframes are values (not a path's vertices).
    private var isValues = false

    var keyframeCount: Int { keyframes.count }
    var firstValue: CAAnimatedValue? { keyframes.first }
    var lastValue: CAAnimatedValue? { keyframes.last }

    init(values: [CAAnimatedValue]) {
        keyframes = values
        stretches = zip(values, values.dropFirst()).map { .values($0, $1) }
        isValues = true
    }

    init(path: CGPath) {
        var current: CGPoint?
        var subpathStart: CGPoint?
        func add(_ stretch: Stretch, to end: CGPoint) {
            if current == nil {
                keyframes.append(.point(end))
            } else {
                stretches.append(stretch)
                keyframes.append(.point(end))
            }
            current = end
        }
        path.applyWithBlock { element in
            let points = element.pointee.points
            switch element.pointee.type {
            case .moveToPoint:
                add(.jump(to: points[0]), to: points[0])
                subpathStart = points[0]
            case .addLineToPoint:
                add(.line(current ?? points[0], points[0]), to: points[0])
            case .addQuadCurveToPoint:
                add(.quadCurve(current ?? points[1], control: points[0], points[1]), to: points[1])
            case .addCurveToPoint:
                add(.curve(current ?? points[2], control1: points[0], control2: points[1], points[2]), to: points[2])
            case .closeSubpath:
                if let start = subpathStart, let from = current { add(.line(from, start), to: start) }
            }
        }
    }

    /// Spaces the key times by the stretches' lengths (paced mode). All stretches
    /// empty leaves them even.
    mutating func pace() {
        let lengths = stretches.map(\.length)
        let total = lengths.reduce(0, +)
        guard total > 0 else {
            times = nil
            return
        }
        var reached = [0.0]
        for length in lengths { reached.append(reached.last! + length / total) }
        reached[reached.count - 1] = 1
        times = reached
        segmentTimingFunctions = nil
    }

    /// Moves between values along a Kochanek–Bartels spline with these per-keyframe
    /// parameters, reaching each value at its key time as set now (so set `times`
    /// first). A path keeps its own segments, and transforms their linear stretches.
    mutating func interpolateCubically(tension: [Double], continuity: [Double], bias: [Double]) {
        let vectors = keyframes.compactMap(\.vector)
        guard isValues, vectors.count == keyframes.count, vectors.count >= 2 else { return }
        spline = KochanekBartelsSpline(points: vectors, times: times, tension: tension, continuity: continuity, bias: bias)
    }

    /// Moves along the whole curve (the spline, else the stretches) at one constant
    /// speed: progress is the fraction of its length travelled, and key times and
    /// per-stretch timing functions no longer apply.
    mutating func paceByArcLength() {
        times = nil
        segmentTimingFunctions = nil
        if let spline {
            arcLength = ArcLengthTable(segmentCount: spline.segmentCount) { segment, u in
                spline.derivative(segment: segment, at: u).reduce(0) { $0 + $1 * $1 }.squareRoot()
            }
        } else {
            let stretches = stretches
            arcLength = ArcLengthTable(segmentCount: stretches.count) { stretches[$0].speed(at: $1) }
        }
    }

    /// The keyframe time `index` (evenly spaced unless `times` is set).
    private func time(_ index: Int, spacing count: Int) -> Double {
        if let times, index < times.count { return times[index] }
        return count > 0 ? Double(index) / Double(count) : 0
    }

    /// The value shown at `progress` when interpolating (every mode but discrete).
    func value(at progress: Double) -> CAAnimatedValue? {
        guard let (index, u) = locate(progress) else { return keyframes.first }
        if let spline, let kind = keyframes.first?.kind {
            return CAAnimatedValue(kind: kind, vector: spline.value(segment: index, at: u))
        }
        return stretches[index].value(at: u)
    }

    /// The value held at `progress` in discrete mode: each keyframe from its key time
    /// to the next; evenly, each for an equal share.
    func discreteValue(at progress: Double) -> CAAnimatedValue? {
        let count = keyframes.count
        guard count > 0 else { return nil }
        var shown = 0
        for index in 0..<count where time(index, spacing: count) <= progress {
            shown = index
        }
        return keyframes[shown]
    }

    /// The direction of travel along a path at `progress`, in radians.
    func direction(at progress: Double) -> Double? {
        guard let (index, u) = locate(progress), let d = stretches[index].tangent(at: CGFloat(u)) else { return nil }
        return Double(atan2(d.y, d.x))
    }

    /// The stretch `progress` falls in and how far along it (after its timing function);
    /// `nil` with no stretches. Before the first key time the first stretch's start,
    /// after the last the last stretch's end.
    private func locate(_ progress: Double) -> (Int, Double)? {
        let count = stretches.count
        guard count > 0 else { return nil }
        if let arcLength {
            // A curve of no length stays where it starts.
            return arcLength.locate(fraction: progress) ?? (0, 0)
        }
        if progress <= time(0, spacing: count) { return (0, 0) }
        for index in 0..<count {
            let start = time(index, spacing: count)
            let end = time(index + 1, spacing: count)
            guard progress < end || index == count - 1 else { continue }
            guard progress < end else { return (index, 1) }
            let span = end - start
            var u = span > 0 ? (progress - start) / span : 1
            if let functions = segmentTimingFunctions, index < functions.count {
                u = functions[index].solve(forInput: u)
            }
            return (index, u)
        }
        return (count - 1, 1)
    }
}
