# C declarations for the compiled depth search (game/engine/alphabeta.py, Cython's pure-Python
# mode reads this file beside it): a monotonic clock, a flag read and the bit count, which need
# no GIL.
cdef extern from "_c4.h" nogil:
    double c4_now()
    int c4_flag(const int *flag)
    int c4_popcount(unsigned long long x)
    int c4_popcount_portable(unsigned long long x)
    const int c4_hardware_popcount
