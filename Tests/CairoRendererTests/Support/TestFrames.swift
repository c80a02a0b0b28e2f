import CairoRenderer
import CoreGraphics

/// The largest difference of any colour channel of any pixel of two images of one size.
func largestChannelDifference(_ a: CGImage, _ b: CGImage) -> Int {
    var largest = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            largest = max(largest, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                          abs(Int(p.blue) - Int(q.blue)))
        }
    }
    return largest
}

/// A frame of `size` points filled with `background`, then drawn by `body`, rectangle by
/// rectangle when `rects` are given (as a host draws damage), else whole.
@MainActor
func drawnFrame(size: CGSize, scale: CGFloat = 1, rects: [CGRect] = [], background: Canvas.Color,
                _ body: (Canvas) -> Void) -> CGImage {
    let buffer = FrameBuffer(pointSize: size, scale: scale)
    buffer.draw(eachOf: rects) { canvas in
        canvas.fill(CGRect(origin: .zero, size: size), with: background)
        body(canvas)
    }
    return buffer.makeImage()
}
