import Foundation

/// Every default threshold of the built-in recognizers, in one place. Distances are in
/// points in window coordinates, times in seconds on the media clock (so tests move a
/// `ManualClock` and timers fire exactly). The values follow what iOS does closely
/// enough that gestures feel the same; where UIKit exposes a property
/// (`minimumPressDuration`, `allowableMovement`) its documented default is used.
public enum GestureThresholds {
    // MARK: Taps (UITapGestureRecognizer, and the taps before a long press)

    /// A tap's finger may wander this far from where it went down before the tap fails.
    public static let tapAllowableMovement: CGFloat = TapCountThresholds.maximumDistance
    /// A finger held down longer than this is not a tap: the tap recognizer fails.
    public static let maximumTapDuration: TimeInterval = TapCountThresholds.maximumTapDuration
    /// The longest wait, from one tap's finger lifting to the next tap's finger going
    /// down, before a multi-tap recognizer fails.
    public static let maximumIntervalBetweenTaps: TimeInterval = TapCountThresholds.maximumInterval
    /// How far apart successive taps of one multi-tap gesture may land.
    public static let maximumDistanceBetweenTaps: CGFloat = TapCountThresholds.maximumDistance

    // MARK: Long press (UILongPressGestureRecognizer)

    /// `minimumPressDuration`'s default, as in UIKit.
    public static let minimumPressDuration: TimeInterval = 0.5
    /// `allowableMovement`'s default, as in UIKit.
    public static let longPressAllowableMovement: CGFloat = 10

    // MARK: Pan (UIPanGestureRecognizer)

    /// The pan begins once the touches' centroid has moved this far from where it
    /// started (its hysteresis), so that a tap's jitter is not a drag.
    public static let panHysteresis: CGFloat = 10
    /// `velocity(in:)` is estimated from the samples of this recent span.
    public static let velocitySampleWindow: TimeInterval = 0.1

    // MARK: Screen-edge pans and the transitions fingers drive

    /// A `UIScreenEdgePanGestureRecognizer` starts only for a finger landing this close
    /// to one of its edges.
    public static let screenEdgeWidth: CGFloat = 20
    /// An interactive pop (the back swipe) completes when the finger lets go past this
    /// fraction of the width, or moving towards completion faster than
    /// `interactivePopVelocity`; otherwise it goes back.
    public static let interactivePopFraction: CGFloat = 0.5
    /// Points per second, along the swipe.
    public static let interactivePopVelocity: CGFloat = 300
    /// A page sheet swiped down dismisses when let go past this fraction of its height,
    /// or moving down faster than `sheetDismissVelocity`; otherwise it springs back.
    public static let sheetDismissFraction: CGFloat = 0.4
    /// Points per second, downwards.
    public static let sheetDismissVelocity: CGFloat = 800

    // MARK: Swipe (UISwipeGestureRecognizer)

    /// The swipe is recognized once the fingers have travelled this far along a
    /// permitted direction.
    public static let swipeMinimumDistance: CGFloat = 50
    /// …within this time of going down; slower is a drag, and the swipe fails.
    public static let swipeMaximumDuration: TimeInterval = 0.5
    /// …keeping within this angle (radians) of the direction's axis.
    public static let swipeMaximumAngle: CGFloat = .pi / 8
    /// The stroke's direction is first judged once the centroid has moved this far, so
    /// that a finger's landing wobble does not count as a direction.
    public static let swipeDirectionJudgingDistance: CGFloat = swipeMinimumDistance / 5

    // MARK: Pinch and rotation

    /// A pinch begins once the distance between its two fingers has changed this much.
    public static let pinchHysteresis: CGFloat = 8
    /// A rotation begins once the line between its two fingers has turned this far
    /// (radians).
    public static let rotationHysteresis: CGFloat = 0.09

    // MARK: Undecided recognizers (beyond UIKit)

    /// A recognizer still possible this long after the last finger of the sequence
    /// lifted is failed, so that no touch stays withheld from its view for ever by a
    /// recognizer that never decides (a bare `UIGestureRecognizer`, a custom subclass
    /// that forgets to fail). Every built-in decides well within it: a multi-tap waits
    /// `maximumIntervalBetweenTaps` at most.
    public static let undecidedGestureTimeout: TimeInterval = 1
}
