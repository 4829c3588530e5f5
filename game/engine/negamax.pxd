# C declarations for the compiled exact solver's search (game/engine/negamax.py, Cython's pure-Python
# mode reads this file beside it): a monotonic clock, a flag read and the book's file reads, which
# need no GIL.
cdef extern from "_c4.h" nogil:
    double c4_now()
    int c4_flag(const int *flag)
    long long c4_pread(int fd, unsigned char *buffer, long long n, long long offset)
    void c4_close(int fd)
