// The entry point: run as a kiosk with `TOUCH_KIOSK=idle=30` (fullscreen, no cursor, a
// guarded exit gesture, and `applicationDidBecomeIdle(inKiosk:)` after 30 s without a
// touch), or as a plain window without it.
import UIKit
import X11Host

UIApplicationMain(options: X11Host.Options(title: "Kiosk flow"), delegate: AppDelegate())
