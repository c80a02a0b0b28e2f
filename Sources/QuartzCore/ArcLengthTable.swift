/// Distance along a curve made of segments, each parametrised by `u` in 0…1: what
/// `.cubicPaced` keyframes need to move along their curve at one constant speed.
///
/// Each segment is cut into `slicesPerSegment` equal slices of `u`, and each slice's
/// length is the integral of the speed `|dP/du|` by five-point Gauss–Legendre
/// quadrature (exact for a speed that is a polynomial of degree up to 9, as a
/// one-dimensional cubic's is; for curves in the plane, far below a millionth of the
/// length). `locate(fraction:)` finds the slice holding a distance by bisection over
/// the running totals, then `u` within it by Newton's method on the same quadrature,
/// kept inside the slice by bisection.
struct ArcLengthTable {
    /// How many slices of `u` each segment is measured in.
    static let slicesPerSegment = 16

    private let speed: (Int, Double) -> Double
    /// The distance from the curve's start to the end of each slice, segment by segment.
    private var ends: [Double] = []

    /// The table for `segmentCount` segments whose speed at `u` on segment `index` is
    /// `speed(index, u)` (never negative).
    init(segmentCount: Int, speed: @escaping (Int, Double) -> Double) {
        self.speed = speed
        var total = 0.0
        for segment in 0..<segmentCount {
            for slice in 0..<Self.slicesPerSegment {
                let (from, to) = Self.bounds(ofSlice: slice)
                total += length(segment: segment, from: from, to: to)
                ends.append(total)
            }
        }
    }

    /// The whole curve's length.
    var totalLength: Double { ends.last ?? 0 }

    /// The segment and its `u` at `fraction` (0…1, clamped) of the whole length; `nil`
    /// when the curve has no length, so there is nowhere to move.
    func locate(fraction: Double) -> (segment: Int, u: Double)? {
        let total = totalLength
        guard total > 0 else { return nil }
        let target = min(max(fraction, 0), 1) * total
        // The first slice whose end reaches the target.
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] < target { low = middle + 1 } else { high = middle }
        }
        let segment = low / Self.slicesPerSegment
        let (from, to) = Self.bounds(ofSlice: low % Self.slicesPerSegment)
        let sliceStart = low == 0 ? 0 : ends[low - 1]
        let wanted = target - sliceStart
        guard wanted > 0 else { return (segment, from) }
        var lower = from, upper = to
        var u = from + (to - from) * min(wanted / max(ends[low] - sliceStart, .leastNormalMagnitude), 1)
        for _ in 0..<60 {
            let error = length(segment: segment, from: from, to: u) - wanted
            if abs(error) <= 1e-13 * max(total, 1) { break }
            if error > 0 { upper = u } else { lower = u }
            let rate = speed(segment, u)
            let newton = rate > 0 ? u - error / rate : .nan
            u = newton > lower && newton < upper ? newton : (lower + upper) / 2
        }
        return (segment, u)
    }

    /// The length of segment `segment` between `from` and `to`.
    private func length(segment: Int, from: Double, to: Double) -> Double {
        let half = (to - from) / 2, middle = (to + from) / 2
        var sum = 0.0
        for (node, weight) in Self.gaussLegendre5 {
            sum += weight * speed(segment, middle + half * node)
        }
        return sum * half
    }

    private static func bounds(ofSlice slice: Int) -> (Double, Double) {
        (Double(slice) / Double(slicesPerSegment), Double(slice + 1) / Double(slicesPerSegment))
    }

    /// Nodes and weights of five-point Gauss–Legendre quadrature on −1…1.
    private static let gaussLegendre5: [(Double, Double)] = [
        (0, 128.0 / 225),
        (-0.5384693101056831, 0.4786286704993665), (0.5384693101056831, 0.4786286704993665),
        (-0.9061798459386640, 0.2369268850561891), (0.9061798459386640, 0.2369268850561891),
    ]
}
