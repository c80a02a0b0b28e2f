import Foundation
import HeadlessXorg
import X11Host
import XCTest

/// Waits for a sandbox process's window (the top-level window not among `before`) to
/// show its first frame, the scene's background at the left edge; returns the window.
@discardableResult
func waitForFirstFrame(on server: HeadlessXorg, besides before: Set<UInt>,
                       file: StaticString = #filePath, line: UInt = #line) throws -> UInt {
    let pixels = try WindowPixelReader(displayName: server.display)
    var window: UInt?
    let deadline = Date().addingTimeInterval(10)
    while window == nil, Date() < deadline {
        window = WindowList.topLevelWindows(display: server.display).first { !before.contains($0) }
        if window == nil { usleep(10_000) }
    }
    let shown = try XCTUnwrap(window, "the sandbox's window appeared", file: file, line: line)
    XCTAssertEqual(pixels.waitForPixel(of: shown, x: 5, y: 300, timeout: 10) { $0 == 0x1C1C1E }, 0x1C1C1E,
                   "the first frame", file: file, line: line)
    return shown
}
