import UIKit
import XCTest

final class UIKitDebugTests: UIKitTestCase {
    func testOneLineFormatRetentionAndTheSwitch() async {
        UIKitDebug.clearLoggedLines()
        UIKitDebug.log(.timers, "first")
        clock.advance(by: 0.5)
        UIKitDebug.log(.delivery, "second")
        XCTAssertEqual(UIKitDebug.loggedLines, ["[UIKit 100.000000] timers: first", "[UIKit 100.500000] delivery: second"])
        UIKitDebug.retainedLineLimit = 2
        defer { UIKitDebug.retainedLineLimit = 1_000 }
        UIKitDebug.log(.input, "third")
        XCTAssertEqual(UIKitDebug.loggedLines.count, 2)
        XCTAssertEqual(UIKitDebug.loggedLines.first, "[UIKit 100.500000] delivery: second")
        UIKitDebug.isLoggingEnabled = false
        var built = false
        UIKitDebug.log(.input, { built = true; return "never" }())
        XCTAssertFalse(built, "a message is not even built while logging is off")
        XCTAssertEqual(UIKitDebug.loggedLines.count, 2)
    }
}
