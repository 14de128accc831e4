/* The monotonic clock (see clock.h): clock_gettime, or the performance counter on Windows. */
#include "util/clock.h"

#ifdef _WIN32
#include <windows.h>

double clock_now(void)
{
    LARGE_INTEGER t, f;   /* the frequency is fixed at boot and cheap to read: no shared cache */
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&t);
    return (double)(t.QuadPart / f.QuadPart) + (double)(t.QuadPart % f.QuadPart) / (double)f.QuadPart;
}
#else
#include <time.h>

double clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
#endif
