"""The few names of Cython's pure-Python mode that :mod:`game.engine.negamax` uses, as no-ops.

Used only when the ``cython`` package is not importable: the plain module then runs
without it. Annotations are never evaluated (``from __future__ import annotations``), so
only the decorators, ``declare``, ``cast`` and ``compiled`` are needed here.
"""

from __future__ import annotations

#: The plain interpreter runs this code: the ``if cython.compiled`` branches are skipped.
compiled = False


def _identity(func):
    return func


def _directive(*_args, **_kwargs):
    """A decorator with arguments (``@cython.exceptval(-1000)``) that changes nothing."""
    return _identity


cclass = cfunc = inline = final = _identity
exceptval = cdivision = _directive


def declare(_type=None, value=None):
    """``x = cython.declare(cython.int, 5)``: a C variable when compiled, here just the value."""
    return value


def cast(_type, value):
    """``cython.cast(cython.int, x)``: a C conversion when compiled; the values cast here fit."""
    return value


# C types named in ``declare`` calls (annotations are never evaluated).
int = longlong = ulonglong = Py_ssize_t = None
