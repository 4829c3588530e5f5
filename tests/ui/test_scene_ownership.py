"""Each scene is the only writer of its state (read with ``ast``): the game scene's parts take
values and return values, and no module but the scene's own assigns to a scene's attributes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
GAME_ROOM = UI / "game"
#: The game scene's parts: each returns what should happen, the scene applies it.
GAME_PARTS = ("game_coach.py", "game_files.py", "game_input.py", "game_replies.py", "game_text.py", "game_thinking.py")
MOST_GAME_SCENE_METHODS = 25


def assigned(tree: ast.AST) -> list[ast.Attribute]:
    """Every attribute that a statement in ``tree`` assigns to (plain, augmented, annotated, unpacked)."""
    found = []
    for node in ast.walk(tree):
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        while targets:
            target = targets.pop()
            if isinstance(target, (ast.Tuple, ast.List)):
                targets.extend(target.elts)
            elif isinstance(target, ast.Starred):
                targets.append(target.value)
            elif isinstance(target, ast.Attribute):
                found.append(target)
    return found


def through_a_scene(target: ast.Attribute) -> bool:
    """Whether ``target`` is reached through something called a scene (``scene.x``, ``self.scene.x``)."""
    node: ast.expr = target.value
    while isinstance(node, ast.Attribute):
        if node.attr == "scene":
            return True
        node = node.value
    return isinstance(node, ast.Name) and node.id == "scene"


def where(path: Path, targets: list[ast.Attribute]) -> list[str]:
    return [f"{path.name}:{t.lineno} {ast.unparse(t)}" for t in targets]


@pytest.mark.parametrize("path", sorted(p for p in UI.rglob("*.py") if p.name != "game_scene.py"), ids=lambda p: p.name)
def test_no_module_but_the_scenes_own_assigns_to_a_scenes_attributes(path):
    targets = [t for t in assigned(ast.parse(path.read_text(encoding="utf-8"))) if through_a_scene(t)]
    assert not targets, where(path, targets)


def into_what_it_was_handed(tree: ast.AST) -> list[ast.Attribute]:
    """Writes into an object a function was handed (``player.cursor = ...``) or one its object
    holds (``self.scene.overlay = ...``); its own fields and its own locals are its own."""
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        args = function.args
        handed = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)} - {"self", "cls"}
        for target in assigned(function):
            root = target.value
            while isinstance(root, ast.Attribute):
                root = root.value
            held = isinstance(target.value, ast.Attribute) and isinstance(root, ast.Name) and root.id == "self"
            if held or (isinstance(root, ast.Name) and root.id in handed):
                found.append(target)
    return found


@pytest.mark.parametrize("name", GAME_PARTS)
def test_the_game_scenes_parts_write_only_their_own_fields(name):
    path = GAME_ROOM / name
    targets = into_what_it_was_handed(ast.parse(path.read_text(encoding="utf-8")))
    assert not targets, where(path, targets)


def test_the_parts_list_is_every_game_module():
    assert {p.name for p in GAME_ROOM.glob("game_*.py")} == {*GAME_PARTS, "game_scene.py"}


def test_the_game_scene_stays_small():
    tree = ast.parse((GAME_ROOM / "game_scene.py").read_text(encoding="utf-8"))
    (scene,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "GameScene"]
    methods = [node.name for node in scene.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert len(methods) <= MOST_GAME_SCENE_METHODS, methods


def test_the_checks_see_a_write_into_a_scene():
    tree = ast.parse("scene.overlay = None\nself.scene.next, x = t\nself.scene.thinking.pending += 1\nself.cursor = 3\n")
    assert sorted(ast.unparse(t) for t in assigned(tree) if through_a_scene(t)) == [
        "scene.overlay", "self.scene.next", "self.scene.thinking.pending"]
    part = ast.parse("def f(self, player, col):\n    box = Rect()\n    box.x = col\n    self.n = 1\n"
                     "    player.cursor = col\n    self.host.flash = None\n")
    assert sorted(ast.unparse(t) for t in into_what_it_was_handed(part)) == ["player.cursor", "self.host.flash"]
