import FileSafety
import FileSafetyTesting
import Foundation
import XCTest

final class OutputFileTests: ScratchFolderTestCase {
    func testANewFileIsWrittenWholeAndNothingElseIsLeftInItsFolder() throws {
        let path = scratch.path("shot.png")
        try OutputFile.write(Data("hello".utf8), to: path)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("hello".utf8))
        XCTAssertEqual(scratch.names, ["shot.png"])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int,
                       0o666 & ~Int(currentUmask()))
    }

    func testARegularFileTheUserNamedIsReplaced() throws {
        let path = scratch.path("shot.png")
        try Data("old contents, longer".utf8).write(to: URL(fileURLWithPath: path))
        try OutputFile.write(Data("new".utf8), to: path)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("new".utf8))
        XCTAssertEqual(scratch.names, ["shot.png"])
    }

    func testASymbolicLinkIsRefusedAndNeitherItNorItsTargetChanges() throws {
        let target = scratch.path("target.txt"), link = scratch.path("link.png")
        try Data("target".utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertEqual(symlink(target, link), 0)
        XCTAssertThrowsError(try OutputFile.write(Data("new".utf8), to: link)) { error in
            XCTAssertEqual("\(error)", "cannot write \(link): it is a symbolic link, which is never written through; name the file itself")
        }
        XCTAssertEqual(FileKind.of(link), .symbolicLink)
        XCTAssertEqual(FileManager.default.contents(atPath: target), Data("target".utf8))
        XCTAssertEqual(scratch.names, ["link.png", "target.txt"])
    }

    func testACharacterDeviceIsRefusedAndStaysADevice() throws {
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: "/dev/null")) { error in
            XCTAssertEqual("\(error)", "cannot write /dev/null: it is a character device, not a regular file, and is never replaced; name a regular file")
        }
        XCTAssertEqual(FileKind.of("/dev/null"), .characterDevice)
        XCTAssertThrowsError(try OutputFile.checkWritable("/dev/null"))
    }

    func testAFIFOWithNoReaderIsRefusedAtOnceWithoutOpeningIt() throws {
        let fifo = scratch.path("pipe.png")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // Opening a FIFO for writing with no reader would wait for ever: the check must not.
        XCTAssertThrowsError(try OutputFile.checkWritable(fifo)) { error in
            XCTAssertEqual("\(error)", "cannot write \(fifo): it is a FIFO, not a regular file, and is never replaced; name a regular file")
        }
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: fifo))
        XCTAssertThrowsError(try AppendedFile(path: fifo))
        XCTAssertEqual(FileKind.of(fifo), .fifo)
    }

    func testAFolderAMissingFolderAndAFileForAFolderAreRefusedInOneLine() throws {
        XCTAssertThrowsError(try OutputFile.checkWritable(scratch.url.path)) { error in
            XCTAssertEqual("\(error)", "cannot write \(scratch.url.path): it is a folder; name a file in it")
        }
        let missing = scratch.path("nowhere/shot.png")
        XCTAssertThrowsError(try OutputFile.write(Data(), to: missing)) { error in
            XCTAssertEqual("\(error)", "cannot write \(missing): the folder \(scratch.path("nowhere")) does not exist; name a file in an existing folder")
        }
        try Data().write(to: URL(fileURLWithPath: scratch.path("plain")))
        XCTAssertThrowsError(try OutputFile.checkWritable(scratch.path("plain/shot.png"))) { error in
            XCTAssertEqual("\(error)", "cannot write \(scratch.path("plain/shot.png")): \(scratch.path("plain")) is a file, not a folder")
        }
        XCTAssertThrowsError(try OutputFile.checkWritable("")) { error in
            XCTAssertEqual("\(error)", "cannot write : the path is empty; name a file")
        }
    }

    func testTheCheckTriesTheFolderAndLeavesNothingBehind() throws {
        try OutputFile.checkWritable(scratch.path("shot.png"))
        XCTAssertEqual(scratch.names, [])
        // /proc looks writable to root but takes no new file.
        XCTAssertThrowsError(try OutputFile.checkWritable("/proc/shot.png"))
    }

    func testAFullDiskLeavesTheOldFileWholeAndNoPartialFile() throws {
        let disk = try SmallDisk.mountedOrSkipped(kilobytes: 64)
        defer { disk.remove() }
        let path = disk.folder.appendingPathComponent("contact.png").path
        try OutputFile.write(Data("the old picture".utf8), to: path)
        try disk.fill(leaving: 4096)
        XCTAssertThrowsError(try OutputFile.write(Data(repeating: 7, count: 32 * 1024), to: path)) { error in
            XCTAssertEqual("\(error)", "cannot write \(path): No space left on device; free some space or name a file on another disk")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("the old picture".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.folder.path).sorted(), ["contact.png", "filler"])
    }

    func testALongNameInAnyScriptGetsATemporaryNameWithinTheLimit() throws {
        let name = String(repeating: "写", count: 80) + ".png"  // 244 bytes, under NAME_MAX
        try OutputFile.write(Data("x".utf8), to: scratch.path(name))
        XCTAssertEqual(scratch.names, [name])
    }

    func testAReadOnlyFileIsNotReplaced() throws {
        let path = scratch.path("kept.png")
        try Data("kept".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o444)
        guard geteuid() != 0 else {
            // Root may write any file: access(2) says so, and the file is replaced as named.
            try OutputFile.write(Data("new".utf8), to: path)
            XCTAssertEqual(FileManager.default.contents(atPath: path), Data("new".utf8))
            return
        }
        XCTAssertThrowsError(try OutputFile.write(Data("new".utf8), to: path))
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("kept".utf8))
    }

    private func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
