/* VoiceGuide's own declarations of the part of the sherpa-onnx C API (2.x) that SpeechPiper uses: the offline
 * TTS configuration, generation configuration and generated audio, and the types of the five functions it looks
 * up with dlsym. Nothing links against sherpa-onnx at build time: libsherpa-onnx-c-api.so is opened at run time.
 * Written from the library's documented ABI; Tests/SpeechPiperTests checks every size and offset here against
 * the c-api.h that the installed wheel ships (a C compiler run with both headers). */
#ifndef VOICEGUIDE_SHERPA_TTS_ABI_H
#define VOICEGUIDE_SHERPA_TTS_ABI_H

#include <stdint.h>

/* One VITS (Piper) model. */
typedef struct vg_tts_vits {
    const char *model;
    const char *lexicon;
    const char *tokens;
    const char *data_dir;      /* ignored by 2.x */
    float noise_scale;
    float noise_scale_w;
    float length_scale;
    const char *dict_dir;      /* unused */
} vg_tts_vits;

/* The other model families: never set by us, declared for their size only. */
typedef struct vg_tts_matcha {
    const char *paths[5];
    float noise_scale;
    float length_scale;
    const char *dict_dir;
} vg_tts_matcha;

typedef struct vg_tts_kokoro {
    const char *paths[4];
    float length_scale;
    const char *rest[3];
} vg_tts_kokoro;

typedef struct vg_tts_kitten {
    const char *paths[4];
    float length_scale;
    const char *lexicon;
} vg_tts_kitten;

typedef struct vg_tts_zipvoice {
    const char *paths[6];
    float scales[4];
} vg_tts_zipvoice;

typedef struct vg_tts_pocket {
    const char *paths[7];
    int32_t cache_capacity;
} vg_tts_pocket;

typedef struct vg_tts_supertonic {
    const char *paths[7];
} vg_tts_supertonic;

/* The model part of the TTS configuration. */
typedef struct vg_tts_model {
    vg_tts_vits vits;
    int32_t num_threads;
    int32_t debug;
    const char *provider;
    vg_tts_matcha matcha;
    vg_tts_kokoro kokoro;
    vg_tts_kitten kitten;
    vg_tts_zipvoice zipvoice;
    vg_tts_pocket pocket;
    vg_tts_supertonic supertonic;
} vg_tts_model;

/* What the create function takes. */
typedef struct vg_tts_config {
    vg_tts_model model;
    const char *rule_fsts;
    int32_t max_num_sentences;
    const char *rule_fars;
    float silence_scale;
} vg_tts_config;

/* Per-generation parameters; we set speed, sid and the phoneme code points (one run per sentence). */
typedef struct vg_tts_generation {
    float silence_scale;
    float speed;
    int32_t sid;
    const float *reference_audio;
    int32_t reference_audio_len;
    int32_t reference_sample_rate;
    const char *reference_text;
    int32_t num_steps;
    const char *extra;
    const int32_t *phoneme_codepoints;
    const int32_t *phoneme_codepoints_lens;
    int32_t phoneme_codepoints_num_sentences;
    const char *const *tokens;
    const int32_t *tokens_lens;
    int32_t tokens_num_sentences;
} vg_tts_generation;

/* Audio the library allocated: mono float samples in [-1, 1]. */
typedef struct vg_tts_audio {
    const float *samples;
    int32_t n;
    int32_t sample_rate;
} vg_tts_audio;

/* The engine handle (opaque). */
typedef struct vg_tts_engine vg_tts_engine;

/* Called after each generated piece; return 1 to go on, 0 to stop. */
typedef int32_t (*vg_tts_progress_fn)(const float *samples, int32_t n, float progress, void *arg);

/* SherpaOnnxCreateOfflineTts */
typedef const vg_tts_engine *(*vg_tts_create_fn)(const vg_tts_config *config);
/* SherpaOnnxDestroyOfflineTts */
typedef void (*vg_tts_destroy_fn)(const vg_tts_engine *engine);
/* SherpaOnnxOfflineTtsSampleRate */
typedef int32_t (*vg_tts_sample_rate_fn)(const vg_tts_engine *engine);
/* SherpaOnnxOfflineTtsGenerateWithConfig */
typedef const vg_tts_audio *(*vg_tts_generate_fn)(const vg_tts_engine *engine, const char *text,
                                                  const vg_tts_generation *config, vg_tts_progress_fn callback,
                                                  void *arg);
/* SherpaOnnxDestroyOfflineTtsGeneratedAudio */
typedef void (*vg_tts_free_audio_fn)(const vg_tts_audio *audio);

#endif
