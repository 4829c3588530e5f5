"""Monkey test: thousands of random events (clicks anywhere, keys, resizes, focus changes, quit requests
that are then cancelled) across every scene, headless. Nothing may raise, and whenever a game is shown
its board is a legal position reached by its own move list, with the turn order right."""

from __future__ import annotations

import random

import pygame

from game.board import Position
from game.search import SearchResult
from game.ui.game_scene import GameScene
from game.worker import AIUpdate

EVENTS = 3000


class InstantWorker:
    """Answers every request at once with a random legal move / random scores (the UI logic is under
    test here, not the engine); a few answers are errors, to exercise that path too."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.outbox: list[AIUpdate] = []

    def submit(self, request):
        pos, kind = request.position, request.kind
        if self.rng.random() < 0.03:
            self.outbox = [AIUpdate(request.generation, kind, error="monkey: engine failure")]
            return
        legal = pos.legal_moves()
        if kind == "analysis":
            scores = tuple(self.rng.uniform(-1, 1) if pos.can_play(c) else None for c in range(7))
            result: object = (scores, self.rng.random() < 0.5)
        else:
            result = SearchResult(self.rng.choice(legal), 0.0, 1, 1, 0.0, False, False)
        self.outbox = [AIUpdate(request.generation, kind, result=result)]

    def cancel(self):
        self.outbox = []

    def poll(self, generation=None):
        out, self.outbox = self.outbox, []
        return [u for u in out if generation is None or u.generation == generation]

    busy = False

    def close(self, timeout=0.5):
        pass

KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_a, pygame.K_h,
        pygame.K_n, pygame.K_m, pygame.K_r, pygame.K_ESCAPE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_z,
        pygame.K_y, pygame.K_s, pygame.K_o, pygame.K_TAB, pygame.K_F11, pygame.K_x]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    kind = rng.random()
    pos = (rng.randrange(-20, size[0] + 20), rng.randrange(-20, size[1] + 20))
    if kind < 0.35:
        key = rng.choice(KEYS)
        mod = pygame.KMOD_LCTRL if key in (pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_o) and rng.random() < 0.6 else 0
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")
    if kind < 0.65:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 2, 3]))
    if kind < 0.85:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if kind < 0.9:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]))
    if kind < 0.95:
        return pygame.event.Event(rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.KEYUP]),
                                  key=pygame.K_a, mod=0)
    return pygame.event.Event(pygame.QUIT)


def check_board(scene: GameScene) -> None:
    model = scene.model
    moves = model.moves_string()
    assert Position.from_moves(moves) == model.position
    assert model.position.turn == 1 + len(moves) % 2


def test_random_events_never_break_the_ui(ui):
    rng = random.Random(20261121)
    d = ui(spectator_delay=0.0, animation_speed=4.0, worker_factory=lambda: InstantWorker(rng))
    seen_scenes: set[str] = set()
    games_checked = 0
    for i in range(EVENTS):
        if i % 400 == 399:                              # a real resize now and then
            size = (rng.randrange(200, 1400), rng.randrange(180, 1000))
            pygame.display.set_mode(size, pygame.RESIZABLE)
            d.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        event = random_event(rng, d.c.surface.get_size())
        d.frame(event, dt=rng.choice([0.0, 1 / 60, 0.05]))
        if not d.c.running:                             # a quit request: cancelled, play goes on
            d.c.running = True
        seen_scenes.add(type(d.scene).__name__)
        if isinstance(d.scene, GameScene):
            check_board(d.scene)
            games_checked += 1
    assert seen_scenes == {"MenuScene", "GameScene"}
    assert games_checked > EVENTS // 4
