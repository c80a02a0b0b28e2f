// The way in for a mouse wheel's and a touchpad's scrolling: the input source hands a
// window a `ScrollSample`, the application sends it as a `.scroll` event, and the window
// gives it to the scroll view under the pointer. No touch is made or touched.

extension UIWindow {
    /// Scrolls the deepest scroll view under `scroll.location` (this window's points)
    /// that scrolls along the scroll's main axis, as one `UIApplication.sendEvent(_:)`
    /// of type `.scroll`.
    ///
    /// Which scroll view: the view `hitTest(_:with:)` finds at the point, then its
    /// ancestors, up to the first `UIScrollView` with `isScrollEnabled` whose content is
    /// longer than its bounds along the axis the scroll mostly goes (vertical when the
    /// two are equal). So a vertical list inside a horizontal pager gets a vertical
    /// wheel and the pager a horizontal one (Shift and the wheel, or a sideways
    /// touchpad swipe), whichever of them the pointer is over; a scroll no scroll view
    /// along the way takes goes nowhere (not to the scroll views behind the point).
    /// That scroll view moves as `UIScrollView` says (by the delta, within its content).
    ///
    /// Bad input never crashes; each case has one outcome, logged under `UIKitDebug`
    /// category `input`:
    ///
    /// | input | outcome |
    /// |---|---|
    /// | a NaN or infinite location or delta | ignored |
    /// | a zero delta | nothing happens |
    /// | a NaN or infinite timestamp | the app clock's now |
    /// | any scroll while the application ignores interaction events | ignored |
    public func inject(_ scroll: ScrollSample) {
        let application = self.application
        guard !application.isIgnoringInteractionEvents else {
            UIKitDebug.log(.input, "scroll at \(scroll.location) while interaction events are ignored: dropped")
            return
        }
        guard scroll.location.x.isFinite, scroll.location.y.isFinite, scroll.delta.dx.isFinite,
              scroll.delta.dy.isFinite else {
            UIKitDebug.log(.input, "scroll \(scroll.delta) at \(scroll.location) is not finite: ignored")
            return
        }
        guard scroll.delta != .zero else { return }
        var sample = scroll
        // Stamped on the host's clock; the app's time may be frozen or slowed.
        sample.timestamp = sample.timestamp.isFinite
            ? application.animationEngine.appClock.time(atHostTime: sample.timestamp) : application.animationEngine.now
        application.sendEvent(UIEvent(scroll: sample, in: self))
    }

    /// The window's part of a `.scroll` event: finds the scroll view (see `inject(_:)`)
    /// and moves it.
    func deliverScroll(_ scroll: ScrollSample) {
        layoutIfNeeded()
        let delta = scroll.pointDelta
        let horizontal = abs(delta.dx) > abs(delta.dy)
        var candidate = hitTest(scroll.location, with: nil)
        while let view = candidate {
            if let scrollView = view as? UIScrollView, scrollView.takesScrollInput(horizontal: horizontal) {
                scrollView.scroll(byInput: delta)
                return
            }
            candidate = view.superview
        }
        UIKitDebug.log(.input, "scroll \(delta) at \(scroll.location): no scroll view there scrolls that way")
    }
}
