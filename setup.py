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

The translations (``game/locale/<code>/LC_MESSAGES/connect4.po``) are compiled into ``.mo``
catalogs by ``build_py`` with Babel: into the built package, or beside the ``.po`` files for an
editable install. The ``.mo`` files are build products, not kept in the repository; a checkout
without them compiles the ``.po`` in memory (``game.i18n``).
"""

import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, find_namespace_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
CONFIG = "config.toml"
LOCALE = "game/locale"
DOMAIN = "connect4"
COMPILED_MODULES = ["game/engine/negamax.py", "game/engine/alphabeta.py"]
#: The C header the compiled modules include (a monotonic clock, a stop flag read without the GIL,
#: the bit count).
INCLUDE_DIRS = ["game/engine"]
#: A program that counts bits with the compiler's builtin and exits 0 when the count is right: it
#: compiles only where the compiler knows the builtin and the flag, and runs only on a CPU that has
#: the instruction (elsewhere it dies of an illegal instruction).
POPCOUNT_PROBE = """
int main(int argc, char **argv) {
    volatile unsigned long long x = 0xF0F0F0F0F0F0F0F0ULL + (unsigned long long)argc;
    (void)argv;
    return __builtin_popcountll(x) == 33 ? 0 : 1;
}
"""
#: The flags that make the builtin one instruction: x86-64 needs them asked for (its baseline has
#: no popcnt); 64-bit ARM has the instruction in every CPU.
POPCOUNT_FLAGS = {"x86_64": ["-mpopcnt"], "amd64": ["-mpopcnt"], "aarch64": [], "arm64": []}


class BuildPy(build_py):
    """build_py that also copies the top-level config.toml into the built ``game`` package."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            target = Path(self.build_lib) / "game" / CONFIG
            self.copy_file(str(ROOT / CONFIG), str(target))
        for po, mo in self._catalogs():
            compile_catalog(po, mo)

    def _catalogs(self) -> list[tuple[Path, Path]]:
        """Each translation's ``.po`` and the ``.mo`` the build makes of it."""
        base = ROOT if self.editable_mode else Path(self.build_lib)
        return [(po, base / po.relative_to(ROOT).with_suffix(".mo"))
                for po in sorted((ROOT / LOCALE).glob(f"*/LC_MESSAGES/{DOMAIN}.po"))]

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if not self.editable_mode:
            outputs.append(str(Path(self.build_lib) / "game" / CONFIG))
            outputs.extend(str(mo) for _, mo in self._catalogs())
        return outputs


def compile_catalog(po: Path, mo: Path) -> None:
    """Compile the translation ``po`` into ``mo`` (fuzzy entries left out, as ``pybabel compile``)."""
    from babel.messages.mofile import write_mo   # a build requirement (pyproject.toml)
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        catalog = read_po(file, locale=po.parent.parent.name, domain=DOMAIN)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as file:
        write_mo(file, catalog, use_fuzzy=False)


def hardware_popcount_flags(compiler, machine: str) -> list[str] | None:
    """The compiler flags under which ``compiler`` builds a bit count into the CPU's instruction and
    this CPU runs it, or None (the compiled searches then count bits portably)."""
    flags = POPCOUNT_FLAGS.get(machine.lower())
    if flags is None or compiler.compiler_type not in ("unix", "mingw32", "cygwin"):
        return None
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "popcount_probe.c"
        source.write_text(POPCOUNT_PROBE, encoding="ascii")
        try:
            objects = compiler.compile([str(source)], output_dir=folder, extra_postargs=flags)
            program = str(Path(folder) / "popcount_probe")
            compiler.link_executable(objects, program, extra_postargs=flags)
            ran = subprocess.run([program], capture_output=True, timeout=30, check=False)
        except Exception:  # no such flag, no linker, a program that cannot run here
            return None
    return flags if ran.returncode == 0 else None


class OptionalBuildExt(build_ext):
    """build_ext that turns a failed compilation into a warning: the plain module stays, and that
    asks the compiler for the CPU's bit count instruction where the compiler and this CPU have it."""

    def build_extensions(self) -> None:
        # CONNECT4_PORTABLE=1 builds for any CPU of the architecture (a bundle made for other
        # machines): the probe answers for the building machine's CPU only.
        portable = os.environ.get("CONNECT4_PORTABLE", "") not in ("", "0")
        flags = None if portable else hardware_popcount_flags(self.compiler, platform.machine())
        if flags is not None:
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, *flags]
                ext.define_macros = [*ext.define_macros, ("C4_HARDWARE_POPCOUNT", "1")]
        super().build_extensions()

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
