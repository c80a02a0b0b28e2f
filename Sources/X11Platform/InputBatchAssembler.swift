import Foundation
import UIKit

/// Collects what one read of the X connection produced into one batch of samples.
///
/// Xorg, when it disables a device, first sends a plain TouchEnd for each of its live
/// touches and only then the hierarchy event. So TouchEnds followed in the same read by
/// the disabling of their source device become cancellations: the finger did not lift,
/// the device went away.
struct InputBatchAssembler {
    private var samples: [TouchSample] = []

    var isEmpty: Bool { samples.isEmpty }

    mutating func append(_ new: [TouchSample]) {
        samples += new
    }

    /// The device went away: its touches that ended earlier in this read were cut off.
    /// `remaining` are the cancellations of its touches that were still live.
    mutating func deviceWentAway(_ device: Int, remaining: [TouchSample]) {
        for index in samples.indices where samples[index].id.device == device && samples[index].phase == .ended {
            samples[index].phase = .cancelled
        }
        samples += remaining
    }

    /// The batch, emptied for the next read.
    mutating func take() -> [TouchSample] {
        defer { samples = [] }
        return samples
    }
}
