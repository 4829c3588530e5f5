"""The repository's layout, and the package's rooms and who may import whom (read with ``ast``).

The top level holds the one copy of ``config.toml`` and ``assets/`` beside ``pyproject.toml``,
``README.md``, ``LICENSE``, ``game/`` and ``tests/``; the build copies both into the package.

Rooms, lowest first: ``game.data`` (with ``game.i18n``, the player's language) < ``game.engine`` <
``game.domain`` (with ``game.echo``, text made safe to show, and ``game.words``, the engine's facts
in the player's language) < ``game.store`` (with ``game.paths``, the shipped files) < ``game.config``
< ``game.net`` (the protocol and its link) < ``game.service`` (the engine's worker) < ``game.training``
(practice, puzzles and the course) < ``game.model`` < ``game.session`` < the rest of the application's
plumbing < ``game.tools`` and ``game.ui`` < the entry points. A module
imports only from its own room or lower ones, counting every import (inside functions and under
``TYPE_CHECKING`` too); module-level imports form no cycle; pygame is imported only in
``game.ui``; an import placed inside a function (to keep start-up fast) says so in a comment.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "game"

#: Modules that only start something; they may import any room.
ENTRIES = {"game.__main__", "game.app", "game.analyze", "game.bench", "game.arena", "game.review", "game.coach",
           "game.bundle", "game.puzzles", "game.practice", "game.learn"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


#: Rooms by module prefix, lowest first; game/*.py not listed is the application's plumbing.
ROOMS = (("game.data", 0), ("game.i18n", 0), ("game.engine", 1), ("game.domain", 2), ("game.echo", 2),
         ("game.words", 2), ("game.store", 3), ("game.paths", 3),
         ("game.config", 4), ("game.net", 5), ("game.speech", 5), ("game.service", 6), ("game.training", 7),
         ("game.model", 8),
         ("game.session", 9), ("game.tools", 11), ("game.ui", 11))
PLUMBING, ENTRY = 10, 12


def room(module: str) -> int:
    if module == "game":
        return 0    # the package itself holds only its version and docstring
    if module in ENTRIES:
        return ENTRY
    for prefix, rank in ROOMS:
        if module == prefix or module.startswith(prefix + "."):
            return rank
    return PLUMBING


def resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


MODULE, FUNCTION, TYPING = "module", "function", "typing"


def _where(in_function: bool, type_checking: bool) -> str:
    return FUNCTION if in_function else TYPING if type_checking else MODULE


def imports(path: Path) -> list[tuple[str, bool, int]]:
    """(imported module, where, line) for every import in ``path``; where is ``MODULE``,
    ``FUNCTION`` (inside a function) or ``TYPING`` (under ``if TYPE_CHECKING``)."""
    module = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def visit(node: ast.AST, in_function: bool, type_checking: bool) -> None:
        for child in ast.iter_child_nodes(node):
            func = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            tc = type_checking or (isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test))
            if isinstance(child, ast.Import):
                found.extend((alias.name, _where(in_function, tc), child.lineno) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                target = resolve(module, path.name == "__init__.py", child)
                for alias in child.names:  # "from game import paths" imports the module game.paths
                    sub = f"{target}.{alias.name}"
                    found.append((sub if (PACKAGE.parent / Path(*sub.split("."))).with_suffix(".py").exists()
                                  or (PACKAGE.parent / Path(*sub.split("."))).is_dir() else target,
                                  _where(in_function, tc), child.lineno))
            visit(child, func, tc)

    visit(tree, False, False)
    return found


SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_config_and_assets_are_at_the_top_level_once():
    for name in ("pyproject.toml", "README.md", "LICENSE", "config.toml", "assets/icon.png", "assets/LICENSE.md",
                 "tests", "game/__init__.py"):
        assert (ROOT / name).exists(), name
    assert not (PACKAGE / "config.toml").exists() and not (PACKAGE / "assets").exists()
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_a_checkout_finds_the_top_level_files():
    from game import paths

    assert paths.shipped_config() == ROOT / "config.toml"
    assert paths.assets_dir() == ROOT / "assets"
    assert paths.asset_path("drop.wav") == ROOT / "assets" / "drop.wav"


def test_the_copy_inside_an_installed_package_comes_first(tmp_path, monkeypatch):
    from game import paths

    package = tmp_path / "site" / "game"
    (package / "assets").mkdir(parents=True)
    (package / "config.toml").write_text("", encoding="utf-8")
    (tmp_path / "site" / "config.toml").write_text("", encoding="utf-8")  # not ours: must not win
    monkeypatch.setattr(paths, "_PACKAGE", package)
    assert paths.shipped_config() == package / "config.toml"
    assert paths.assets_dir() == package / "assets"
    (package / "config.toml").unlink()
    assert paths.shipped_config() == tmp_path / "site" / "config.toml"


def test_readme_points_to_the_top_level_settings_file():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    settings = readme[readme.index("## Settings"):]
    settings = settings[: settings.find("\n## ", 1)]
    assert "game/config.toml" not in readme and "`config.toml` at the top of the repository" in settings


def test_the_package_has_the_rooms():
    names = {module_name(p) for p in SOURCES}
    assert {"game.engine.board", "game.engine.search", "game.engine.solver", "game.engine.heuristics",
            "game.tools.analyze", "game.tools.bench", "game.tools.arena", "game.ui.controller",
            "game.config.load", "game.store.savefile", "game.service.worker", "game.data", "game.domain.players",
            "game.store.files", "game.store.folders"} <= names


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_no_module_imports_a_higher_room(path):
    module = module_name(path)
    upward = [(target, line) for target, _, line in imports(path)
              if target.startswith("game") and room(target) > room(module)]
    assert not upward, f"{module} imports a higher room: {upward}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_the_lower_rooms_import_no_pygame_network_or_ui(path):
    """domain, store and config hold values, files and settings: no window, no network."""
    module = module_name(path)
    if room(module) > room("game.config"):
        return
    banned = [(target, line) for target, _, line in imports(path)
              if target.split(".")[0] in ("pygame", "zeroconf", "ifaddr", "asyncio")
              or target.startswith(("game.net", "game.ui", "game.worker", "game.service", "game.session"))]
    assert not banned, f"{module} imports {banned}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_pygame_only_in_the_ui(path):
    module = module_name(path)
    uses = [line for target, _, line in imports(path) if target.split(".")[0] == "pygame"]
    assert not uses or module.startswith("game.ui"), f"{module} imports pygame at lines {uses}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_imports_inside_functions_say_why(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    silent = []
    for target, where, line in imports(path):
        if where == FUNCTION and (target.startswith("game") or target.split(".")[0] == "pygame"):
            # The comment stands on the import's line or above the block of imports it opens.
            n = line - 1
            while n > 0 and (lines[n - 1].strip().startswith(("import ", "from ")) or not lines[n - 1].strip()):
                n -= 1
            if "#" not in lines[line - 1] and not (n > 0 and lines[n - 1].strip().startswith("#")):
                silent.append(line)
    assert not silent, f"{module_name(path)}: imports inside functions without a comment at lines {silent}"


def test_module_level_imports_have_no_cycle():
    graph: dict[str, set[str]] = {}
    known = {module_name(p) for p in SOURCES}
    for path in SOURCES:
        graph[module_name(path)] = {t for t, where, _ in imports(path) if where == MODULE and t in known}
    state: dict[str, int] = {}

    def walk(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if nxt.startswith(node + "."):
                continue  # a package importing its own submodules is how packages re-export
            if state.get(nxt) == 1:
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            if nxt not in state:
                walk(nxt, stack + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])


# -- the floors, counting every import (inside functions and under TYPE_CHECKING too) --------------

def every_import(path: Path) -> list[tuple[str, int]]:
    """(imported module, line) for every import in ``path``, wherever it stands."""
    module = module_name(path)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = resolve(module, path.name == "__init__.py", node)
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                is_module = ((PACKAGE.parent / Path(*sub.split("."))).with_suffix(".py").exists()
                             or (PACKAGE.parent / Path(*sub.split("."))).is_dir())
                found.append((sub if is_module else target, node.lineno))
    return found


def in_room(module: str, *prefixes: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def importers(*prefixes: str) -> list[Path]:
    return [p for p in SOURCES if in_room(module_name(p), *prefixes)]


@pytest.mark.parametrize("path", importers("game.engine"), ids=lambda p: module_name(p))
def test_the_engine_imports_only_the_engine_and_its_shipped_data(path):
    wrong = [(t, line) for t, line in every_import(path)
             if t.split(".")[0] == "game" and not in_room(t, "game.engine", "game.data")]
    wrong += [(t, line) for t, line in every_import(path) if t.split(".")[0] in {"pygame", "zeroconf", "ifaddr"}]
    assert not wrong, f"{module_name(path)} imports {wrong}"


@pytest.mark.parametrize("path", importers("game.engine", "game.net", "game.tools", "game.training", "game.store"),
                         ids=lambda p: module_name(p))
def test_nothing_in_the_engine_network_tools_practice_or_store_imports_the_ui(path):
    wrong = [(t, line) for t, line in every_import(path) if in_room(t, "game.ui", "pygame")]
    assert not wrong, f"{module_name(path)} imports the UI: {wrong}"


@pytest.mark.parametrize("path", importers("game.session", "game.service"), ids=lambda p: module_name(p))
def test_the_session_and_the_engine_service_import_no_pygame_ui_or_network(path):
    wrong = [(t, line) for t, line in every_import(path) if in_room(t, "pygame", "game.ui", "game.net")]
    assert not wrong, f"{module_name(path)} imports {wrong}"


@pytest.mark.parametrize("path", importers("game.service"), ids=lambda p: module_name(p))
def test_the_engine_service_asks_only_the_engine(path):
    wrong = [(t, line) for t, line in every_import(path)
             if t.split(".")[0] == "game" and not in_room(t, "game.engine", "game.service")]
    assert not wrong, f"{module_name(path)} imports {wrong}"


def strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm: the module sets in which every module reaches every other one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_counting_every_import():
    known = {module_name(p) for p in SOURCES}
    graph = {module_name(p): {t for t, _ in every_import(p) if t in known and not t.startswith(module_name(p) + ".")}
             for p in SOURCES}
    cycles = [sorted(c) for c in strongly_connected(graph)]
    assert not cycles, f"import cycles: {cycles}"


def test_a_cycle_is_found_when_there_is_one():
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert strongly_connected({"a": {"b"}, "b": set()}) == []


#: ``python -m game.X`` shims: a few lines each that hand over to the tool of the same name.
COMMAND_SHIMS = {"game.analyze", "game.bench", "game.coach", "game.learn", "game.practice", "game.puzzles",
                 "game.review"}


def test_no_module_name_is_used_twice_outside_the_command_shims():
    names: dict[str, list[str]] = {}
    for path in SOURCES:
        if path.stem not in ("__init__", "__main__") and module_name(path) not in COMMAND_SHIMS:
            names.setdefault(path.stem, []).append(module_name(path))
    assert not {name: where for name, where in names.items() if len(where) > 1}
    # a shim shares its name only with the tool it starts
    for shim in COMMAND_SHIMS:
        assert names.get(shim.split(".")[-1]) == [f"game.tools.{shim.split('.')[-1]}"], shim


@pytest.mark.parametrize("path", importers("game.ui.game"), ids=lambda p: module_name(p))
def test_the_game_scene_imports_nothing_of_the_network(path):
    """A network game's seats are handed in by its lobby (``GameStart.seats``): the game scene's
    room knows no network, neither the link nor the network play's own room."""
    wrong = [(t, line) for t, line in every_import(path) if in_room(t, "game.net", "game.ui.netplay")]
    assert not wrong, f"{module_name(path)} imports {wrong}"


MAX_METHODS = 30


def methods_by_class(paths: list[Path]) -> dict[str, int]:
    """Each class's own methods (properties and async methods too), by ``module.Class``."""
    counts = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                counts[f"{module_name(path)}.{node.name}"] = sum(
                    isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in node.body)
    return counts


def test_no_class_outside_the_engine_has_over_30_methods():
    counts = methods_by_class([p for p in SOURCES if not in_room(module_name(p), "game.engine")])
    over = {name: count for name, count in counts.items() if count > MAX_METHODS}
    assert not over, "classes over 30 methods: " + ", ".join(f"{n} {c}" for n, c in sorted(over.items()))


def test_the_tests_mirror_the_packages():
    """Each package of the game has a test folder of the same name; tests/app holds the plumbing
    at the package's top (the command line, the model, packaging)."""
    packages = {p.name for p in PACKAGE.iterdir() if p.is_dir() and any(p.glob("*.py"))}
    folders = {p.name for p in ROOT.joinpath("tests").iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
    assert packages <= folders, sorted(packages - folders)
    assert folders - packages == {"app"}, sorted(folders - packages)


SCENE_ROOMS = ("game", "netplay", "review", "practice", "menu", "learn")
#: The one way between scene rooms: the network's seats implement the game room's seat contract.
BETWEEN_ROOMS = {("netplay", "game.ui.game.seats"), ("netplay", "game.ui.game.game_input")}


@pytest.mark.parametrize("room_name", SCENE_ROOMS)
def test_a_scene_room_imports_no_other_scene_room(room_name):
    wrong = []
    for path in importers(f"game.ui.{room_name}"):
        for target, line in every_import(path):
            other = next((r for r in SCENE_ROOMS if r != room_name and in_room(target, f"game.ui.{r}")), None)
            allowed = any(room_name == src and in_room(target, allowed_target) for src, allowed_target in BETWEEN_ROOMS)
            if other is not None and not allowed:
                wrong.append((module_name(path), target, line))
    assert not wrong

