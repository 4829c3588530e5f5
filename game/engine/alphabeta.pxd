# C declarations for the compiled depth search (game/engine/alphabeta.py, Cython's pure-Python
# mode reads this file beside it): a monotonic clock and a flag read that need no GIL.
cdef extern from "_c4.h" nogil:
    double c4_now()
    int c4_flag(const int *flag)
