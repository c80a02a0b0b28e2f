// UIKit's current-context stack and image contexts. Drawing code reaches its context
// through `UIGraphicsGetCurrentContext()`: the view's `draw(_:)` finds the layer's
// backing store there, `UIGraphicsPushContext` puts any other context (Neuburg's
// one-pixel bitmap in "Touches") in its place.

/// The contexts pushed, innermost last.
@MainActor private var currentContexts: [CGContext] = []

/// The image contexts begun and not yet ended, innermost last, with their scale.
@MainActor private var imageContexts: [(context: CGContext, scale: CGFloat)] = []

/// The context UIKit drawing (`UIBezierPath.fill()`, `UIImage.draw(at:)`, …) draws
/// into; `nil` outside `draw(_:)`, an image context or a push.
@MainActor public func UIGraphicsGetCurrentContext() -> CGContext? {
    currentContexts.last
}

/// Makes `context` current until the matching `UIGraphicsPopContext()`.
@MainActor public func UIGraphicsPushContext(_ context: CGContext) {
    currentContexts.append(context)
}

/// Restores the context current before the last push; an unbalanced pop is ignored.
@MainActor public func UIGraphicsPopContext() {
    _ = currentContexts.popLast()
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
@MainActor public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Begins a bitmap context of `size` points at `scale` pixels per point (0: the main
/// screen's scale) and makes it current, in UIKit's y-down points. `opaque` is accepted
/// for the signature; the bitmap always keeps alpha.
@MainActor public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale > 0 ? scale : UIScreen.main.scale
    let context = UIKitBitmapContext.make(size: size, scale: scale)
    imageContexts.append((context, scale))
    UIGraphicsPushContext(context)
}

/// What the innermost image context holds, at its scale; `nil` without one.
@MainActor public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let (context, scale) = imageContexts.last, let image = context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: scale, orientation: .up)
}

/// Ends the innermost image context and pops it; ignored without one.
@MainActor public func UIGraphicsEndImageContext() {
    guard imageContexts.popLast() != nil else { return }
    UIGraphicsPopContext()
}

/// The bitmap behind image contexts and image renderers.
enum UIKitBitmapContext {
    /// A premultiplied ARGB bitmap of `size` points at `scale`, its user space flipped
    /// and scaled to UIKit's y-down points. Never `nil`: a size below one pixel gets one
    /// pixel, and without a drawing engine the context draws nothing (see
    /// `CGContext.drawingEngine`).
    static func make(size: CGSize, scale: CGFloat) -> CGContext {
        let width = max(1, Int((size.width * scale).rounded(.up)))
        let height = max(1, Int((size.height * scale).rounded(.up)))
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let context = CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)!
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: scale, y: -scale)
        return context
    }
}
