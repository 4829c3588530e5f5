"""The exact solver's two search paths as a fixture: the compiled module and the plain ``.py``."""

from __future__ import annotations

from types import ModuleType

import pytest

import game.engine.solver as solver_module

try:
    from search_paths import search_module
except ImportError:  # pragma: no cover
    from tests.engine.search_paths import search_module


@pytest.fixture(params=["compiled", "plain"])
def search_path(request, monkeypatch) -> ModuleType:
    """Solvers made during the test use this path's search."""
    module = search_module(request.param)
    monkeypatch.setattr(solver_module, "search_module", module)
    return module
