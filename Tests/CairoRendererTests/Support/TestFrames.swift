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
