/// How the open ends of a stroked line are drawn, with Core Graphics' names and raw
/// values.
public enum CGLineCap: Int32, Sendable {
    /// Squared off at the end point.
    case butt = 0
    /// A half circle around the end point.
    case round = 1
    /// Squared off half the line width beyond the end point.
    case square = 2
}

/// How the corners of a stroked path are drawn, with Core Graphics' names and raw
/// values.
public enum CGLineJoin: Int32, Sendable {
    /// Sharp, until the miter limit turns it into a bevel.
    case miter = 0
    case round = 1
    case bevel = 2
}
