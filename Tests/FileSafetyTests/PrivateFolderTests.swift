import FileSafety
import Foundation
import XCTest

final class PrivateFolderTests: ScratchFolderTestCase {
    func testANewFolderIsMadeWithMode700WhateverTheUmask() throws {
        let path = scratch.path("touch-sandbox-0")
        let mask = umask(0o077 | 0o700)
        defer { umask(mask) }
        try PrivateFolder.prepare(path)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o700)
        try PrivateFolder.prepare(path)
        XCTAssertTrue(try PrivateFolder.check(path))
        XCTAssertFalse(try PrivateFolder.check(scratch.path("absent")))
    }

    func testAFolderOthersCanWriteIsRefused() throws {
        let path = scratch.path("touch-sandbox-0")
        mkdir(path, 0o700)
        chmod(path, 0o777)
        XCTAssertThrowsError(try PrivateFolder.prepare(path)) { error in
            XCTAssertEqual("\(error)", "cannot use \(path): its mode is 777, not 700, so others could change it; remove it, or set XDG_RUNTIME_DIR to your own runtime folder")
        }
    }

    func testALinkToAFolderIsRefused() throws {
        let real = scratch.path("real"), path = scratch.path("touch-sandbox-0")
        mkdir(real, 0o700)
        symlink(real, path)
        XCTAssertThrowsError(try PrivateFolder.check(path)) { error in
            XCTAssertEqual("\(error)", "cannot use \(path): it is a symbolic link, not a folder of your own; remove it, or set XDG_RUNTIME_DIR to your own runtime folder")
        }
    }

    func testAFolderAnotherUserMadeIsRefusedEvenWithMode700() throws {
        guard geteuid() == 0 else { throw XCTSkip("planting another user's folder needs root") }
        let path = scratch.path("touch-sandbox-0")
        mkdir(path, 0o700)
        XCTAssertEqual(chown(path, 65534, 65534), 0)
        XCTAssertThrowsError(try PrivateFolder.prepare(path)) { error in
            XCTAssertEqual("\(error)", "cannot use \(path): it belongs to user 65534, not to you (0); remove it, or set XDG_RUNTIME_DIR to your own runtime folder")
        }
    }
}
