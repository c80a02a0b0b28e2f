import Foundation

/// One line of a list panel (`DebugListPanelView`): the Why tool's steps, the inspector's
/// details and hierarchy.
public struct DebugListRow: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        /// A line naming a view: a finger-sized control that selects it.
        case view
        /// A heading ("Not reached", "Recognizers").
        case heading
        /// A line of information.
        case note
    }

    public var text: String
    public var style: Style
    /// How deep in a tree (indentation): a step's depth in the walk, a view's in the
    /// hierarchy, and a note's beside them; 0 for headings.
    public var depth: Int
    /// The view it names, which a touch on the row selects.
    public var viewID: ObjectIdentifier?

    public init(text: String, style: Style, depth: Int = 0, viewID: ObjectIdentifier? = nil) {
        self.text = text
        self.style = style
        self.depth = depth
        self.viewID = viewID
    }
}
