/// Where the input a host is delivering came from (`X11Host.inputOrigin`), for the
/// filters that treat a replay apart: the debug layer never lets a replayed key or a
/// replayed touch on its controls work its tools, so a replay drives the app alone.
public enum InputOrigin: Sendable, Equatable {
    /// Read from the X server: a person, or a virtual device a test drives.
    case server
    /// Injected by the program (a kiosk's attract tour and the cancels of its exit
    /// gesture, a tool).
    case program
    /// A recording played back (`StageReplay`, a headless replay's keys).
    case replay
}
