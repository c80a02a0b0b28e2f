/// What only a drawing library can do, installed by the renderer into
/// `CGContext.drawingEngine` so that the geometry, the layer engine and UIKit use it
/// without importing the library.
public protocol CGDrawingEngine: AnyObject {
    /// A backend drawing into `bitmap`'s memory: y-up user space, the first row of
    /// memory at the top, each painting call finished in memory when it returns.
    func makeBitmapBackend(for bitmap: CGBitmapLayout) -> (any CGContextBackend)?
    /// The image in PNG `data`; `nil` when it is not a PNG.
    func decodePNG(_ data: Data) -> CGImage?
    /// `image` encoded as PNG.
    func encodePNG(_ image: CGImage) -> Data?
    /// The vertical metrics of `font`.
    func metrics(of font: TextFont) -> TextFontMetrics
    /// How far one line of `text` advances in `font`.
    func advance(of text: String, in font: TextFont) -> CGFloat
}
