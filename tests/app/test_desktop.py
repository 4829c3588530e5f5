"""The Linux desktop launcher written by --install-desktop-entry."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import app, desktop


@pytest.fixture(autouse=True)
def xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("CONNECT4_HOME", str(tmp_path / "home"))
    return tmp_path / "xdg"


def read_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(path.read_text(encoding="utf-8"))
    return dict(parser["Desktop Entry"])


def exec_argv(value: str) -> list[str]:
    """Split an Exec value the way the Desktop Entry Specification says: first undo the
    string escapes (\\\\ -> \\), then split on spaces, where "..." quotes an argument and
    inside quotes a backslash escapes one of " ` $ \\."""
    value = value.replace("\\\\", "\\").replace("%%", "%")
    args, i = [], 0
    while i < len(value):
        if value[i] == " ":
            i += 1
            continue
        arg = []
        if value[i] == '"':
            i += 1
            while value[i] != '"':
                if value[i] == "\\" and value[i + 1] in '"`$\\':
                    i += 1
                arg.append(value[i])
                i += 1
            i += 1
        else:
            while i < len(value) and value[i] != " ":
                arg.append(value[i])
                i += 1
        args.append("".join(arg))
    return args


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="desktop entries are for Linux")
def test_install_and_uninstall_through_the_command_line(xdg, capsys):
    assert app.main(["--install-desktop-entry"]) == 0
    path = xdg / "applications" / "connect4.desktop"
    assert capsys.readouterr().out.strip() == f"installed {path}"
    entry = read_entry(path)
    assert entry["Type"] == "Application" and entry["Name"] == "Connect Four"
    assert entry["Terminal"] == "false" and "Game" in entry["Categories"].split(";")
    argv = exec_argv(entry["Exec"])
    assert Path(argv[0]).is_file()
    assert argv == desktop.launch_command()
    assert Path(entry["Icon"]).is_file() and entry["Icon"].endswith("icon.png")

    assert app.main(["--uninstall-desktop-entry"]) == 0
    assert not path.exists()
    assert "removed" in capsys.readouterr().out
    assert app.main(["--uninstall-desktop-entry"]) == 0  # nothing left: still fine
    assert "no desktop entry" in capsys.readouterr().out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="desktop entries are for Linux")
def test_installed_command_starts_this_program(xdg):
    desktop.install()
    argv = exec_argv(read_entry(desktop.entry_path())["Exec"])
    result = subprocess.run([*argv, "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("connect4 ")


def test_exec_quoting_of_awkward_paths():
    command = ["/opt/My Games/py thon", "-m", "game", "100%", 'say "hi"', "a$b\\c"]
    entry = desktop.entry_text(command, icon=Path("/i.png"))
    line = next(l for l in entry.splitlines() if l.startswith("Exec="))
    assert exec_argv(line.removeprefix("Exec=")) == command
    assert "%%" in line  # a literal % is doubled


def test_xdg_data_home_default(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert desktop.applications_dir() == tmp_path / ".local" / "share" / "applications"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # the spec says: ignore, use the default
    assert desktop.applications_dir() == tmp_path / ".local" / "share" / "applications"


def test_not_linux_gives_clear_message(monkeypatch, capsys):
    monkeypatch.setattr(desktop.sys, "platform", "win32")
    assert app.main(["--install-desktop-entry"]) == 1
    err = capsys.readouterr().err
    assert "Linux" in err and "Traceback" not in err


def test_unwritable_folder_gives_clear_message(xdg, capsys):
    if not sys.platform.startswith("linux"):
        pytest.skip("Linux only")
    xdg.mkdir(parents=True)
    (xdg / "applications").write_text("a file where the folder should be")
    assert app.main(["--install-desktop-entry"]) == 1
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_entry_passes_desktop_file_validate(tmp_path):
    path = tmp_path / "connect4.desktop"
    path.write_text(desktop.entry_text(), encoding="utf-8")
    result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
