import FileSafety
import FileSafetyTesting
import Foundation
import XCTest

final class AppendedFileTests: ScratchFolderTestCase {
    func testPiecesAreAppendedAndAFileTheUserNamedIsEmptiedFirst() throws {
        let path = scratch.path("r.touches")
        try Data("an older recording\n".utf8).write(to: URL(fileURLWithPath: path))
        let file = try AppendedFile(path: path)
        try file.append(Data("one\n".utf8))
        try file.append(Data("two\n".utf8))
        XCTAssertEqual(file.length, 8)
        try file.close()
        try file.close()
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("one\ntwo\n".utf8))
    }

    func testAFullDiskCutsThePieceThatDidNotFitAndTheFileEndsOnAWholeOne() throws {
        let disk = try SmallDisk.mountedOrSkipped(kilobytes: 64)
        defer { disk.remove() }
        let path = disk.folder.appendingPathComponent("r.touches").path
        let file = try AppendedFile(path: path)
        try file.append(Data("header\n".utf8))
        try disk.fill(leaving: 0)
        let line = Data((String(repeating: "x", count: 20_000) + "\n").utf8)
        XCTAssertThrowsError(try file.append(line)) { error in
            XCTAssertEqual("\(error)", "cannot write \(path): No space left on device; free some space or name a file on another disk")
        }
        XCTAssertEqual(file.length, 7)
        try file.close()
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("header\n".utf8))
    }

    func testAFileLimitCutsThePieceBackToo() throws {
        // The same promise where no tmpfs can be mounted: a file size limit (EFBIG).
        let path = scratch.path("r.touches")
        let file = try AppendedFile(path: path)
        try file.append(Data("header\n".utf8))
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var old = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &old)
        var limit = rlimit(rlim_cur: 100, rlim_max: old.rlim_max)
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        defer {
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &old)
            signal(SIGXFSZ, oldHandler)
        }
        XCTAssertThrowsError(try file.append(Data(repeating: 0x61, count: 500))) { error in
            XCTAssertEqual("\(error)", "cannot write \(path): File too large")
        }
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &old)
        try file.append(Data("after\n".utf8))
        try file.close()
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("header\nafter\n".utf8))
    }

    func testAFileCreatedHereThatNeverHeldAWholePieceIsRemovedAtCloseOrWhenDropped() throws {
        let path = scratch.path("r.touches")
        let file = try AppendedFile(path: path)
        try file.close()
        XCTAssertEqual(scratch.names, [])
        do {
            _ = try AppendedFile(path: path)
        }
        XCTAssertEqual(scratch.names, [], "dropped unclosed")
    }

    /// A regular file with other names, or another user's, is not emptied in place.
    func testAHardLinkedFileOrAnotherUsersIsRefusedAndKept() throws {
        let path = scratch.path("r.touches"), other = scratch.path("other")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: other))
        XCTAssertEqual(link(other, path), 0)
        XCTAssertThrowsError(try AppendedFile(path: path)) { error in
            XCTAssertEqual("\(error)", "cannot write \(path): it has other names (hard links), which would be emptied too; name a new file")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: other), Data("keep".utf8))
        unlink(path)
        guard geteuid() == 0 else { throw XCTSkip("planting another user's file needs root") }
        chown(other, 65534, 65534)
        XCTAssertThrowsError(try AppendedFile(path: other)) { error in
            XCTAssertEqual("\(error)", "cannot write \(other): it belongs to user 65534, not to you (0); name a file of your own")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: other), Data("keep".utf8))
    }

    func testALinkIsRefusedAndItsTargetIsUntouched() throws {
        let target = scratch.path("target"), link = scratch.path("r.touches")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
        symlink(target, link)
        XCTAssertThrowsError(try AppendedFile(path: link))
        XCTAssertEqual(FileManager.default.contents(atPath: target), Data("keep".utf8))
        XCTAssertEqual(FileKind.of(link), .symbolicLink)
    }

    func testADeviceIsRefusedAndNotReplaced() throws {
        let device = scratch.path("null")
        guard mknod(device, S_IFCHR | 0o666, makedev(1, 3)) == 0 else {
            throw XCTSkip("mknod needs root")
        }
        XCTAssertThrowsError(try AppendedFile(path: device)) { error in
            XCTAssertEqual("\(error)", "cannot write \(device): it is a character device, not a regular file, and is never replaced; name a regular file")
        }
        XCTAssertEqual(FileKind.of(device), .characterDevice)
    }

    private func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
        dev_t(major) << 8 | dev_t(minor)
    }
}
