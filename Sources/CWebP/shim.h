#ifndef TOUCH_SANDBOX_CWEBP_SHIM_H
#define TOUCH_SANDBOX_CWEBP_SHIM_H
// encode.h: WebPConfig and WebPPicture, one frame's settings and pixels.
// mux.h: WebPAnimEncoder, which assembles the frames into an animation.
// demux.h: WebPAnimDecoder, which reads an animation back (tests, checks).
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
#endif
