#ifndef TOUCH_SANDBOX_CXDAMAGE_SHIM_H
#define TOUCH_SANDBOX_CXDAMAGE_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#endif
