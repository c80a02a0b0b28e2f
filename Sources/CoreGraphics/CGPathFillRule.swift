/// Which points a path encloses, with Core Graphics' names and raw values.
public enum CGPathFillRule: Int, Sendable {
    /// Inside when the path winds around the point a non-zero number of times (counting
    /// each turn with its direction): overlapping subpaths of the same direction stay
    /// filled. Core Graphics' default.
    case winding = 0
    /// Inside when a ray from the point crosses the path an odd number of times: every
    /// overlap toggles, so a subpath inside another is a hole whatever its direction.
    case evenOdd = 1
}
