"""The few names of Cython's pure-Python mode that the compiled searches use, as no-ops.

(:mod:`game.engine.negamax` and :mod:`game.engine.alphabeta`; names used only inside their
``if cython.compiled`` branches and compiled-only classes need no stand-in.)

Used only when the ``cython`` package is not importable: the plain module then runs
without it. Annotations are never evaluated (``from __future__ import annotations``), so
only the decorators, ``declare``, ``cast`` and ``compiled`` are needed here.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

#: The plain interpreter runs this code: the ``if cython.compiled`` branches are skipped.
compiled = False


def _identity(func):
    return func


def _directive(*_args, **_kwargs):
    """A decorator with arguments (``@cython.exceptval(-1000)``) that changes nothing."""
    return _identity


cclass = cfunc = inline = final = nogil = with_gil = _identity
exceptval = cdivision = _directive


def declare(_type=None, value=None):
    """``x = cython.declare(cython.int, 5)``: a C variable when compiled, here just the value."""
    return value


def cast(_type, value):
    """``cython.cast(cython.int, x)``: a C conversion when compiled; the values cast here fit."""
    return value


# C types named in ``declare`` calls (annotations are never evaluated).
int = longlong = ulonglong = Py_ssize_t = double = None


def plain_twin(name: str, file: str) -> ModuleType:
    """The source file of the compiled module ``name`` run by the interpreter, as a module of its
    own (``<name>_plain``): the plain path, also where the compiled one is built, for comparing the
    two in one process (tests, ``python -m game.bench --plain``)."""
    source = Path(file).with_name(name.rpartition(".")[2] + ".py")  # beside the extension module
    spec = importlib.util.spec_from_file_location(f"{name}_plain", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
