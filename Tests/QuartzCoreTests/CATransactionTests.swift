import QuartzCore
import XCTest

/// Transactions: disabling actions, durations and curves, nesting, completion blocks.
final class CATransactionTests: AnimationTestCase {
    func testAnImplicitTransactionIsCommittedByTheEngineCurrentWhenItOpened() async {
        let opener = CAAnimationEngine.current
        let other = CAAnimationEngine(clock: clock)
        var committed = 0
        CATransaction.setCompletionBlock { committed += 1 }
        XCTAssertTrue(opener.needsFrames)
        XCTAssertFalse(other.needsFrames, "another application's engine does not tick for it")
        other.tick()
        XCTAssertEqual(committed, 0, "nor commit it")
        opener.tick()
        XCTAssertEqual(committed, 1)
        XCTAssertFalse(opener.needsFrames)
    }

    func testDisableActionsInAnExplicitTransaction() async {
        let (_, layer) = attachedLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        XCTAssertTrue(CATransaction.disableActions())
        layer.position = CGPoint(x: 5, y: 5)
        CATransaction.commit()
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertNil(layer.animationKeys())
        layer.opacity = 0
        XCTAssertEqual(layer.animationKeys(), ["opacity"])
    }

    func testDurationAndTimingFunctionApplyToImplicitAnimationsAndNest() async {
        let (_, layer) = attachedLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = CGPoint(x: 100, y: 0)
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 2, "inherited")
        CATransaction.setAnimationDuration(4)
        layer.opacity = 0
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 2)
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertNil(CATransaction.animationTimingFunction())
        clock.now = 11
        XCTAssertEqual(layer.presentation()!.position.x, 50, accuracy: 1e-6)
        XCTAssertEqual(layer.presentation()!.opacity, 0.75, accuracy: 1e-6)
    }

    func testCompletionRunsWhenEveryAnimationOfTheTransactionHasStopped() async {
        let (_, layer) = attachedLayer()
        var done: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.append("outer") }
        CATransaction.setAnimationDuration(1)
        layer.position = CGPoint(x: 100, y: 0)
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.append("inner") }
        CATransaction.setAnimationDuration(2)
        layer.opacity = 0
        CATransaction.commit()
        CATransaction.commit()
        XCTAssertEqual(done, [])
        tick(at: 11)
        XCTAssertEqual(done, [], "the outer waits for the inner's animations too")
        tick(at: 12)
        XCTAssertEqual(done, ["inner", "outer"])
    }

    func testCompletionWithoutAnimationsRunsAtCommitAndRemovalCounts() async {
        var done: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.append("empty") }
        CATransaction.commit()
        XCTAssertEqual(done, ["empty"])
        let (_, layer) = attachedLayer()
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.append("removed") }
        layer.position = CGPoint(x: 1, y: 1)
        CATransaction.commit()
        layer.removeAllAnimations()
        XCTAssertEqual(done, ["empty", "removed"])
    }

    func testTheImplicitTransactionIsCommittedByTheTick() async {
        let (_, layer) = attachedLayer()
        var done = false
        CATransaction.setCompletionBlock { done = true }
        CATransaction.setAnimationDuration(0.5)
        layer.position = CGPoint(x: 3, y: 3)
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
        tick(at: 10.1)
        XCTAssertEqual(CATransaction.animationDuration(), 0.25, "committed: back to defaults")
        XCTAssertFalse(done)
        tick(at: 10.5)
        XCTAssertTrue(done)
    }

    func testUnbalancedCommitIsLoggedAndIgnored() async {
        CATransaction.commit()
        XCTAssertEqual(QuartzCoreDebug.loggedLines.count, 1)
        XCTAssertTrue(QuartzCoreDebug.loggedLines[0].hasSuffix("transaction: commit() without a matching begin(): ignored"))
    }

    func testFlushWaitsForExplicitTransactions() async {
        var done = false
        CATransaction.setCompletionBlock { done = true }
        CATransaction.begin()
        CATransaction.flush()
        XCTAssertFalse(done)
        CATransaction.commit()
        CATransaction.flush()
        XCTAssertTrue(done)
    }
}
