/* C helpers of the compiled searches (game/engine/alphabeta.py, game/engine/negamax.py): what
 * they need while the GIL is released, where no Python object may be touched. */
#ifndef C4_ENGINE_H
#define C4_ENGINE_H

#ifdef _WIN32
#include <windows.h>
/* Seconds of a monotonic clock (the one time.perf_counter reads on Windows). */
static double c4_now(void) {
    LARGE_INTEGER frequency, counter;
    QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&counter);
    return (double)counter.QuadPart / (double)frequency.QuadPart;
}
#else
#include <time.h>
/* Seconds of a monotonic clock (CLOCK_MONOTONIC: never set back, unlike the wall clock). */
static double c4_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
#endif

/* A stop flag another thread sets: read from memory every time, never kept in a register. */
static int c4_flag(const int *flag) { return *(const volatile int *)flag; }

#endif
