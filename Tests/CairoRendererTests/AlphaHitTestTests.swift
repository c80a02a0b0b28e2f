import CairoRenderer
import UIKit
import XCTest

/// Neuburg, "Touches": "Hit-testing for drawings": a tap on a transparent pixel of a
/// drawing should miss it. The listing draws the content into a one-pixel alpha-only
/// bitmap placed so that the tested point lands on that pixel, then reads the pixel's
/// alpha.
final class AlphaHitTestTests: RenderingTestCase {
    /// Neuburg's listing, in Swift:
    ///
    ///     unsigned char pixel[1] = {0};
    ///     CGContextRef context = CGBitmapContextCreate(pixel, 1, 1, 8, 1, nil, kCGImageAlphaOnly);
    ///     UIGraphicsPushContext(context);
    ///     [im drawAtPoint:CGPointMake(-point.x, -point.y)];
    ///     UIGraphicsPopContext();
    ///     CGContextRelease(context);
    ///     CGFloat alpha = pixel[0]/255.0;
    ///     BOOL transparent = alpha < 0.01;
    ///
    /// Repairs: the pixel is allocated memory, since a Swift array passed as `&pixel`
    /// is only valid during the call that creates the context; the context is released
    /// by ARC. With `layer` the drawing comes from `render(in:)`, as Neuburg suggests,
    /// translated by −point instead of drawn at −point.
    private func isTransparent(_ point: CGPoint, in layer: CALayer) -> Bool {
        let pixel = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { pixel.deallocate() }
        pixel.initialize(to: 0)
        let context = CGContext(data: pixel, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 1,
                                space: nil, bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        UIGraphicsPushContext(context)
        context.translateBy(x: -point.x, y: -point.y)
        layer.render(in: context)
        UIGraphicsPopContext()
        let alpha = CGFloat(pixel[0]) / 255.0
        return alpha < 0.01
    }

    /// The image form of the listing: `im.draw(at: -point)`.
    private func isTransparent(_ point: CGPoint, in image: UIImage) -> Bool {
        let pixel = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { pixel.deallocate() }
        pixel.initialize(to: 0)
        let context = CGContext(data: pixel, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 1,
                                space: nil, bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        UIGraphicsPushContext(context)
        image.draw(at: CGPoint(x: -point.x, y: -point.y))
        UIGraphicsPopContext()
        return CGFloat(pixel[0]) / 255.0 < 0.01
    }

    /// A layer with no background whose only drawing is a ring: the middle and the
    /// corners are transparent.
    private func ringLayer() -> CAShapeLayer {
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addEllipse(in: CGRect(x: 30, y: 30, width: 40, height: 40))
        ring.path = path
        ring.fillRule = .evenOdd
        return ring
    }

    func testRenderInContextTellsDrawnPixelsFromTransparentOnes() async {
        let ring = ringLayer()
        XCTAssertFalse(isTransparent(CGPoint(x: 15, y: 50), in: ring), "on the ring")
        XCTAssertTrue(isTransparent(CGPoint(x: 50, y: 50), in: ring), "the hole")
        XCTAssertTrue(isTransparent(CGPoint(x: 3, y: 3), in: ring), "the corner outside the circle")
        XCTAssertTrue(ring.contains(CGPoint(x: 50, y: 50)), "where Core Animation's bounds hit-test says hit")
    }

    func testSublayersAndTheirTransformsCount() async {
        let container = CALayer()
        container.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        dot.backgroundColor = .red
        dot.setAffineTransform(CGAffineTransform(translationX: 50, y: 0))
        container.addSublayer(dot)
        XCTAssertFalse(isTransparent(CGPoint(x: 65, y: 15), in: container), "where the moved dot is drawn")
        XCTAssertTrue(isTransparent(CGPoint(x: 15, y: 15), in: container), "where its frame was before the transform")
    }

    func testTheImageFormOfTheListing() async throws {
        // An image that is opaque only in its left half.
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format).image { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        XCTAssertFalse(isTransparent(CGPoint(x: 5, y: 5), in: image))
        XCTAssertTrue(isTransparent(CGPoint(x: 15, y: 5), in: image))
    }
}
