import FileSafety
import Foundation
import HeadlessXorg

/// A private X server for a run without a display: the dummy video driver and an
/// `inputtest` touchscreen, as the tests use (`HeadlessXorg`). It lives as long as the
/// process: the kernel ends it when the process ends, however that happens, and a normal
/// exit also removes its temporary folder.
enum PrivateDisplay {
    nonisolated(unsafe) private static var server: HeadlessXorg?

    /// Starts the server with a screen of `width` × `height` pixels, or exits with one
    /// line saying what to install.
    static func start(width: Int, height: Int) -> HeadlessXorg {
        do {
            let started = try HeadlessXorg(width: width, height: height)
            server = started
            atexit { PrivateDisplay.server?.stop() }
            return started
        } catch {
            StandardError.writeLine("touch-sandbox: no X display, and a private X server could not start (\(error)); install xserver-xorg-core and xserver-xorg-video-dummy (the README's run command does), or run inside an X session, or pass --display :0")
            exit(2)
        }
    }
}
