"""Build steps beyond pyproject.toml: the exact solver's compiled search.

``game/engine/negamax.py`` is compiled with Cython (its pure-Python mode) when a C compiler
and the Python headers are at hand. When they are not, the build says why on stderr and the
package installs without the extension: the same module then runs as plain Python.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILED_MODULES = ["game/engine/negamax.py"]


class OptionalBuildExt(build_ext):
    """``build_ext`` that turns a failed compilation into a warning (the plain path stays)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all: setuptools fails before compiling
            self._skip("the extensions", exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # a compiler or headers missing, or a compiler error
            self._skip(ext.name, exc)

    @staticmethod
    def _skip(what: str, exc: Exception) -> None:
        print(f"warning: {what} not compiled ({exc}); the solver runs as plain Python",
              file=sys.stderr)


def extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("warning: Cython is not installed; the solver runs as plain Python", file=sys.stderr)
        return []
    modules = [Extension(path[:-3].replace("/", "."), [path]) for path in COMPILED_MODULES]
    return cythonize(modules, language_level=3, quiet=True)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
