// The entry point. On iOS, `@main` on the app delegate does this; here the X11 host's
// UIApplicationMain opens the window, feeds it XInput2 touches and draws it.
//
// The sandbox's debugging tools come with it: run with `TOUCH_DEBUG=spots,hit-views`
// (or `all,toolbar`) for touch spots, hit-view outlines and the toolbar, or turn them
// on here with `X11Host.Options(debugLayer: DebugLayerConfiguration(tools: [.spots]))`.
import UIKit
import X11Host

UIApplicationMain(options: X11Host.Options(title: "Hello Touch"), delegate: AppDelegate())
