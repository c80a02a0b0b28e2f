import FileSafety
import Foundation
import XCTest

final class InputFileTests: ScratchFolderTestCase {
    func testARegularFileIsReadWholeAndOneOverTheLimitIsRefused() throws {
        let path = scratch.path("r.touches")
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try InputFile.read(path, limit: 10), Data("0123456789".utf8))
        XCTAssertThrowsError(try InputFile.read(path, limit: 9, what: "a recording")) { error in
            XCTAssertEqual("\(error)", "cannot read \(path): it is larger than 9 bytes; give a recording of at most that")
        }
    }

    func testADeviceAFolderAndNothingAreNamedForWhatTheyAre() {
        XCTAssertThrowsError(try InputFile.read("/dev/zero", limit: 1 << 20, what: "a recording")) { error in
            XCTAssertEqual("\(error)", "cannot read /dev/zero: it is a character device, not a recording")
        }
        XCTAssertThrowsError(try InputFile.read(scratch.url.path, limit: 10, what: "a recording")) { error in
            XCTAssertEqual("\(error)", "cannot read \(scratch.url.path): it is a folder; give a recording")
        }
        XCTAssertThrowsError(try InputFile.read(scratch.path("none"), limit: 10, what: "a recording")) { error in
            XCTAssertEqual("\(error)", "cannot read \(scratch.path("none")): there is no such file; give a recording")
        }
    }

    func testAFIFOIsReadAsAStreamUpToItsWritersEndAndNoFurtherThanTheLimit() throws {
        let fifo = scratch.path("pipe")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            let bytes = [UInt8](repeating: 0x61, count: 200_000)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                guard written > 0 else { break }
                offset += written
            }
            close(descriptor)
        }
        writer.start()
        XCTAssertEqual(try InputFile.read(fifo, limit: 1 << 20).count, 200_000)

        // The reader stops at the limit and closes: the writer then gets EPIPE, not a signal.
        let oldHandler = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, oldHandler) }
        let secondDone = DispatchSemaphore(value: 0)
        let second = Thread {
            let descriptor = open(fifo, O_WRONLY)
            let bytes = [UInt8](repeating: 0x61, count: 100_000)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            secondDone.signal()
        }
        second.start()
        XCTAssertThrowsError(try InputFile.read(fifo, limit: 1000, what: "a recording")) { error in
            XCTAssertEqual("\(error)", "cannot read \(fifo): it gives more than 1000 bytes; give a recording of at most that")
        }
        secondDone.wait()
    }

    func testOwnerOnlyRefusesALinkAndAFileOfAnotherUser() throws {
        let path = scratch.path("state.json"), link = scratch.path("link.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try InputFile.read(path, limit: 100, trust: .ownerOnly), Data("{}".utf8))
        symlink(path, link)
        XCTAssertThrowsError(try InputFile.read(link, limit: 100, trust: .ownerOnly)) { error in
            XCTAssertEqual("\(error)", "cannot read \(link): it is a symbolic link, not a file")
        }
        guard geteuid() == 0 else { throw XCTSkip("planting another user's file needs root") }
        XCTAssertEqual(chown(path, 65534, 65534), 0)
        XCTAssertThrowsError(try InputFile.read(path, limit: 100, trust: .ownerOnly)) { error in
            XCTAssertEqual("\(error)", "cannot read \(path): it belongs to user 65534, not to you (0), so it is not trusted; remove it")
        }
    }
}
