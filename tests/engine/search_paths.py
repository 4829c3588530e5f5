"""The exact solver's two search paths: the compiled module and the plain ``.py``."""

from __future__ import annotations

from types import ModuleType

import pytest

from game.engine import negamax

NOT_BUILT = "the compiled search was not built (no C compiler or Cython when the package was installed)"


def search_module(path: str) -> ModuleType:
    """The search module of ``path`` ("compiled" or "plain"); skips when it was not built."""
    if path == "plain":
        module = negamax.plain_module()
        assert not module.COMPILED
        return module
    if not negamax.COMPILED:
        pytest.skip(NOT_BUILT)
    return negamax
