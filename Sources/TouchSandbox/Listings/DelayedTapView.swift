import UIKit

/// Neuburg, "Touches": "Interpreting Touches" (the listing "adapted from Apple's own
/// example"): a view that tells a single tap from a double tap by itself, with the
/// touches' tap counts and delayed performance, no gesture recognizer.
///
/// Contract, as Neuburg writes it:
/// - A touch ending with tap count 1 schedules `singleTap` 0.3 s later.
/// - A touch beginning with tap count 2 cancels that pending `singleTap`; the touch
///   ending with tap count 2 reports the double tap at once.
/// - Other tap counts (a third tap) report nothing.
/// So a single tap is reported 0.3 s after its finger lifts, a double tap when its second
/// finger lifts, never with a single before it.
///
/// What the listing does not check, and the sandbox shows beside the recognizers: the
/// tap count says nothing about how long the finger stayed down or how far it moved, so
/// a long press or a drag that ends with tap count 1 is reported as a single tap too; and
/// a second tap that begins 0.3–0.35 s after the first (late for the listing's delay, but
/// still within `TapCountThresholds.maximumInterval`, so its tap count is 2) is reported as
/// a single and then a double.
///
/// Repairs:
/// - `[[touches anyObject] tapCount]` becomes `touches.first?.tapCount`.
/// - `performSelector:withObject:afterDelay:` becomes `perform("singleTap", afterDelay:)`
///   with a closure, and `cancelPreviousPerformRequestsWithTarget:selector:object:`
///   becomes `UIResponder.cancelPreviousPerformRequests(withTarget:selector:)`: Swift on
///   Linux has no selectors, so the name is only the key for cancelling
///   (`UIResponder+DelayedPerform.swift`).
/// - The closure captures the view weakly, so a view removed before its delayed call
///   runs is not kept alive by it (the Objective-C request would retain it).
/// - `NSLog(@"single tap")` and `NSLog(@"double tap")` append "single" and "double" to
///   `actionLog`, which the sandbox shows and tests read.
@MainActor
public final class DelayedTapView: UIView {
    /// The delay before a tap with count 1 is reported, as in Neuburg's listing.
    public static let singleTapDelay: TimeInterval = 0.3

    /// The taps reported so far, oldest first: "single" or "double".
    public private(set) var actionLog: [String] = []
    /// Called after each entry joins `actionLog`.
    public var actionLogged: (@MainActor (String) -> Void)?

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        let ct = touches.first?.tapCount ?? 0
        if ct == 2 {
            UIResponder.cancelPreviousPerformRequests(withTarget: self, selector: "singleTap")
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let ct = touches.first?.tapCount ?? 0
        if ct == 1 {
            perform("singleTap", afterDelay: Self.singleTapDelay) { [weak self] in self?.singleTap() }
        }
        if ct == 2 {
            log("double")
        }
    }

    func singleTap() {
        log("single")
    }

    private func log(_ entry: String) {
        actionLog.append(entry)
        actionLogged?(entry)
    }
}
