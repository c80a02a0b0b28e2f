// An app imports `X11Host` and gets the platform below it too: the host, its pipeline and
// the kiosk's placement, which `X11Platform` holds.
@_exported import X11Platform
