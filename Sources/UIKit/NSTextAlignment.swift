/// How lines of text sit between the left and right edges, with UIKit's names and raw
/// values.
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    /// Drawn as left-aligned (word spacing is not stretched).
    case justified = 3
    /// Left, for the left-to-right text drawn here.
    case natural = 4
}

/// Where text that does not fit is broken or cut, with UIKit's names and raw values.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    /// Drawn as word wrapping (words wider than a line are cut between characters).
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5
}
