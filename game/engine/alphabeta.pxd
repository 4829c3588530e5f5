# C declarations for the compiled depth search (game/engine/alphabeta.py, Cython's pure-Python
# mode reads this file beside it): a monotonic clock, a flag read and the bit count, which need
# no GIL.
cdef extern from "_c4.h" nogil:
    double c4_now()
    int c4_flag(const int *flag)
    int c4_popcount(unsigned long long x)
    int c4_popcount_portable(unsigned long long x)
    const int c4_hardware_popcount

from libc.string cimport memcpy, memmove, memset

# A table of the compiled search (alphabeta.py, "the compiled tables"): ``length`` entries of
# ``stride`` words in the order of their first insertion (at most ``most``), found through an
# index of 2 ** top_bits slots, of which the first 2 ** bits are in use (a slot: entry + 1, or 0).
ctypedef struct Table:
    unsigned long long *words
    int *index
    long long length
    long long most
    int bits
    int top_bits
    int stride
