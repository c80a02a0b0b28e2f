import Foundation
import TouchRecording
import UIKit

/// Replays the `.touches` recording at `url` into an app made anew by `makeWindow`, up to
/// recording time `instant`, and returns the re-execution standing there: its
/// `application` and `window` are the app's real state at that instant, to assert on
/// (and to attach: `Attachment.record(replay.window, named: "at 1.25 s")`).
///
///     let replay = try replayRecording(at: url, to: 1.25) { _ in makeMyWindow() }
///     #expect(replay.window.subviews[0].center.x == 300)
///     try replay.run(to: 0.5)        // another instant, backwards too
///
/// The app runs on an owned manual clock through its real run loop, a frame every
/// `frameInterval` (`RecordingReexecution`), so the same file gives the same state at
/// the same instant on every run, on any machine. Throws the reader's one-line error for
/// a file that is missing or not a recording, and `RecordingReexecution.Divergence` for
/// an app that did not replay the same (it reads `Date()`, random numbers, files …).
@MainActor
public func replayRecording(at url: URL, to instant: TimeInterval, frameInterval: TimeInterval = 1.0 / 60,
                            makeWindow: @escaping @MainActor (UIApplication) -> UIWindow) throws -> RecordingReexecution {
    let recording = try TouchRecordingReader.read(contentsOf: url).recording
    let replay = RecordingReexecution(recording: recording, frameInterval: frameInterval, makeWindow: makeWindow)
    try replay.run(to: instant)
    return replay
}
