import AnimatedImage
import CairoRenderer
import FileSafety
import Foundation
import SandboxDebugging
import TouchRecording
import UIKit

/// `touch-sandbox --replay FILE --at SECONDS [--until SECONDS]`: the gallery as it was at an
/// instant of a recording, or frame by frame over a stretch of it, written as pictures.
///
/// No X server is needed: the recording is re-executed in process from its start, on an
/// owned clock, frame by frame (`RecordingReexecution`), with the scene and the gallery
/// made anew and the overlays (`--overlays`) fed every batch, as the debug layer is on a
/// display. Nothing is drawn until the instant. So the same file gives the same picture on
/// every run and every machine, and a test can check it pixel for pixel.
///
/// Into `--output FOLDER` (the current folder by default), each file whole or absent
/// (`OutputFile`), and said in one line:
/// - `touch-sandbox-SCENE-at-1.250s.png`: the screen at `--at`;
/// - with `--until`, `touch-sandbox-SCENE-1.250s-2.000s.webp`: the instant of `--at`, then
///   every frame of the 60 Hz grid after it up to `--until`, an animated WebP that plays
///   at the real speed.
@MainActor
enum InstantPicture {
    /// What a run draws: the recording, the scene, the stretch, where it goes.
    struct Plan {
        var recording: TouchRecording
        var sceneType: any Scene.Type
        var at: TimeInterval
        var until: TimeInterval?
        var overlays: Set<DebugTool>
        var scale: CGFloat
        var outputFolder: URL
    }

    /// The files a plan writes.
    static func outputs(of plan: Plan) -> (picture: URL, animation: URL?) {
        let name = "touch-sandbox-\(plan.sceneType.name)"
        let at = String(format: "%.3fs", plan.at)
        return (plan.outputFolder.appendingPathComponent("\(name)-at-\(at).png"),
                plan.until.map { plan.outputFolder.appendingPathComponent("\(name)-\(at)-\(String(format: "%.3fs", $0)).webp") })
    }

    /// Re-executes the recording and writes the pictures; returns the line that says
    /// what was written, or throws the one-line reason it could not be.
    static func write(_ plan: Plan) throws -> String {
        let files = outputs(of: plan)
        for file in [files.picture] + (files.animation.map { [$0] } ?? []) {
            try OutputFile.checkWritable(file.path)
        }
        let gallery = GalleryReexecution(of: plan.recording, sceneType: plan.sceneType, overlays: plan.overlays)
        let replay = gallery.reexecution
        func picture() -> FrameBuffer {
            let sandbox = gallery.sandbox
            return replay.application.animationEngine.holdingTime {
                _ = sandbox.debugLayer.overlays.update(in: replay.window)
                return sandbox.debugLayer.snapshot(scale: plan.scale)
            }
        }
        try replay.run(to: plan.at)
        let first = picture()
        try OutputFile.write(try first.pngData(), to: files.picture.path)
        var line = String(format: "re-executed %@ to %.3f s: wrote %@", plan.sceneType.name, replay.time, shown(files.picture))
        if let until = plan.until, let animation = files.animation {
            let writer = try AnimatedWebPWriter(width: first.pixelWidth, height: first.pixelHeight)
            try writer.add(first, at: 0)
            var frames = 1
            let interval = replay.frameInterval
            // The frames of the grid after --at (a stop between frames ticks nothing), up
            // to --until.
            var frame = (plan.at / interval).rounded(.down) + 1
            while case let next = frame * interval, next <= until + 1e-9 {
                try replay.run(to: next)
                try writer.add(picture(), at: next - plan.at)
                frames += 1
                frame += 1
            }
            try OutputFile.write(try writer.finish(lastFrameDuration: interval), to: animation.path)
            line += String(format: " and %@ (%d frames to %.3f s)", shown(animation), frames, replay.time)
        }
        return line
    }

    /// A recording re-executed in the gallery on a scene, the screen the recording's
    /// size, the overlays in `overlays` fed every batch as the debug layer is on a
    /// display: what `--at` draws. Each run makes the gallery anew; `sandbox` is the
    /// current run's.
    @MainActor
    final class GalleryReexecution {
        // Set in `init`: the first run is made there, and makes the first gallery.
        private var run: RecordingReexecution?
        private var current: SandboxApp?

        var reexecution: RecordingReexecution { run! }
        var sandbox: SandboxApp { current! }

        init(of recording: TouchRecording, sceneType: any Scene.Type, overlays: Set<DebugTool>) {
            UIScreen.main.bounds = CGRect(origin: .zero, size: recording.header.size)
            run = RecordingReexecution(recording: recording, observe: { [unowned self] batch in
                _ = current?.debugLayer.apply(batch)
            }, makeWindow: { [unowned self] _ in
                let app = SandboxApp(sceneType: sceneType)
                app.showOnly(overlays: overlays)
                let window = UIWindow(frame: UIScreen.main.bounds)
                window.rootViewController = sceneType.init()
                app.attach(window)
                current = app
                return window
            })
        }
    }

    private static func shown(_ url: URL) -> String {
        url.deletingLastPathComponent().path == FileManager.default.currentDirectoryPath ? url.lastPathComponent : url.path
    }
}
