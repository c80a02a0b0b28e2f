import CairoRenderer
import Foundation
import Testing
import UIKit

/// A picture encoded as PNG when it is made: what an image, a view or a window becomes
/// when a test attaches it (`Attachment.record(window, named: "after the drag")`), saved
/// as `after the drag.png` beside the test's results.
///
/// The picture is encoded at once, on the thread that makes it, and the value is
/// `Sendable`: Swift Testing (6.3) drops the name of an attachment whose value is not
/// `Sendable`, and a view can only be drawn on the main actor anyway. On Apple platforms
/// Swift Testing attaches images through `AttachableAsImage`, which it marks unavailable
/// on Linux; the `Attachment` initializers in this module give the same lines a meaning
/// here, and add views and windows.
public struct PNGImage: Attachable, Sendable {
    /// The PNG file's bytes, or why there are none (reported when the attachment is saved).
    public let encoding: Result<Data, ImageAttachmentError>

    /// Encodes `image`'s pixels.
    public init(_ image: CGImage) {
        encoding = PNGImage.encode(image)
    }

    /// Encodes `image`'s pixels; an image without pixels (`UIImage()`) is an error when
    /// the attachment is saved.
    public init(_ image: UIImage) {
        if let cgImage = image.cgImage {
            encoding = PNGImage.encode(cgImage)
        } else {
            encoding = .failure(.noPixels)
        }
    }

    /// Draws `view` as it shows now, at the main screen's scale, and encodes it: pending
    /// layout is done first and each layer is drawn as its presentation shows it, so an
    /// animation is caught where it is (`drawHierarchy(in:afterScreenUpdates:)`).
    ///
    ///
    /// Text is measured by the drawing engine, which the first picture installs: when the
    /// engine is new since the last picture, the window is laid out again first (a
    /// label's width, a button's title), so that the picture shows what the app shows,
    /// not text fitted to the estimate used before the engine was there.
    @MainActor
    public init(_ view: UIView) {
        PNGImage.installEngine()
        if PNGImage.engineAtLastPicture != CGContext.drawingEngineIdentity {
            PNGImage.layOutAgain(view.window ?? view)
            PNGImage.engineAtLastPicture = CGContext.drawingEngineIdentity
        }
        let picture = UIGraphicsImageRenderer(bounds: view.bounds).image { _ in
            view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
        }
        self.init(picture)
    }

    // MARK: - Attachable

    public var estimatedAttachmentByteCount: Int? {
        try? encoding.get().count
    }

    public func withUnsafeBytes<R>(
        for attachment: borrowing Attachment<PNGImage>, _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R {
        try encoding.get().withUnsafeBytes(body)
    }

    public borrowing func preferredName(for attachment: borrowing Attachment<PNGImage>, basedOn suggestedName: String) -> String {
        suggestedName.lowercased().hasSuffix(".png") ? suggestedName : suggestedName + ".png"
    }

    // MARK: - Encoding

    /// Installs the Cairo engine once, from whichever thread encodes first: Swift's lazy
    /// globals run their initializer exactly once, where a check-then-set could race.
    private static let engineInstalled: Void = CairoDrawingEngine.install()

    /// The engine (`CGContext.drawingEngineIdentity`) the last picture of a view was
    /// drawn with.
    @MainActor private static var engineAtLastPicture: ObjectIdentifier?

    static func installEngine() {
        _ = engineInstalled
    }

    /// Marks `view` and everything under it for layout, and lays it out.
    @MainActor
    private static func layOutAgain(_ view: UIView) {
        func mark(_ current: UIView) {
            current.setNeedsLayout()
            for subview in current.subviews { mark(subview) }
        }
        mark(view)
        view.layoutIfNeeded()
    }

    private static func encode(_ image: CGImage) -> Result<Data, ImageAttachmentError> {
        installEngine()
        guard let data = CGContext.drawingEngine?.encodePNG(image) else {
            return .failure(.encodingFailed(width: image.width, height: image.height))
        }
        return .success(data)
    }
}

/// Why a picture could not be attached; Swift Testing reports it beside the test.
public enum ImageAttachmentError: Error, Sendable, CustomStringConvertible {
    /// The `UIImage` has no `CGImage` behind it.
    case noPixels
    /// The drawing engine could not write the pixels as PNG.
    case encodingFailed(width: Int, height: Int)

    public var description: String {
        switch self {
        case .noPixels:
            "the image has no pixels (its cgImage is nil): make it from a CGImage or a UIGraphicsImageRenderer"
        case let .encodingFailed(width, height):
            "a \(width)×\(height) image could not be encoded as PNG"
        }
    }
}
