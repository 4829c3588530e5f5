"""Build steps that pyproject.toml cannot declare; everything else about the package is there.

The repository keeps ``config.toml`` and ``assets/`` at its top level. The built package carries
both inside ``game/`` (``game/config.toml``, ``game/assets/``), where ``game.paths`` looks first:
``assets/`` through the ``package_dir`` mapping below, ``config.toml`` copied by ``build_py``.
An editable install builds neither copy; ``game.paths`` then finds the top-level files beside
the package.

The two searches' node loops -- the exact solver's (``game/engine/negamax.py``) and the depth
search's (``game/engine/alphabeta.py``) -- are compiled with Cython, in its pure-Python mode, when
a C compiler and the Python headers are at hand. When they are not, the build says why on stderr
and the package installs without the extensions: the same modules then run as plain Python.
"""

import sys
from pathlib import Path

from setuptools import Extension, find_namespace_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
CONFIG = "config.toml"
COMPILED_MODULES = ["game/engine/negamax.py", "game/engine/alphabeta.py"]
#: The C header the compiled modules include (a monotonic clock, a stop flag read without the GIL).
INCLUDE_DIRS = ["game/engine"]


class BuildPy(build_py):
    """build_py that also copies the top-level config.toml into the built ``game`` package."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            target = Path(self.build_lib) / "game" / CONFIG
            self.copy_file(str(ROOT / CONFIG), str(target))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if not self.editable_mode:
            outputs.append(str(Path(self.build_lib) / "game" / CONFIG))
        return outputs


class OptionalBuildExt(build_ext):
    """build_ext that turns a failed compilation into a warning: the plain module stays."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all: setuptools fails before compiling
            self._skip("the searches' extensions", exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # a compiler or headers missing, or a compiler error
            self._skip(ext.name, exc)

    @staticmethod
    def _skip(what: str, exc: Exception) -> None:
        print(f"warning: {what} not compiled ({exc}); the computer player runs as plain Python, "
              "several times slower", file=sys.stderr)


def extensions() -> list[Extension]:
    """The compiled modules, or none when Cython itself is missing (a build without isolation)."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("warning: Cython is not installed; the computer player runs as plain Python", file=sys.stderr)
        return []
    # no debug information: the default -g would make the module six times larger; no fused
    # multiply-add: the compiled depth search must round every step as the plain Python one does
    flags = [] if sys.platform == "win32" else ["-g0", "-ffp-contract=off"]
    modules = [Extension(path[:-3].replace("/", "."), [path], include_dirs=INCLUDE_DIRS, extra_compile_args=flags)
               for path in COMPILED_MODULES]
    return cythonize(modules, build_dir="build", language_level=3, quiet=True)


setup(
    packages=[*find_namespace_packages(include=["game", "game.*"]), "game.assets"],
    package_dir={"game.assets": "assets"},
    ext_modules=extensions(),
    cmdclass={"build_py": BuildPy, "build_ext": OptionalBuildExt},
)
