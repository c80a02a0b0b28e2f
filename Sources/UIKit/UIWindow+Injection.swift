// The public way in for touches: the X11 host, replay files, tests and users testing
// their own scenes all hand batches of samples to a window here.

extension UIWindow {
    /// Dispatches a batch of samples, as one `UIApplication.sendEvent(_:)` per change
    /// of finger configuration.
    ///
    /// A batch is one event; where a touch ID appears a second time (a quick tap's begin
    /// and end read together), the batch splits there into successive events, in order,
    /// so no sample is lost. It also splits before a finger that begins later than
    /// another lifted in the batch (a double tap's two taps read together after the app
    /// was busy): on iOS those arrive frames apart, and in one event they would look
    /// like two fingers down at once. Locations are in this window's coordinates in points;
    /// timestamps are seconds on the media clock. A finger belongs to the window it
    /// began in: later samples for it are taken in that window's coordinates whichever
    /// window they are injected through.
    ///
    /// Bad input never crashes and never leaves a touch open. Each case has one outcome,
    /// logged under `UIKitDebug` category `input`:
    ///
    /// | input | outcome |
    /// |---|---|
    /// | `ended` / `cancelled` / `moved` for an unknown ID | ignored |
    /// | samples for a finger the system cancelled (device gone, window hidden, all touches cancelled, interaction ignored) | ignored quietly until that ID ends or begins again |
    /// | `began` for a live ID (its end was lost) | the live touch is cancelled in an event of its own, then a new touch begins |
    /// | `began` with a NaN or infinite location | ignored, with the rest of that finger's samples |
    /// | `moved` / `ended` / `cancelled` with a non-finite location | the touch keeps its last finite location |
    /// | a finite location beyond ±1,000,000 pt on an axis | clamped to it, so distances, velocities and scales stay finite |
    /// | a NaN or infinite timestamp | replaced by the newest timestamp seen |
    /// | a timestamp more than 1 s ahead of the media clock's now | replaced by now (or the newest seen, if later): one broken stamp must not freeze event time |
    /// | a timestamp earlier than the newest seen | raised to it: event time never goes backwards |
    /// | a `moved` sample at the touch's current location, force and contact size, standing for no earlier samples (XI2 updates may carry none) | the touch stays `stationary` |
    /// | a negative, NaN or infinite force, maximum force, radius or tolerance | 0, as from a device that reports none |
    /// | a `coalescedSamples` entry with a non-finite location | left out of `UIEvent.coalescedTouches(for:)`; the others are clamped as above and their times kept in order between the touch's previous change and the move |
    /// | any sample while the application ignores interaction events | ignored; a finger that begins then is ignored for its whole life |
    /// | 1,000 fingers in one batch | one event with 1,000 touches; nothing is capped |
    public func inject(_ batch: [TouchSample]) {
        guard !batch.isEmpty else { return }
        application.touchRouter.process(batch, in: self)
    }
}
