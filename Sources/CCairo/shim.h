#ifndef TOUCH_SANDBOX_CCAIRO_SHIM_H
#define TOUCH_SANDBOX_CCAIRO_SHIM_H
#include <cairo.h>
#endif
