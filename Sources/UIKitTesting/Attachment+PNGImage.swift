import Testing
import UIKit

/// Images, views and windows as test attachments, in the words Swift Testing uses for
/// images on Apple platforms:
///
///     Attachment.record(image, named: "expected")
///     Attachment.record(window, named: "after the drag")
///
/// Each becomes a `PNGImage` at once; a view or window is drawn as it shows at that
/// moment. Without a name, a view is named after its class and an image "image".
extension Attachment where AttachableValue == PNGImage {
    public init(_ image: UIImage, named preferredName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        self.init(PNGImage(image), named: preferredName ?? "image", sourceLocation: sourceLocation)
    }

    public init(_ image: CGImage, named preferredName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        self.init(PNGImage(image), named: preferredName ?? "image", sourceLocation: sourceLocation)
    }

    @MainActor
    public init(_ view: UIView, named preferredName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        self.init(PNGImage(view), named: preferredName ?? String(describing: type(of: view)), sourceLocation: sourceLocation)
    }

    public static func record(_ image: UIImage, named preferredName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        record(Attachment(image, named: preferredName, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
    }

    public static func record(_ image: CGImage, named preferredName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        record(Attachment(image, named: preferredName, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
    }

    @MainActor
    public static func record(_ view: UIView, named preferredName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        record(Attachment(view, named: preferredName, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
    }
}
