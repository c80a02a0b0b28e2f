import CoreGraphics
import UIKit

extension TouchSample {
    /// The one way the tests write a sample: finger `number` of `device` (the injector's
    /// synthetic device unless given) in `phase` at (`x`, `y`), at `time`.
    package static func finger(_ number: UInt32, _ phase: Phase, _ x: CGFloat, _ y: CGFloat, at time: TimeInterval,
                               device: Int = TouchInjector.defaultDevice) -> TouchSample {
        TouchSample(id: ID(device: device, number: number), phase: phase, location: CGPoint(x: x, y: y), timestamp: time)
    }
}
