import CX11
import CairoRenderer
import Foundation
import XCTest
import UIKit
import X11Host

/// Records every batch a host's input chain is given, first in the chain (the first
/// stage, added before a kiosk's filter is), and passes it on untouched.
@MainActor
package final class BatchRecorder: InputFilter {
    package let stage = InputFilterStage.exitGesture
    package private(set) var batches: [[TouchSample]] = []
    package var onBatch: (([TouchSample]) -> Void)?

    package init() {}

    package func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
        batches.append(batch)
        onBatch?(batch)
        return batch
    }
}

/// A frame stage that draws nothing and counts (and reports) the presented frames.
@MainActor
package final class FrameWatcher: FrameStage {
    package let order = FrameStageOrder(rawValue: .infinity)
    package private(set) var frames = 0
    package var onFrame: ((X11Host.FrameReport, X11Host) -> Void)?

    package init() {}

    package func draw(in canvas: Canvas, size: CGSize) {}

    package func framePresented(_ report: X11Host.FrameReport, by host: X11Host) {
        frames += 1
        onFrame?(report, host)
    }
}

/// Stands in front of a host's client: passes everything on, but records resizes and
/// closes, and does not let a close end the test process.
@MainActor
package final class ObservingClient: X11HostClient {
    private weak var inner: (any X11HostClient)?
    package private(set) var sizes: [CGSize] = []
    package private(set) var closed = false

    package init(forwardingTo inner: (any X11HostClient)?) {
        self.inner = inner
    }

    package func host(_ host: X11Host, didReceive batch: [TouchSample]) {
        inner?.host(host, didReceive: batch)
    }

    package func host(_ host: X11Host, didReceive key: KeyInput) {
        inner?.host(host, didReceive: key)
    }

    package func host(_ host: X11Host, didReceive scroll: ScrollSample) {
        inner?.host(host, didReceive: scroll)
    }

    package func host(_ host: X11Host, didResizeTo size: CGSize) {
        sizes.append(size)
        inner?.host(host, didResizeTo: size)
    }

    package func hostDidClose(_ host: X11Host) {
        closed = true
    }
}

/// Runs `trigger`, then the app's loop until a frame presented after it finds `shown`
/// true (read as each frame is presented, so from the server's pixels that frame sent);
/// returns how many frames were presented up to and including that one, or nil when
/// none did within 3 s.
@MainActor
package func framesUntilShown(in host: X11Host, _ shown: @escaping () -> Bool, after trigger: () throws -> Void) rethrows -> Int? {
    let watcher = FrameWatcher()
    var frames = 0
    var isTriggered = false
    var shownAt: Int?
    watcher.onFrame = { _, host in
        frames += 1
        // The frame's pixels reach the server before another client's read of them.
        XSync(host.connection.display, 0)
        if isTriggered, shownAt == nil, shown() { shownAt = frames }
    }
    host.addFrameStage(watcher)
    defer { host.removeFrameStage(watcher) }
    // Adding the stage redraws the window: let that frame go first, and whatever
    // still moves settle (0.1 s with no frame, for at most 2 s), so the frames counted
    // are the trigger's.
    XCTAssertTrue(runLoop { frames >= 1 })
    for _ in 0..<20 {
        let before = frames
        _ = runLoop(timeout: 0.1) { false }
        if frames == before { break }
    }
    frames = 0
    isTriggered = true
    try trigger()
    _ = runLoop(timeout: 3) { shownAt != nil }
    return shownAt
}

/// `framesUntilShown` for the window's pixel at `probe` (window points) meeting
/// `condition`.
@MainActor
package func framesUntilShown(in host: X11Host, at probe: CGPoint, _ condition: @escaping (UInt32) -> Bool,
                      after trigger: () throws -> Void) throws -> Int? {
    let pixels = try WindowPixelReader(displayName: host.configuration.display ?? "")
    return try framesUntilShown(in: host, {
        guard CGRect(origin: .zero, size: host.size).contains(probe),
              let pixel = pixels.pixel(of: host.window.id, x: Int(probe.x), y: Int(probe.y)) else { return false }
        return condition(pixel)
    }, after: trigger)
}
