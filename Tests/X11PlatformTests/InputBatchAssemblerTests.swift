import UIKit
import X11TestSupport
import XCTest
@testable import X11Host
@testable import X11Platform
import TouchTestSupport

final class InputBatchAssemblerTests: XCTestCase {

    /// Xorg ends the touches of a device it disables with plain TouchEnds and only then
    /// sends the hierarchy event: those ends become cancellations; other devices' ends
    /// stay ends.
    func testEndsBeforeTheDeviceWentAwayBecomeCancellations() {
        var batch = InputBatchAssembler()
        batch.append([TouchSample.finger(1, .moved, 0, 0, at: 1, device: 6), TouchSample.finger(1, .ended, 0, 0, at: 1, device: 6), TouchSample.finger(4, .ended, 0, 0, at: 1, device: 7)])
        batch.deviceWentAway(6, remaining: [TouchSample.finger(2, .cancelled, 0, 0, at: 1, device: 6)])
        XCTAssertEqual(batch.take(), [TouchSample.finger(1, .moved, 0, 0, at: 1, device: 6), TouchSample.finger(1, .cancelled, 0, 0, at: 1, device: 6), TouchSample.finger(4, .ended, 0, 0, at: 1, device: 7),
                                      TouchSample.finger(2, .cancelled, 0, 0, at: 1, device: 6)])
        XCTAssertTrue(batch.isEmpty)
    }
}
