import Foundation
import UIKit

/// What holding costs: N fingers beginning in one batch on a view whose recognizer delays
/// touches began (so every finger's began is withheld), then lifting in one batch, against
/// the same without the delay. Time per finger should not grow with N: holding is O(N)
/// per batch (issue 12 measured 10,000 held fingers at 3.5 s, against 24 ms unheld,
/// before it was).
@MainActor
enum HoldingBenchmark {
    static func run() {
        print("| fingers in one batch | not held, µs / finger | held, µs / finger | held ÷ not held |")
        print("|---|---|---|---|")
        for count in [1_000, 4_000, 10_000] {
            let plain = microsecondsPerFinger(count: count, holding: false)
            let held = microsecondsPerFinger(count: count, holding: true)
            print(String(format: "| %d | %.2f | %.2f | %.2f |", count, plain, held, held / plain))
        }
    }

    /// The best of three rounds: begin `count` fingers, move them, lift them.
    private static func microsecondsPerFinger(count: Int, holding: Bool) -> Double {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let view = UIView(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        window.makeKeyAndVisible()
        let pan = UIPanGestureRecognizer()
        // Never enough fingers to begin: it stays possible, holding every began.
        pan.minimumNumberOfTouches = count + 1
        pan.delaysTouchesBegan = holding
        view.addGestureRecognizer(pan)
        var best = Double.infinity
        var number: UInt32 = 0
        for _ in 0..<3 {
            let ids = (0..<count).map { _ -> TouchSample.ID in
                number += 1
                return TouchSample.ID(device: 1, number: number)
            }
            let time = CACurrentMediaTime()
            let start = DispatchTime.now().uptimeNanoseconds
            for phase in [TouchSample.Phase.began, .moved, .ended] {
                window.inject(ids.enumerated().map { index, id in
                    TouchSample(id: id, phase: phase, location: CGPoint(x: CGFloat(index % 1000), y: phase == .began ? 10 : 20),
                                timestamp: time)
                })
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            precondition(window.activeTouches.isEmpty, "every finger must have lifted")
            best = min(best, elapsed / Double(count) / 1_000)
            UIApplication.shared.discardAllState()
            window.makeKeyAndVisible()
        }
        window.isHidden = true
        return best
    }
}
