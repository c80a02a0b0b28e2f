/// The display the application's windows appear on. On Linux its size is the size the
/// host gives new windows (`--size`, 1024×768 points by default), so the usual
/// `UIWindow(frame: UIScreen.main.bounds)` fills the host's window.
///
/// Each application has its own (`UIApplication.screen`), so two applications in one
/// process can have screens of different sizes; a window's is `UIWindow.screen`.
@MainActor
public final class UIScreen {
    /// The screen of the current application (`UIApplication.shared`), which its host
    /// shows windows on.
    public static var main: UIScreen { UIApplication.shared.screen }

    /// The screen's extent in points; the host sets it before launching the delegate.
    public var bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)

    /// Device pixels per point (`--scale`).
    public var scale: CGFloat = 1

    init() {}
}
