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

/* Read n bytes at offset of file descriptor fd without moving a shared file position: the bytes
 * read, or -1. The exact solver reads the opening book this way (game/engine/book.py says why
 * it is not mapped). */
#ifdef _WIN32
#include <io.h>
static long long c4_pread(int fd, unsigned char *buffer, long long n, long long offset) {
    OVERLAPPED at = {0};
    DWORD got = 0;
    at.Offset = (DWORD)(offset & 0xFFFFFFFF);
    at.OffsetHigh = (DWORD)(offset >> 32);
    if (!ReadFile((HANDLE)_get_osfhandle(fd), buffer, (DWORD)n, &got, &at))
        return -1;
    return (long long)got;
}
static void c4_close(int fd) { _close(fd); }
#else
#include <errno.h>
#include <unistd.h>
static long long c4_pread(int fd, unsigned char *buffer, long long n, long long offset) {
    ssize_t got;
    do {
        got = pread(fd, buffer, (size_t)n, (off_t)offset);
    } while (got < 0 && errno == EINTR);
    return (long long)got;
}
static void c4_close(int fd) { close(fd); }
#endif

/* A stop flag another thread sets: read from memory every time, never kept in a register. */
static int c4_flag(const int *flag) { return *(const volatile int *)flag; }

/* Set bits of x by the portable SWAR count (parallel sums of bit pairs, nibbles and bytes). */
static int c4_popcount_portable(unsigned long long x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* Set bits of x: the CPU's population count instruction where the build found that both the
 * compiler and this CPU have it (setup.py then defines C4_HARDWARE_POPCOUNT and passes the
 * compiler the flag that enables the instruction), else the portable count. */
#if defined(C4_HARDWARE_POPCOUNT) && (defined(__GNUC__) || defined(__clang__))
static int c4_popcount(unsigned long long x) { return __builtin_popcountll(x); }
static const int c4_hardware_popcount = 1;
#else
static int c4_popcount(unsigned long long x) { return c4_popcount_portable(x); }
static const int c4_hardware_popcount = 0;
#endif

#endif
