"""The wheel carries what the game and its tools read at run time: settings, assets, reference data."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "game"


def build_wheel(out: Path, env: dict[str, str] | None = None) -> Path:
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
                           capture_output=True, text=True, timeout=600, env=env)
    assert build.returncode == 0, build.stderr
    (found,) = out.glob("*.whl")
    return found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel as a machine without a C compiler builds it (the build says so and goes on):
    everything but the compiled searches, which are most of a build's time and not what the
    wheel's contents are checked for here."""
    return build_wheel(tmp_path_factory.mktemp("wheel"), env={**os.environ, "CC": "false"})


@pytest.fixture(scope="module")
def full_wheel(tmp_path_factory) -> Path:
    """The wheel as it is built here, with the compiled searches."""
    return build_wheel(tmp_path_factory.mktemp("full-wheel"))


def files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")
            and "__pycache__" not in p.parts]


def shipped_data() -> set[str]:
    """Every non-Python file the package reads, named as in the wheel: the top-level config.toml
    and assets/ go inside the package, the reference data is there already."""
    names = {p.relative_to(ROOT).as_posix() for p in files(PACKAGE / "data")}
    names |= {"game/" + p.relative_to(ROOT).as_posix() for p in files(ROOT / "assets")}
    return names | {"game/config.toml"}


def test_wheel_ships_config_assets_and_reference_data(wheel):
    archive = zipfile.ZipFile(wheel)
    names = set(archive.namelist())
    data = shipped_data()
    assert {"game/data/testsets/Test_L2_R2", "game/data/analysis/begin_medium_100.txt", "game/assets/drop.wav"} <= data
    assert data <= names, sorted(data - names)
    assert archive.read("game/config.toml") == (ROOT / "config.toml").read_bytes()
    assert archive.read("game/assets/icon.png") == (ROOT / "assets" / "icon.png").read_bytes()
    licences = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
    assert licences and b"MIT License" in archive.read(licences[0])
    sources = {p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*.py")}
    assert sources <= names, sorted(sources - names)
    assert not [n for n in names if n.startswith(("tests/", "scripts/", "docs/"))]


def test_the_install_compiles_the_bytecode_so_a_first_run_writes_none(wheel, tmp_path):
    # The README's ``pip install .`` builds a wheel and installs it; pip compiles every module then.
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                              str(wheel)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, timeout=60).stdout.strip())
    sources = sorted((site / "game").rglob("*.py"))
    bytecode = lambda: sorted((site / "game").rglob("*.pyc"))
    tag = sys.implementation.cache_tag
    missing = [s for s in sources if not (s.parent / "__pycache__" / f"{s.stem}.{tag}.pyc").is_file()]
    assert len(sources) > 100 and not missing, missing
    before = bytecode()
    # with its own folder, an exact solve needs nothing beyond the standard library (no dependency installed)
    env = {**os.environ, "CONNECT4_HOME": str(tmp_path / "home"), "PYTHONPATH": ""}
    run = subprocess.run([str(python), "-m", "game.analyze"], input="2252576253462244111563365343671351441\n",
                         capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert run.returncode == 0 and run.stdout.split()[:3] == ["2252576253462244111563365343671351441", "-1", "6"], run
    assert bytecode() == before


@pytest.mark.slow
def test_tools_run_from_a_fresh_install(full_wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", str(full_wheel)], capture_output=True, text=True,
                             timeout=900)
    assert install.returncode == 0, install.stderr
    env = {**os.environ, "CONNECT4_HOME": str(tmp_path / "home"), "PYTHONPATH": ""}
    run = lambda *args: subprocess.run([str(python), "-m", *args], capture_output=True, text=True, timeout=900,
                                       cwd=tmp_path, env=env)
    bench = run("game.bench", "--exact-only", "--limit", "5", "--sets", "Test_L3_R1")
    assert bench.returncode == 0, bench.stderr
    assert "| End-Easy (Test_L3_R1) | 5 | 0 |" in bench.stdout
    accuracy = run("game.arena", "--accuracy", "master", "--sets", "end", "--per-set", "3", "--workers", "1")
    assert accuracy.returncode == 0, accuracy.stderr
    assert "accuracy of master" in accuracy.stdout
