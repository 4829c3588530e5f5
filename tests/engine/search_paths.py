"""The exact solver's two search paths: the compiled module and the plain ``.py``."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from game.engine import negamax

NOT_BUILT = "the compiled search was not built (no C compiler or Cython when the package was installed)"


@cache
def plain_search_module() -> ModuleType:
    """``game/engine/negamax.py`` run by the interpreter, even when the compiled module exists."""
    source = Path(negamax.__file__).with_name("negamax.py")
    spec = importlib.util.spec_from_file_location("game.engine._plain_negamax", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert not module.COMPILED
    return module


def search_module(path: str) -> ModuleType:
    """The search module of ``path`` ("compiled" or "plain"); skips when it was not built."""
    if path == "plain":
        return plain_search_module()
    if not negamax.COMPILED:
        pytest.skip(NOT_BUILT)
    return negamax
