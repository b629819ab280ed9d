/* A stand-in libcurl.so.4 for running Debian's llvm-symbolizer on a machine
 * without libcurl (it links libcurl only for debuginfod downloads, which
 * usmcheck never asks for). Every entry point fails cleanly. Built by
 * build-gpu-tests.sh with the CURL_OPENSSL_4 symbol version Debian uses;
 * run-gpu-tests.sh puts it on the library path only when ldd says the real
 * libcurl.so.4 is missing. */
#include <stddef.h>
void *curl_easy_init(void) { return NULL; }
int curl_easy_setopt(void *h, int opt, ...) { return 48; /* unknown option */ }
int curl_easy_perform(void *h) { return 1; /* unsupported protocol */ }
int curl_easy_getinfo(void *h, int info, ...) { return 48; }
void curl_easy_cleanup(void *h) {}
const char *curl_easy_strerror(int code) { return "libcurl stub: no network"; }
int curl_global_init(long flags) { return 0; }
void curl_global_cleanup(void) {}
void *curl_slist_append(void *list, const char *s) { return NULL; }
void curl_slist_free_all(void *list) {}
char *curl_easy_escape(void *h, const char *s, int n) { return NULL; }
void curl_free(void *p) {}
long curl_getdate(const char *s, const long *unused) { return -1; }
