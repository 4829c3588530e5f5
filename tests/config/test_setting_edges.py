"""Each numeric setting's range, pinned from config.toml's comments (not read from the checker, so
a range changed in the schema fails here): each end accepted, the next value past it refused."""

from __future__ import annotations

import math

import pytest

from game.config.load import parse_settings

# (where, key, low end, high end, low end open, high end open, whole numbers only), as config.toml says
DOCUMENTED = [
    ("window", "width", 320, 7680, False, False, True),
    ("window", "height", 240, 4320, False, False, True),
    ("window", "fps", 15, 240, False, False, True),
    ("display", "animation_speed", 0.1, 10.0, False, False, False),
    ("sound", "volume", 0.0, 1.0, False, False, False),
    ("ai", "depth", 1, 20, False, False, True),
    ("ai", "discount", 0.0, 1.0, False, True, False),
    ("ai", "time_limit", 0.0, 3600.0, False, False, False),
    ("ai", "table_mb", 1, 4096, False, False, True),
    ("ai", "analysis_time", 0.05, 30.0, False, False, False),
    ("ai.window_weights", "own", 0.0, 10000.0, False, False, False),
    ("ai.window_weights", "block", 0.0, 10000.0, False, False, False),
    ("ai.window_weights", "scale", 0.0, 1000.0, True, False, False),
    ("spectator", "delay", 0.0, 10.0, False, False, False),
    ("review", "time", 0.05, 60.0, False, False, False),
    ("network", "port", 1024, 65535, False, False, True),
    ("levels", "depth", 1, 42, False, False, True),
    ("levels", "temperature", 0.0, 10.0, False, False, False),
    ("levels", "elo", 0, 4000, False, False, True),
]


def config(where: str, key: str, value: float) -> str:
    text = repr(value)
    if key in ("own", "block"):
        text = f"[{text}, {text}, {text}]"
    if where == "levels":
        rest = "" if key == "depth" else "depth = 3\n"   # a level needs a depth
        return f'[[levels]]\nname = "Edge"\n{rest}{key} = {text}\n'
    return f"[{where}]\n{key} = {text}\n"


def problems(where: str, key: str, value: float) -> list:
    return parse_settings(config(where, key, value))[1]


def past(value: float, direction: int, whole: bool) -> float:
    return value + direction if whole else math.nextafter(value, direction * math.inf)


@pytest.mark.parametrize("where, key, lo, hi, lo_open, hi_open, whole", DOCUMENTED,
                         ids=[f"{w}.{k}" for w, k, *_ in DOCUMENTED])
def test_each_end_is_accepted_and_the_next_value_past_it_refused(where, key, lo, hi, lo_open, hi_open, whole):
    first = past(lo, +1, whole) if lo_open else lo
    last = past(hi, -1, whole) if hi_open else hi
    assert problems(where, key, first) == [] and problems(where, key, last) == []
    below = lo if lo_open else past(lo, -1, whole)
    above = hi if hi_open else past(hi, +1, whole)
    for value in (below, above):
        found = problems(where, key, value)
        assert found and key in str(found[0]), (value, found)
