import CairoRenderer
import Foundation
import SandboxDebugging
import TouchSandbox
import UIKit

/// Pixels drawn and copied per frame, and the cost of a frame, for one finger moving
/// every 8 ms over the touch-spots scene with every overlay on, drawn two ways side by
/// side in one run, frame by frame on the same state:
///
/// - **whole window on any layer change**, the policy before damage tracking (the
///   process-wide render generation): a frame in which any layer changed redraws and
///   copies the whole window; otherwise only the overlays' rectangles;
/// - **damage**: the layer tree's `DamageRegion` with the overlays' rectangles, the
///   frame clipped to it, subtrees outside it skipped.
///
/// In process, without a window system: the scene's UIKit window takes the samples
/// through `UIWindow.inject(_:)` on a manual clock, the animation engine ticks once per
/// 16.7 ms frame, and each frame is drawn into a frame buffer per policy (the copy to an
/// X window is the same rectangles). A frame's cost is its drawing (scene and
/// overlays), and for damage also collecting it (`takeDamage()`). The two buffers are
/// compared at the end.
@MainActor
enum DamageBenchmark {
    static func run(moves: Int = 600) {
        let size = CGSize(width: 1024, height: 768)
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        UIScreen.main.scale = 1
        let clock = ManualClock(now: 1000)
        CAAnimationEngine.current.clock = clock
        let run = Run(size: size)
        run.frame(first: true)
        var nextFrame = clock.now
        let id = TouchSample.ID(device: 2, number: 1)
        for index in 0...moves {
            let phase: TouchSample.Phase = index == 0 ? .began : index == moves ? .ended : .moved
            let angle = Double(index) * 0.02
            let location = CGPoint(x: 512 + 300 * cos(angle), y: 400 + 220 * sin(angle * 1.3))
            let batch = [TouchSample(id: id, phase: phase, location: location, timestamp: clock.now)]
            run.window.inject(batch)
            run.overlayRects += run.overlays.apply(batch, in: run.window)
            clock.advance(by: 0.008)
            if clock.now >= nextFrame {
                CAAnimationEngine.current.tick()
                run.frame(first: false)
                nextFrame = clock.now + 1.0 / 60
            }
        }
        let worst = run.whole.largestChannelDifference(from: run.damaged)
        func mean(_ values: [Int]) -> Double { Double(values.reduce(0, +)) / Double(max(values.count, 1)) }
        func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print("| policy, 1024×768, one finger moving every 8 ms, every overlay on | frames | px drawn & copied / frame (mean) | share of window | frame µs (median) |")
        print("|---|---|---|---|---|")
        let area = Double(1024 * 768)
        print(String(format: "| whole window on any layer change (before) | %d | %.0f | %.1f %% | %.0f |", run.wholePixels.count,
                     mean(run.wholePixels), mean(run.wholePixels) / area * 100, middle(run.wholeTimes)))
        print(String(format: "| damage tracking (after) | %d | %.0f | %.1f %% | %.0f |", run.damagePixels.count,
                     mean(run.damagePixels), mean(run.damagePixels) / area * 100, middle(run.damageTimes)))
        print(String(format: "| ratio after / before | | %.3f | | %.3f |", mean(run.damagePixels) / mean(run.wholePixels),
                     middle(run.damageTimes) / middle(run.wholeTimes)))
        print("largest channel difference between the two final frames: \(worst) of 255")
    }

    /// The scene, its overlays and the two frame buffers.
    @MainActor
    final class Run {
        let renderer = LayerRenderer()
        let window: UIWindow
        let overlays = DebugOverlays()
        let tracker: DamageTracker
        let whole: FrameBuffer, damaged: FrameBuffer
        var wholePixels: [Int] = [], damagePixels: [Int] = []
        var wholeTimes: [Double] = [], damageTimes: [Double] = []
        var overlayRects: [CGRect] = []

        init(size: CGSize) {
            window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.makeKeyAndVisible()
            window.rootViewController = SceneCatalog.scene(named: "touch-spots")!.init()
            window.layoutIfNeeded()
            for overlay in overlays.all { overlay.isVisible = true }
            tracker = window.layer.startTrackingDamage(bounds: window.bounds, scale: 1)
            whole = FrameBuffer(pointSize: size, scale: 1)
            damaged = FrameBuffer(pointSize: size, scale: 1)
        }

        func draw(into buffer: FrameBuffer, clip: [CGRect], culled: Bool) {
            buffer.draw(eachOf: clip) { canvas in
                if culled { renderer.renderDamage(of: window.layer, in: canvas) } else { renderer.render(window.layer, in: canvas) }
                overlays.draw(in: canvas, window: window)
            }
        }

        func frame(first: Bool) {
            window.layoutIfNeeded()
            let layersChanged = first || tracker.hasDamage
            CAAnimationEngine.current.holdingTime { frame(first: first, layersChanged: layersChanged) }
        }

        private func frame(first: Bool, layersChanged: Bool) {
            let collecting = MonotonicClock().now
            var region = tracker.takeDamage()
            let collection = (MonotonicClock().now - collecting) * 1e6
            let frameDamage = overlays.damageForFrame(in: window)
            for rect in overlayRects + frameDamage { region.add(rect) }
            // Before: any layer change redrew the window; overlays alone, their rectangles.
            var before = DamageRegion(bounds: window.bounds)
            if layersChanged { before.addAll() } else { for rect in overlayRects + frameDamage { before.add(rect) } }
            overlayRects = []
            // Alternating which goes first, so both meet the same cache and load.
            for policy in first || wholeTimes.count % 2 == 0 ? [0, 1] : [1, 0] {
                let start = MonotonicClock().now
                if policy == 0 {
                    guard !before.isEmpty else { continue }
                    draw(into: whole, clip: before.coversBounds ? [] : before.rects, culled: false)
                } else {
                    guard !region.isEmpty else { continue }
                    draw(into: damaged, clip: region.coversBounds ? [] : region.rects, culled: true)
                }
                // The damage's frame includes collecting it.
                let elapsed = (MonotonicClock().now - start) * 1e6 + (policy == 1 ? collection : 0)
                if !first {
                    if policy == 0 { wholeTimes.append(elapsed) } else { damageTimes.append(elapsed) }
                }
            }
            if !first {
                wholePixels.append(before.pixelCount)
                damagePixels.append(region.pixelCount)
            }
        }
    }
}
