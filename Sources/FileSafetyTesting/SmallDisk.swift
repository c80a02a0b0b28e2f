import Foundation

/// A real, tiny file system for full-disk tests: a tmpfs of `kilobytes` mounted on a
/// folder of its own, unmounted by `remove()`. Mounting needs root (CI and the
/// containers the README's commands run in are root); elsewhere `init` throws
/// `Unavailable`, which a test turns into a skip that says why.
public struct SmallDisk: Sendable {
    /// Why no small disk could be mounted.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String {
            "a full disk needs a tmpfs, and mount -t tmpfs is not allowed here (not root?)"
        }
    }

    public let folder: URL

    public init(kilobytes: Int) throws {
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
            throw Unavailable()
        }
    }

    /// Fills the disk, leaving about `bytesLeft` free, with one file named `filler`.
    public func fill(leaving bytesLeft: Int) throws {
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { throw POSIXError(.EIO) }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let descriptor = open(folder.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o644)
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x2E, count: max(0, free - bytesLeft))
        _ = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Remounts the disk read-only, as a full or failing disk's file system may be, and
    /// as root, whom permission bits do not stop, meets a folder it cannot write.
    public func makeReadOnly() throws {
        let remount = Process()
        remount.executableURL = URL(fileURLWithPath: "/bin/mount")
        remount.arguments = ["-o", "remount,ro", folder.path]
        try remount.run()
        remount.waitUntilExit()
        guard remount.terminationStatus == 0 else { throw Unavailable() }
    }

    public func remove() {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [folder.path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
