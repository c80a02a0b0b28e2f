import CairoRenderer
import Foundation
import UIKit

/// The scroll view's costs (issue 18): one moved touch dragging a list of 1,000 rows,
/// and the frames of a fling's deceleration, drawn with damage tracking.
///
/// **A moved touch.** As `CoreBenchmarks`: each operation is one batch with the finger
/// moved by a point, timed (ns) and counted under callgrind (instructions, from the
/// difference of two runs). The finger has already dragged the list, so every move
/// runs the scroll view's pan, moves the offset (`scrollViewDidScroll`) and places the
/// indicator; the base is the same move on a plain view, measured in the same run.
///
/// **A frame while decelerating.** A 1024 × 768 window with a still header and a list
/// of 1,000 rows (400 × 668 points) beside a still panel; a finger flings the list at
/// 2,000 points a second and lets go; then one frame per 16.7 ms on a manual clock
/// (timers, the animation tick that steps the deceleration, layout), drawn two ways side
/// by side on the same state, as `DamageBenchmark`: the whole window, and only the
/// layer tree's damage with the subtrees outside it skipped. The two final frames are
/// compared.
@MainActor
enum ScrollBenchmark {
    static let rowCount = 1_000
    static let rowHeight: CGFloat = 44

    /// A table view's row: a white view with a title and a separator.
    static func makeRow(_ index: Int, width: CGFloat) -> UIView {
        let row = UIView(frame: CGRect(x: 0, y: rowHeight * CGFloat(index), width: width, height: rowHeight))
        row.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 16, y: 0, width: width - 32, height: rowHeight))
        label.font = .systemFont(ofSize: 17)
        label.text = "Row \(index + 1)"
        row.addSubview(label)
        let separator = UIView(frame: CGRect(x: 16, y: rowHeight - 1, width: width - 16, height: 1))
        separator.backgroundColor = UIColor(white: 0.8, alpha: 1)
        row.addSubview(separator)
        return row
    }

    /// A list of `rowCount` rows filling `frame`.
    static func makeList(frame: CGRect) -> UIScrollView {
        let list = UIScrollView(frame: frame)
        list.backgroundColor = .white
        list.contentSize = CGSize(width: frame.width, height: rowHeight * CGFloat(rowCount))
        for index in 0..<rowCount {
            list.addSubview(makeRow(index, width: frame.width))
        }
        return list
    }

    // MARK: - A moved touch

    /// One finger dragging a list of 1,000 rows in the middle of its content; each
    /// operation moves it a point, alternately up and down. With `collectingDamage`, the
    /// window's layer tree tracks damage as under the host, and each operation also
    /// collects it, as the frame that shows the move would.
    static func movedTouchOnList(collectingDamage: Bool) -> CoreBenchmarks.Operation {
        let clock = ManualClock(now: 1000)
        CAAnimationEngine.current.clock = clock
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        let list = makeList(frame: window.bounds)
        window.addSubview(list)
        window.makeKeyAndVisible()
        list.contentOffset = CGPoint(x: 0, y: 20_000)
        let tracker = collectingDamage ? window.layer.startTrackingDamage(bounds: window.bounds, scale: 1) : nil
        let id = TouchSample.ID(device: 1, number: 1)
        window.inject([TouchSample(id: id, phase: .began, location: CGPoint(x: 200, y: 300), timestamp: clock.now)])
        clock.advance(by: 0.01)
        window.inject([TouchSample(id: id, phase: .moved, location: CGPoint(x: 200, y: 280), timestamp: clock.now)])
        precondition(list.isDragging, "the finger must drag the list")
        var y: CGFloat = 280
        let detail = collectingDamage ? "1,000 rows, dragging; damage collected" : "1,000 rows, dragging"
        return CoreBenchmarks.Operation(name: "dispatch of one moved touch, list", detail: detail) {
            y = y == 280 ? 281 : 280
            clock.advance(by: 0.001)
            window.inject([TouchSample(id: id, phase: .moved, location: CGPoint(x: 200, y: y), timestamp: clock.now)])
            if let tracker { _ = tracker.takeDamage() }
        }
    }

    static let operations: [String: @MainActor () -> CoreBenchmarks.Operation] = [
        "moved-touch-plain": CoreBenchmarks.movedTouch,
        "moved-touch-list": { movedTouchOnList(collectingDamage: false) },
        "moved-touch-list-damage": { movedTouchOnList(collectingDamage: true) },
    ]
    static let order = ["moved-touch-plain", "moved-touch-list", "moved-touch-list-damage"]

    /// Instructions per operation under callgrind, or nil without valgrind.
    static func instructions(_ key: String, executable: URL) -> Double? {
        callgrindInstructionsPerRun("scroll-op", key, few: 100, many: 1_100, executable: executable)
    }

    /// Runs one operation `count` times after its set-up (for callgrind).
    static func runOnly(_ key: String, count: Int) {
        guard let make = operations[key] else { fail("unknown scroll operation \(key)") }
        let operation = make()
        for _ in 0..<count { operation.run() }
    }

    // MARK: - The table

    static func printTable(executable: URL) {
        print("| operation | set-up | ns / op | instructions / op |")
        print("|---|---|---|---|")
        for key in order {
            guard let make = operations[key] else { continue }
            let operation = make()
            let ns = CoreBenchmarks.nanoseconds(operation, count: 100_000)
            let instructions = instructions(key, executable: executable).map { String(format: "%.0f", $0) } ?? "n/a"
            print(String(format: "| %@ | %@ | %.0f | %@ |", operation.name, operation.detail, ns, instructions))
        }
        print("")
        decelerationFrames()
    }

    // MARK: - Frames while decelerating

    static func decelerationFrames() {
        let size = CGSize(width: 1024, height: 768)
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        UIScreen.main.scale = 1
        let clock = ManualClock(now: 2000)
        CAAnimationEngine.current.clock = clock
        UIApplication.shared.discardAllState()
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.backgroundColor = UIColor(white: 0.94, alpha: 1)
        window.makeKeyAndVisible()
        let header = UILabel(frame: CGRect(x: 0, y: 0, width: size.width, height: 60))
        header.text = "1,000 rows"
        header.textAlignment = .center
        header.backgroundColor = .white
        window.addSubview(header)
        let panel = UIView(frame: CGRect(x: 24, y: 84, width: 264, height: 660))
        panel.backgroundColor = UIColor(red: 0.2, green: 0.45, blue: 0.8, alpha: 1)
        window.addSubview(panel)
        let list = makeList(frame: CGRect(x: 312, y: 76, width: 400, height: 668))
        window.addSubview(list)
        window.layoutIfNeeded()

        let renderer = LayerRenderer()
        let whole = FrameBuffer(pointSize: size, scale: 1)
        let damaged = FrameBuffer(pointSize: size, scale: 1)
        whole.draw(eachOf: []) { renderer.render(window.layer, in: $0) }
        damaged.draw(eachOf: []) { renderer.render(window.layer, in: $0) }
        let tracker = window.layer.startTrackingDamage(bounds: window.bounds, scale: 1)

        // The fling: ten moves of 20 points 10 ms apart, lifted at once.
        let id = TouchSample.ID(device: 1, number: 1)
        var finger = CGPoint(x: 512, y: 600)
        window.inject([TouchSample(id: id, phase: .began, location: finger, timestamp: clock.now)])
        for _ in 0..<10 {
            clock.advance(by: 0.01)
            finger.y -= 20
            window.inject([TouchSample(id: id, phase: .moved, location: finger, timestamp: clock.now)])
        }
        window.inject([TouchSample(id: id, phase: .ended, location: finger, timestamp: clock.now)])
        precondition(list.isDecelerating, "the fling must decelerate")
        _ = tracker.takeDamage()
        whole.draw(eachOf: []) { renderer.render(window.layer, in: $0) }
        damaged.draw(eachOf: []) { renderer.render(window.layer, in: $0) }

        var wholeTimes: [Double] = [], damageTimes: [Double] = [], damagePixels: [Int] = []
        let startOffset = list.contentOffset.y
        var frames = 0
        while list.isDecelerating {
            clock.advance(by: 1.0 / 60)
            UIApplication.shared.runPendingTimers()
            CAAnimationEngine.current.tick()
            window.layoutIfNeeded()
            CAAnimationEngine.current.holdingTime {
                let collecting = MonotonicClock().now
                let region = tracker.takeDamage()
                let collection = (MonotonicClock().now - collecting) * 1e6
                // Alternating which goes first, so both meet the same cache and load.
                for policy in frames % 2 == 0 ? [0, 1] : [1, 0] {
                    let start = MonotonicClock().now
                    if policy == 0 {
                        whole.draw(eachOf: []) { renderer.render(window.layer, in: $0) }
                        wholeTimes.append((MonotonicClock().now - start) * 1e6)
                    } else {
                        if !region.isEmpty {
                            damaged.draw(eachOf: region.coversBounds ? [] : region.rects) { canvas in
                                renderer.renderDamage(of: window.layer, in: canvas)
                            }
                        }
                        damageTimes.append((MonotonicClock().now - start) * 1e6 + collection)
                    }
                }
                damagePixels.append(region.pixelCount)
            }
            frames += 1
        }
        let area = Double(size.width * size.height)
        let listArea = Double(list.bounds.width * list.bounds.height)
        func mean(_ values: [Int]) -> Double { Double(values.reduce(0, +)) / Double(max(values.count, 1)) }
        func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let travelled = list.contentOffset.y - startOffset
        print("| 1024×768, a list of 1,000 rows (400 × 668) decelerating from 2,000 pt/s | frames | px drawn / frame (mean) | share of window | share of list | frame µs (median) |")
        print("|---|---|---|---|---|---|")
        print(String(format: "| whole window every frame | %d | %.0f | 100.0 %% | | %.0f |", frames, area, middle(wholeTimes)))
        print(String(format: "| damage tracking | %d | %.0f | %.1f %% | %.1f %% | %.0f |", frames, mean(damagePixels),
                     mean(damagePixels) / area * 100, mean(damagePixels) / listArea * 100, middle(damageTimes)))
        print(String(format: "| ratio damage / whole | | %.3f | | | %.3f |", mean(damagePixels) / area,
                     middle(damageTimes) / middle(wholeTimes)))
        print(String(format: "the fling travelled %.0f points in %d frames; ", travelled, frames)
            + "largest channel difference between the two final frames: \(whole.largestChannelDifference(from: damaged)) of 255")
    }
}
