import CX11
import Foundation

/// libXdamage's entry points, loaded when first needed, not linked: nothing else uses it,
/// so neither building the package nor an app needs it (`WindowDamageWatcher`,
/// `WindowFrameCounter`).
struct DamageLibrary {
    typealias QueryExtension = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    typealias QueryVersion = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    typealias Create = @convention(c) (OpaquePointer?, UInt, Int32) -> UInt
    typealias Subtract = @convention(c) (OpaquePointer?, UInt, UInt, UInt) -> Void
    let queryExtension: QueryExtension
    let queryVersion: QueryVersion
    let create: Create
    let subtract: Subtract

    /// Loaded once and kept for the process.
    static let shared: DamageLibrary? = {
        guard let handle = dlopen("libXdamage.so.1", RTLD_NOW),
              let queryExtension = dlsym(handle, "XDamageQueryExtension"),
              let queryVersion = dlsym(handle, "XDamageQueryVersion"),
              let create = dlsym(handle, "XDamageCreate"),
              let subtract = dlsym(handle, "XDamageSubtract") else { return nil }
        return DamageLibrary(queryExtension: unsafeBitCast(queryExtension, to: QueryExtension.self),
                             queryVersion: unsafeBitCast(queryVersion, to: QueryVersion.self),
                             create: unsafeBitCast(create, to: Create.self),
                             subtract: unsafeBitCast(subtract, to: Subtract.self))
    }()

    /// A connection of its own to `displayName` on which the DAMAGE extension answered
    /// the handshake (its version announced), with the event number of its
    /// `DamageNotify`; the caller closes the connection.
    func open(_ displayName: String) throws(WindowDamageWatcher.WatchError) -> (display: OpaquePointer, notifyEvent: Int32) {
        guard let display = XOpenDisplay(displayName) else { throw .cannotOpen(displayName) }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard queryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw .noDamageExtension(displayName)
        }
        // Announcing the version the client speaks is part of the handshake.
        var major: Int32 = 1, minor: Int32 = 1
        _ = queryVersion(display, &major, &minor)
        return (display, eventBase)
    }
}
