#ifndef VOICEGUIDE_CALSA_SHIM_H
#define VOICEGUIDE_CALSA_SHIM_H
#include <alsa/asoundlib.h>

/// alsa-lib prints its own diagnostics to stderr ("Unknown PCM default").
/// snd_lib_error_handler_t is variadic, which Swift cannot create, so the
/// silent handler lives here and Swift installs it with voiceguide_alsa_silence_errors().
static void voiceguide_alsa_silent_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void voiceguide_alsa_silence_errors(void) {
    snd_lib_error_set_handler(voiceguide_alsa_silent_handler);
}
#endif
