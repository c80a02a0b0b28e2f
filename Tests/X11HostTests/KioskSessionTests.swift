import Foundation
import Synchronization
import UIKit
import X11Host
import X11TestSupport
import XCTest
import TouchTestSupport

/// A kiosk session on a manual clock: the idle timeout, re-armed by touches, heard by
/// the app delegate and the notification; the exit question and its answers.
@MainActor
final class KioskSessionTests: XCTestCase {
    private final class Delegate: UIResponder, KioskApplicationDelegate {
        var idle = 0
        func applicationDidBecomeIdle(inKiosk application: UIApplication) { idle += 1 }
    }


    /// The media clock, manual, from t = 100 s.
    private var clock: ManualClock!

    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 100)
    }

    override func tearDown() async throws {
        TestApplication.end()
    }

    func testTheAppHearsOfAnIdleSpellOnceAndATouchReArmsIt() async {
        let delegate = Delegate()
        UIApplication.shared.delegate = delegate
        let notifications = Mutex(0)
        var notified: Int { notifications.withLock { $0 } }
        let observer = NotificationCenter.default.addObserver(forName: KioskSession.didBecomeIdleNotification, object: nil,
                                                              queue: nil) { _ in notifications.withLock { $0 += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }
        let session = KioskSession(configuration: KioskConfiguration(idleTimeout: 60), screenSize: CGSize(width: 1024, height: 768))

        func advance(to time: TimeInterval) {
            clock.now = time
            UIApplication.shared.runPendingTimers()
        }
        advance(to: 130)
        XCTAssertEqual(session.handle([TouchSample.finger(1, .began, 500, 400, at: 130, device: 2), TouchSample.finger(1, .ended, 500, 400, at: 130.1, device: 2)]).count, 2, "touches pass")
        advance(to: 189.9)
        XCTAssertEqual(delegate.idle, 0, "59.9 s after the last touch")
        advance(to: 190.2)
        XCTAssertEqual([delegate.idle, notified, session.idleCount], [1, 1, 1])
        advance(to: 400)
        XCTAssertEqual(delegate.idle, 1, "once per idle spell")
        _ = session.handle([TouchSample.finger(2, .began, 500, 400, at: 400, device: 2), TouchSample.finger(2, .ended, 500, 400, at: 400, device: 2)])
        advance(to: 459)
        XCTAssertEqual(delegate.idle, 1)
        advance(to: 460.5)
        XCTAssertEqual([delegate.idle, notified], [2, 2], "a touch re-armed it")
    }

    func testTheQuestionLeavesOnlyOnLeaveAndStaysByItself() async throws {
        let session = KioskSession(configuration: KioskConfiguration(idleTimeout: 0), screenSize: CGSize(width: 1024, height: 768))
        var left = 0
        session.onExit = { left += 1 }
        session.ask()
        let question = try XCTUnwrap(session.confirmation)
        XCTAssertFalse(question.isHidden)
        question.layoutIfNeeded()
        XCTAssertGreaterThanOrEqual(question.leaveButton.frame.height, 44)
        XCTAssertGreaterThanOrEqual(question.stayButton.frame.width, 44)
        question.stayButton.sendActions(for: .touchUpInside)
        XCTAssertTrue(question.isHidden)
        XCTAssertEqual(left, 0)

        session.ask()
        clock.now = 100 + KioskExitConfirmation.timeout + 0.1
        UIApplication.shared.runPendingTimers()
        XCTAssertTrue(question.isHidden, "nobody answered: it stays")
        XCTAssertEqual(left, 0)

        session.ask()
        question.leaveButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(left, 1)
    }
}
