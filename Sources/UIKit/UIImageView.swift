/// A view that shows an image: the image is the layer's `contents`, fitted by
/// `contentMode` (the layer's gravity), drawn by the renderer without a backing store.
///
/// As in UIKit (Neuburg, "Touches"), `isUserInteractionEnabled` is false by default, so
/// an image view does not take touches unless told to.
@MainActor
open class UIImageView: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        storedIsUserInteractionEnabled = false
    }

    /// An image view the size of `image`.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        storedIsUserInteractionEnabled = false
        self.image = image
        show(image)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        storedIsUserInteractionEnabled = false
    }

    open var image: UIImage? {
        didSet { show(image) }
    }

    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? .zero
    }

    private func show(_ image: UIImage?) {
        layer.contents = image?.cgImage
        layer.contentsScale = image?.scale ?? 1
    }
}
