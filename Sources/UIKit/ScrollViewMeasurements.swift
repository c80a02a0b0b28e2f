import Foundation

/// The numbers a scroll view's behaviour rests on that Apple does not publish, in one
/// place. Each says where it comes from: measured on iOS devices (and widely
/// reproduced), or chosen here where no measurement is known.
enum ScrollViewMeasurements {
    /// How long a touch in a scroll view is held from its view before `touchesBegan`
    /// (`delaysContentTouches`): about 150 ms, measured.
    static let contentTouchDelay: TimeInterval = 0.15

    /// The slope of the rubber band at the edge: past an edge the content moves 0.55
    /// points per point the finger moves, less as it goes; measured (the curve
    /// d·(1 − 1/(x·0.55/d + 1))).
    static let rubberBandCoefficient: CGFloat = 0.55

    /// The angular frequency, per second, of the critically damped spring that brings
    /// content back to an edge or onto a page: chosen so a bounce settles in about half
    /// a second, as it appears to on iOS (no published figure).
    static let bounceFrequency: CGFloat = 12

    /// A motion is over when the offset is this close to where it rests, in points, and
    /// moving slower than `restingSpeed`: then it is put there exactly. Chosen: a
    /// quarter point is below what a screen shows at 1× and 2×.
    static let restingDistance: CGFloat = 0.25
    static let restingSpeed: CGFloat = 5

    /// A release slower than this, in points per second, does not turn a page by
    /// itself: the nearest page is taken. Chosen.
    static let pagingFlickSpeed: CGFloat = 250

    /// How long `setContentOffset(_:animated: true)`, `scrollRectToVisible(_:animated:
    /// true)` and `setZoomScale(_:animated: true)` take, ease in and out: about 0.3 s,
    /// measured.
    static let scrollAnimationDuration: TimeInterval = 0.3

    /// With `isDirectionalLockEnabled`, a drag whose start is this many times longer
    /// along one axis than along the other moves along that axis only. Chosen.
    static let directionalLockRatio: CGFloat = 2

    /// How far one click of a mouse wheel (or one unit of a touchpad's smooth scrolling)
    /// moves the content, in points: 53, what Chromium and GTK+ 2 scroll per wheel step
    /// on X11, so a list here moves as far per click as a web page or a GTK list next to
    /// it. iOS publishes no figure (on iPadOS a wheel's scroll drives the pan
    /// recognizer, by an unpublished amount).
    static let wheelClickDistance: CGFloat = 53
}
