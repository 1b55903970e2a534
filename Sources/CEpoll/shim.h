// Linux readiness notification (epoll) and wake-up counters (eventfd), which Swift's Glibc module leaves out.
#include <sys/epoll.h>
#include <sys/eventfd.h>
