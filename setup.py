"""Build steps that pyproject.toml cannot declare; everything else about the package is there.

The repository keeps ``config.toml`` and ``assets/`` at its top level. The built package carries
both inside ``game/`` (``game/config.toml``, ``game/assets/``), where ``game.paths`` looks first:
``assets/`` through the ``package_dir`` mapping below, ``config.toml`` copied by ``build_py``.
An editable install builds neither copy; ``game.paths`` then finds the top-level files beside
the package.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
CONFIG = "config.toml"


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


setup(
    packages=[*find_namespace_packages(include=["game", "game.*"]), "game.assets"],
    package_dir={"game.assets": "assets"},
    cmdclass={"build_py": BuildPy},
)
