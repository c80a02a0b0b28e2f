// The entry point. On iOS, `@main` on the app delegate does this; here the X11 host's
// UIApplicationMain opens the window, feeds it XInput2 touches and draws it.
import UIKit
import X11Host

UIApplicationMain(options: X11Host.Options(title: "Hello Touch"), delegate: AppDelegate())
