#ifndef TOUCH_SANDBOX_CX11_SHIM_H
#define TOUCH_SANDBOX_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/scrnsaver.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/shape.h>

/* An XDamageNotifyEvent as libXdamage hands it over (Xdamage.h's layout): the host
   loads libXdamage at run time (WindowDamageWatcher), so building needs no headers. */
typedef struct {
    int type;
    unsigned long serial;
    Bool send_event;
    Display *display;
    Drawable drawable;
    XID damage;
    int level;
    Bool more;
    Time timestamp;
    XRectangle area;
    XRectangle geometry;
} TSDamageNotifyEvent;
#endif
