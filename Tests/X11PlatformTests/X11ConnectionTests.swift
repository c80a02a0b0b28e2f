import CX11
import Foundation
import HeadlessXorg
@testable import X11Platform
import X11TestSupport
import XCTest

/// A connection watched by dispatch closes only once dispatch stopped watching it: a
/// descriptor closed under a read source may be reused by the next connection at once,
/// and dispatch would then never report that connection's events.
final class X11ConnectionTests: XCTestCase {
    func testCloseWaitsForTheReadSourcesCancellation() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let connection = try X11Connection(name: server.display)
            let descriptor = connection.fileDescriptor
            let source = connection.makeReadSource {}
            source.resume()
            source.cancel()
            connection.close()
            XCTAssertNotEqual(fcntl(descriptor, F_GETFD), -1, "still open: dispatch has not let go of it yet")
            XCTAssertTrue(runLoop { fcntl(descriptor, F_GETFD) == -1 }, "closed once the source's cancellation ran")
            connection.close()  // a second close does nothing

            // Without a source, close is at once.
            let plain = try X11Connection(name: server.display)
            let plainDescriptor = plain.fileDescriptor
            plain.close()
            XCTAssertEqual(fcntl(plainDescriptor, F_GETFD), -1)
        }
    }
}
