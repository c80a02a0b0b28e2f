import UIKit
import X11TestSupport
import XCTest
@testable import X11Host
@testable import X11Platform

final class InputBatchAssemblerTests: XCTestCase {
    private func sample(_ device: Int, _ number: UInt32, _ phase: TouchSample.Phase) -> TouchSample {
        TouchSample(id: .init(device: device, number: number), phase: phase, location: .zero, timestamp: 1)
    }

    /// Xorg ends the touches of a device it disables with plain TouchEnds and only then
    /// sends the hierarchy event: those ends become cancellations; other devices' ends
    /// stay ends.
    func testEndsBeforeTheDeviceWentAwayBecomeCancellations() {
        var batch = InputBatchAssembler()
        batch.append([sample(6, 1, .moved), sample(6, 1, .ended), sample(7, 4, .ended)])
        batch.deviceWentAway(6, remaining: [sample(6, 2, .cancelled)])
        XCTAssertEqual(batch.take(), [sample(6, 1, .moved), sample(6, 1, .cancelled), sample(7, 4, .ended),
                                      sample(6, 2, .cancelled)])
        XCTAssertTrue(batch.isEmpty)
    }
}
