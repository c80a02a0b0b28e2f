import Foundation
import XCTest

/// A real, tiny file system for full-disk tests: a tmpfs of `kilobytes` mounted on a
/// folder of its own, unmounted by `remove()`. Mounting needs root (CI and the
/// containers the README's commands run in are root); elsewhere the tests that need it
/// skip, saying why.
struct SmallDisk {
    let folder: URL

    init(kilobytes: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("small-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", folder.path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw XCTSkip("a full disk needs a tmpfs, and mount -t tmpfs is not allowed here (not root?)")
        }
    }

    /// Fills the disk, leaving about `bytesLeft` free, with one file named `filler`.
    func fill(leaving bytesLeft: Int) throws {
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { throw POSIXError(.EIO) }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let descriptor = open(folder.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o644)
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x2E, count: max(0, free - bytesLeft))
        _ = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    func remove() {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [folder.path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A fresh folder in the temporary directory, removed by `remove()`.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("file-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names in the folder, hidden ones included, sorted.
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
