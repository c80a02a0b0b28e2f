// The public way in for touches: the X11 host, replay files, tests and users testing
// their own scenes all hand batches of samples to a window here.

extension UIWindow {
    /// Dispatches a batch of samples, as one `UIApplication.sendEvent(_:)` per change
    /// of finger configuration.
    ///
    /// A batch is one event; where a touch ID appears a second time (a quick tap's begin
    /// and end read together), the batch splits there into successive events, in order,
    /// so no sample is lost. Locations are in this window's coordinates in points;
    /// timestamps are seconds on the media clock. A finger belongs to the window it
    /// began in: later samples for it are taken in that window's coordinates whichever
    /// window they are injected through.
    ///
    /// Bad input never crashes and never leaves a touch open; each case has one outcome,
    /// listed on `TouchRouter` and logged with `UIKitDebug`.
    public func inject(_ batch: [TouchSample]) {
        guard !batch.isEmpty else { return }
        UIApplication.shared.touchRouter.process(batch, in: self)
    }
}
