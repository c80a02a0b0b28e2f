/// How painting combines with what is below, with Core Graphics' names. Only `.normal`
/// (source over) is drawn; the others are kept for signatures and drawn as `.normal`.
public enum CGBlendMode: Int32, Sendable {
    case normal = 0
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference,
        exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop,
        destinationOver, destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}
