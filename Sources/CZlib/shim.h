#ifndef VOICEGUIDE_CZLIB_SHIM_H
#define VOICEGUIDE_CZLIB_SHIM_H
#include <zlib.h>

/* deflateInit2 is a macro over deflateInit2_ with the library's version and stream size; Swift cannot call a
   macro, so this inline function does. */
static inline int voiceguide_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
