import Foundation
import XCTest
@testable import UIKit

/// The extrapolation behind `UIEvent.predictedTouches(for:)` and the few samples it
/// keeps per finger.
final class TouchPredictionTests: XCTestCase {
    /// One 60 Hz frame ahead in two steps of 1/120 s, nearest first, on the line of the
    /// velocity.
    func testPredictionsReachOneFrameAheadInTwoSteps() {
        let predictions = TouchPrediction.predictions(from: CGPoint(x: 10, y: 20), at: 5,
                                                      velocity: CGPoint(x: 120, y: -240))
        XCTAssertEqual(predictions.map(\.timestamp), [5 + 1.0 / 120, 5 + 1.0 / 60])
        XCTAssertEqual(predictions.map(\.location.x), [11, 12])
        XCTAssertEqual(predictions.map(\.location.y), [18, 16])
    }

    /// Only the latest eight samples count, oldest first, however many came before:
    /// two stray samples far off the line, then eight at 100 points a second, give
    /// 100 points a second.
    func testThePathKeepsItsLatestEightSamplesInOrder() {
        var path = RecentPath()
        path.add(CGPoint(x: 500, y: 500), at: 0.91)
        path.add(CGPoint(x: -500, y: 0), at: 0.92)
        for step in 0..<RecentPath.capacity {
            path.add(CGPoint(x: Double(step), y: 0), at: 0.93 + Double(step) / 100)
        }
        XCTAssertEqual(path.velocity.x, 100, accuracy: 1e-6)
        XCTAssertEqual(path.velocity.y, 0, accuracy: 1e-6)
    }
}
