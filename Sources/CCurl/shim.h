#ifndef VOICEGUIDE_CCURL_SHIM_H
#define VOICEGUIDE_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic: Swift cannot call them, so these typed inline
   functions do, one per argument type used. */
typedef size_t (*voiceguide_curl_data_fn)(char *data, size_t size, size_t count, void *context);

static inline CURLcode voiceguide_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode voiceguide_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode voiceguide_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode voiceguide_curl_set_data_function(CURL *handle, CURLoption option, voiceguide_curl_data_fn value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode voiceguide_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode voiceguide_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
/* curl_share_setopt is variadic too. */
static inline CURLSHcode voiceguide_curl_share_data(CURLSH *share, curl_lock_data data) {
    return curl_share_setopt(share, CURLSHOPT_SHARE, data);
}
static inline CURLSHcode voiceguide_curl_share_locks(CURLSH *share, curl_lock_function lock, curl_unlock_function unlock, void *context) {
    CURLSHcode code = curl_share_setopt(share, CURLSHOPT_LOCKFUNC, lock);
    if (code == CURLSHE_OK) code = curl_share_setopt(share, CURLSHOPT_UNLOCKFUNC, unlock);
    if (code == CURLSHE_OK) code = curl_share_setopt(share, CURLSHOPT_USERDATA, context);
    return code;
}
#endif
