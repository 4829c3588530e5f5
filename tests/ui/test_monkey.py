"""UI monkey test: thousands of random synthetic events against the real scenes, headless.

Clicks anywhere (left/right button), mouse motion and wheel, every key the game knows plus
random ones (with and without Ctrl), window resizes, fullscreen toggles, focus loss, and quit
requests. After every event and every frame:

* no exception escapes the controller;
* in the game scene the board is a legal position reached by alternating moves from the
  empty board (replaying the move string gives the same position, discs obey gravity, Red
  has as many discs as Yellow or one more, the side to move matches the disc count);
* a human event never plays a move for the computer and a frame never plays one for a human;
* the autosave always holds the game in progress ("nothing is lost"); a fresh game with no
  move yet leaves the previous autosave alone until its first move, and a game of two computers
  is never autosaved.

The window has no quit confirmation: a quit request (window close, Ctrl+Q, the menu's Quit) stops the
controller at once. The test checks that it did and that the autosave holds the game, then
cancels the quit (sets the controller running again, as a player answering "no" would) and
carries on.

The AI runs in a thread with a 50 ms time budget per move. The default run sends a third of the
soak's events (about ten seconds); the whole soak is marked slow.
"""

from __future__ import annotations

import random
import threading

import pygame
import pytest

from game.session.autosaver import has_person
from game.store import autosave as storage
from game.engine.board import HEIGHT, WIDTH, Position
from game.domain.levels import Level
from game.ui.savelist import SaveList
from game.ui.scene import GameStart
from game.ui.scene import Transition

EVENTS_PER_START = 2_100   # the soak (marked slow); the default run sends a third of it
SEED = 20261121
FRAME_DT = 0.05  # simulated seconds per frame: animations and reply delays run out quickly

STARTS = [  # (red, yellow): None/None opens the menu
    (None, None),
    ("human", "ai:2"),
    ("ai:1", "human"),
    ("human", "human"),
    ("ai:1", "ai:2:window"),
]

GAME_KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
             pygame.K_KP4, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
             pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE, pygame.K_n, pygame.K_a,
             pygame.K_h, pygame.K_r, pygame.K_m, pygame.K_w, pygame.K_s, pygame.K_d, pygame.K_PLUS,
             pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_BACKSPACE, pygame.K_0, pygame.K_8,
             pygame.K_F1, pygame.K_HOME, pygame.K_DELETE]
CTRL_KEYS = [pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_o, pygame.K_z, pygame.K_y, pygame.K_x]


def check_position(pos: Position, moves: str) -> None:
    assert Position.from_moves(moves) == pos, f"position differs from its moves {moves!r}"
    counts = {1: 0, 2: 0}
    for col in range(WIDTH):
        column = [pos.cell(col, row) for row in range(HEIGHT)]
        height = sum(1 for cell in column if cell)
        assert all(column[:height]) and not any(column[height:]), f"floating disc in column {col + 1}"
        assert pos.height(col) == height
        for cell in column[:height]:
            counts[cell] += 1
    assert counts[1] - counts[2] in (0, 1), f"disc counts {counts} after {moves!r}"
    assert pos.turn == (1 if counts[1] == counts[2] else 2)
    assert pos.moves == len(moves)


class Monkey:
    def __init__(self, driver, rng: random.Random) -> None:
        self.d = driver
        self.c = driver.c
        self.rng = rng
        self.events = 0
        self.quits = 0
        self.resizes = 0
        self.frames = 0
        self.moves_seen = 0
        self.scenes: set[str] = set()
        self.autosave_checked: tuple | None = None

    # -- state ------------------------------------------------------------------------------

    def game(self):
        return self.c.scene_named("game")

    def in_game(self) -> bool:
        return self.c.scene is self.game()

    def snapshot(self):
        g = self.game()
        return g.model, g.model.moves_string(), g.model.generation

    def check(self) -> None:
        self.scenes.add(self.scene_name())
        if self.in_game():
            model = self.game().model
            check_position(model.position, model.moves_string())
            assert model.is_over == model.position.is_over()
            state = (model.moves_string(), model.is_over, model.red, model.yellow)
            if state == self.autosave_checked:
                return
            self.autosave_checked = state
            assert self.c.ctx.session.flush()      # the autosave is written off the window's thread
            saved = self.c.ctx.session.autosaves.read()
            if not has_person(model):
                assert saved is None or "human" in (saved.red, saved.yellow), "a computers' game autosaved"
            elif model.is_over:
                assert saved is None, "autosave of a finished game left behind"
            elif model.moves:
                assert saved is not None and saved.moves == model.moves_string(), "autosave lost the game"
                assert (saved.red, saved.yellow) == (model.player_text(model.red), model.player_text(model.yellow))

    def scene_name(self) -> str:
        if not self.in_game():
            return self.c.scene.__class__.__name__.removesuffix("Scene").lower()
        g = self.game()
        if isinstance(g.overlay, SaveList):
            return "game+savelist"
        return "spectator" if g.sitting().watching else {0: "computer-vs-computer", 1: "vs-computer", 2: "two-players"}[
            sum(not g.model.player(n).is_ai for n in (1, 2))]

    # -- events -----------------------------------------------------------------------------

    def random_event(self) -> pygame.event.Event | None:
        r = self.rng.random()
        w, h = self.c.surface.get_size()
        pos = (self.rng.randrange(-20, w + 20), self.rng.randrange(-20, h + 20))
        if r < 0.30:
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=self.rng.choice([1, 1, 1, 2, 3]))
        if r < 0.38:
            return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        if r < 0.48:
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        if r < 0.50:
            return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=self.rng.choice([-1, 1]), flipped=False)
        if r < 0.80:
            key = self.rng.choice(GAME_KEYS)
            return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        if r < 0.87:
            key = self.rng.choice(CTRL_KEYS)
            return pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
        if r < 0.90:
            return pygame.event.Event(pygame.KEYUP, key=self.rng.choice(GAME_KEYS), mod=0)
        if r < 0.93:
            return self.resize_event()
        if r < 0.95:
            return pygame.event.Event(self.rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED,
                                                       pygame.WINDOWLEAVE, pygame.WINDOWMINIMIZED,
                                                       pygame.WINDOWRESTORED]))
        if r < 0.96:
            return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
        if r < 0.97:
            return pygame.event.Event(pygame.QUIT) if self.rng.random() < 0.5 else pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        return None  # a frame with no event

    def resize_event(self) -> pygame.event.Event:
        size = (self.rng.randrange(320, 1600), self.rng.randrange(240, 1200))
        if self.c.fullscreen:  # resizing only happens in a window
            self.c.toggle_fullscreen()
        pygame.display.set_mode(size, pygame.RESIZABLE)  # what the window system does before telling us
        self.resizes += 1
        return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])

    def send(self, event: pygame.event.Event) -> None:
        self.events += 1
        in_game = self.in_game()
        model, before, _ = self.snapshot()
        # A click or a drop key on the computer's turn must not play. (Loading a game from the
        # Ctrl+O list and Ctrl+Y redo may legitimately add moves: they replay recorded ones.)
        ai_turn = (in_game and model.is_ai_turn() and not model.is_over and not isinstance(self.game().overlay, SaveList)
                   and not (event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL))
        is_quit = event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_q
                                                and event.mod & pygame.KMOD_CTRL)
        self.c.handle(event)
        if is_quit:
            assert not self.c.running, "a quit request was ignored"
            self.quits += 1
            self.check()  # the autosave holds the game at the moment of quitting
            self.c.running = True  # the quit is cancelled: carry on
            return
        assert self.c.running
        after_model, after, _ = self.snapshot()
        if ai_turn and after_model is model and len(after) > len(before) and after.startswith(before):
            raise AssertionError(f"a human event played for the computer: {before!r} -> {after!r} ({event})")
        self.check()

    def frame(self) -> None:
        model, before, generation = self.snapshot()
        movers = []
        if self.in_game() and not model.is_over:
            movers = [model.player(model.position.turn).is_ai]
        self.c.frame(FRAME_DT, [])
        self.frames += 1
        if not self.c.running:  # the menu's Quit row was chosen: a quit request too
            self.quits += 1
            self.check()
            self.c.running = True
            return
        after_model, after, _ = self.snapshot()
        if after_model is model and len(after) == len(before) + 1 and after.startswith(before):
            self.moves_seen += 1
            assert movers == [True], f"a frame played a move for a human: {before!r} -> {after!r}"
        self.check()


@pytest.mark.parametrize("events_per_start", [pytest.param(EVENTS_PER_START // 3, id="short"),
                                              pytest.param(EVENTS_PER_START, id="soak", marks=pytest.mark.slow)])
def test_monkey(ui, monkeypatch, events_per_start):
    # Every move rewrites the autosave atomically; its fsync (durability, tested in
    # test_storage) costs ~10 ms on this disk and is not what this test is about.
    monkeypatch.setattr(storage.os, "fsync", lambda fd: None)
    rng = random.Random(SEED)
    total = {"events": 0, "quits": 0, "resizes": 0, "frames": 0, "moves": 0}
    scenes: set[str] = set()
    levels = (Level("Beginner", 1), Level("Easy", 2), Level("Window", 2, heuristic="window"))
    for red, yellow in STARTS:
        driver = ui(red, yellow, levels=levels, depth=2, time_limit=0.05, analysis_time=0.05,
                    spectator_delay=0.05)
        monkey = Monkey(driver, rng)
        while monkey.events < events_per_start:
            if rng.random() < 0.01 and monkey.in_game():  # now and then: a fresh game in this mode
                game = monkey.game()
                monkey.c.switch(Transition("game", GameStart(game.model.red, game.model.yellow)))
            event = monkey.random_event()
            if event is not None:
                monkey.send(event)
            if rng.random() < 0.5:
                monkey.frame()
        for key in ("events", "quits", "resizes", "frames"):
            total[key] += getattr(monkey, key)
        total["moves"] += monkey.moves_seen
        scenes |= monkey.scenes
        driver.c.shutdown()
    print(f"\nmonkey: {total} scenes={sorted(scenes)}")
    share = events_per_start / EVENTS_PER_START   # the counts below are the soak's, in proportion
    assert total["events"] >= len(STARTS) * events_per_start
    assert total["quits"] > 50 * share and total["resizes"] > 100 * share
    assert {"menu", "vs-computer", "two-players", "spectator", "game+savelist"} <= scenes
    assert total["moves"] > 50 * share  # the computer really played during the run
    assert not [t for t in threading.enumerate() if t.name == "AIWorker" and t.is_alive()]
