import CairoRenderer
import CX11
import Dispatch
import FileSafety
import Foundation
import UIKit

/// Drawing and presenting: damage asked for, the input echo, and the frame the run loop
/// decides on (`RunLoopPresenter`), drawn offscreen and copied rectangle by rectangle.
extension X11Host {
    // MARK: - Drawing

    /// How far from a finger (points) the damage is drawn and sent first in a frame that
    /// shows input: a touch spot's 22-point radius with a little to spare.
    public static let fingertipReach: CGFloat = 24

    /// Asks for the whole window to be redrawn (in the current turn's frame, or in a
    /// turn asked for now).
    public func setNeedsDisplay() {
        damage.addAll()
        runLoop.setNeedsPresent()
    }

    /// Asks for a frame whose damage the frame stages give when it is drawn.
    public func setNeedsFrame() {
        isFrameWanted = true
        runLoop.setNeedsPresent()
    }

    /// Asks for a rectangle (in points) to be redrawn.
    public func setNeedsDisplay(_ rect: CGRect) {
        damage.add(rect)
        runLoop.setNeedsPresent()
    }

    /// An input echo: draws `draw` (in window points) once, straight over the frame on
    /// screen, clipped to `rects`, and sends those pixels to the window at once, ahead of
    /// the app's handling of the input and of the frame that follows it. A touch
    /// visualiser's mark for a finger that just landed so shows in the time the server
    /// takes to copy it, whatever the app then does with the touch and however long it
    /// takes (as a pointer's cursor shows apart from the app's frames).
    ///
    /// An echo can only add to the pixels on screen, never take back: it draws over
    /// the last frame, under nothing. So it suits a mark that the next frame draws too,
    /// topmost, in the same place (a new finger's spot), not one that moves (a moving
    /// finger's spot, whose old place only a frame can clear). Every pixel it touches
    /// joins the damage: the next frame redraws `rects` in full, the mark again over
    /// whatever is under it by then. Not a frame: no frame stage draws, and frame reports and the
    /// pacer do not count it.
    ///
    /// No echo is drawn while the whole window waits to be redrawn (a new size, an
    /// expose): the frame then is not what the screen shows, and the next frame, due
    /// at once, shows the mark.
    public func presentEcho(in rects: [CGRect], _ draw: (Canvas) -> Void) {
        guard !isClosed, !damage.coversBounds else { return }
        let sent = frameBuffer.draw(over: rects, draw)
        for rect in rects { damage.add(rect) }
        runLoop.setNeedsPresent()
        guard !sent.isEmpty else { return }
        window.present(frameBuffer, rects: sent)
        // Wait for the server to have copied it: woken by the request, the server is
        // often placed on this process's core, where it would wait for the app's
        // handling of the batch to finish before copying anything. (What Xlib reads
        // meanwhile is handled before the run loop sleeps: `hasInputAlreadyRead`.)
        XSync(connection.display, 0)
        // Then let what the server woke as it copied (a compositor, told of the new
        // pixels) run first: woken from this core, it waits here too, behind the app's
        // handling and frame, unless this thread steps back. Returns at once when
        // nothing waits. (BENCHMARKS.md, "An input echo": p99 about 1.2 ms without,
        // 0.7 ms with.)
        sched_yield()
    }

    // MARK: - RunLoopPresenter

    /// The frame grid's step (`refreshInterval`).
    public var framePacingInterval: TimeInterval? { refreshInterval }

    /// The latest vertical blank of the window's monitor the Present extension reported,
    /// on the run loop's host clock (its application's `clock`), or nil before the first
    /// answer or without Present. Reads the answers that came, never waiting
    /// (`PresentVblankClock`).
    public func latestVblank() -> TimeInterval? {
        guard !isClosed, let vblankClock else { return nil }
        let now = MonotonicClock().now
        if vblankClock.read(now: now), let latest = vblankClock.latest {
            // The UST is on CLOCK_MONOTONIC; the host clock may be another (a test's).
            vblankMediaTime = runLoop.application.clock.now - (now - latest.seconds)
        }
        return vblankMediaTime
    }

    /// Whether a frame would draw something: the host's damage, a stage that asked
    /// (`setNeedsFrame()`), or a window stage whose layer tree has damage.
    public var needsPresent: Bool {
        guard !isClosed else { return false }
        return !damage.isEmpty || isFrameWanted || frameStages.contains { $0.hasDamage }
    }

    /// Draws and presents a frame now if something changed (the run loop decided it may
    /// start; `windows` are drawn through their frame stages); returns whether it drew.
    @discardableResult
    public func present(_ windows: [UIWindow] = [], showingInput showsInput: Bool) -> Bool {
        guard needsPresent else { return false }
        let started = MonotonicClock().now
        isFrameWanted = false
        let input = undrawnInputLocations
        undrawnInputLocations = []
        // The windows' application's time, held for the frame.
        let engine = windows.first?.layer.animationEngine ?? CAAnimationEngine.current
        let drawn: Bool = engine.holdingTime {
            for stage in frameStages {
                for rect in stage.takeDamage(in: self) { damage.add(rect) }
            }
            guard !damage.isEmpty else { return false }
            // Empty: the whole window (the clip and the report say so).
            // What is under the fingers first, then what holds them, then the rest
            // (`DamageRegion.rectsInDrawingOrder(showingFirst:fingertipReach:)`).
            let rects = damage.coversBounds
                ? [] : damage.rectsInDrawingOrder(showingFirst: input, fingertipReach: Self.fingertipReach)
            damage = DamageRegion(bounds: damage.bounds, scale: damage.scale)
            let size = frameBuffer.pointSize
            // Each rectangle on its own, unclipped (`FrameBuffer.draw(eachOf:)`): the
            // stages draw once per rectangle and skip what lies outside it. Each is sent
            // to the server as soon as it is drawn, so the server copies one to the
            // screen while the next is drawn (the two run on different cores), and what
            // is drawn first shows without waiting for the rest of the frame.
            var sent = 0
            frameBuffer.draw(eachOf: rects, drawn: { rect in
                // A frame that shows input waits, before its second rectangle goes, for
                // the server to have handled the first (the fingertip): the server reads
                // on while a client has requests queued, and tells others of what it drew
                // (a compositor's or a watcher's damage events) only when it stops, so
                // the rest of the frame, sent behind the fingertip, would hold that back.
                // Drawing the second rectangle gave the server that time: the wait is
                // mostly the round trip.
                if showsInput, sent == 1 { XSync(connection.display, 0) }
                sent += 1
                window.present(frameBuffer, rects: [rect])
            }) { canvas in
                for stage in frameStages { stage.draw(in: canvas, size: size) }
            }
            lastDirtyRects = rects
            return true
        }
        guard drawn else { return false }
        let rects = lastDirtyRects
        let presented = MonotonicClock().now
        let report = FrameReport(started: started, presented: presented, dirtyRects: rects)
        for stage in frameStages { stage.framePresented(report, by: self) }
        return true
    }
}
