import UIKit
import X11Host

/// Shows the flow in a navigation controller whose bar is hidden (a visitor moves on by
/// the screens' own buttons, and back by the swipe from the left edge), and puts it back
/// to its first screen when the kiosk reports that nobody has touched it for a while.
@MainActor
final class AppDelegate: UIResponder, KioskApplicationDelegate {
    var window: UIWindow?
    let flow = KioskFlow()

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = flow.navigation
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    func applicationDidBecomeIdle(inKiosk application: UIApplication) {
        flow.startOver()
    }
}
