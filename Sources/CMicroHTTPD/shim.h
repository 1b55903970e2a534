#ifndef VOICEGUIDE_CMICROHTTPD_SHIM_H
#define VOICEGUIDE_CMICROHTTPD_SHIM_H
/* Debian's libmicrohttpd, for voiceguide-bench only: the server it is measured against (README, Performance). */
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic: Swift cannot call it, so this fixed-argument function does. The daemon listens on
   127.0.0.1:port with the internal epoll loop and a pool of `threads` threads (each with its own epoll set,
   answering the requests of the connections it accepted), at most `connection_limit` connections, and closes a
   connection idle for `timeout_seconds`. */
static inline struct MHD_Daemon *voiceguide_mhd_start(uint16_t port, unsigned int threads, unsigned int connection_limit,
                                                      unsigned int timeout_seconds, MHD_AccessHandlerCallback handler,
                                                      void *handler_context, MHD_RequestCompletedCallback completed) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, port, NULL, NULL, handler, handler_context,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
                            MHD_OPTION_END);
}
#endif
