"""Where the players' drills live: ``drills.jsonl``, one drill and its schedule a line.

Each line holds whose drill it is (the player's name as the game knows it), the drill
(``game.engine.drills.Drill``) and its FSRS card (``fsrs.Card``: when it is due, its stability and
difficulty). Two players may each have a drill at one position; names are compared as
``game.domain.names.name_key`` compares them (case and accents' form ignored). A line written before
drills had owners has no ``player``: it belongs to :data:`LOCAL_PLAYER`, the person at this computer
(such drills came from games against the computer, network games and reviews, all of them that
person's), and the file is written back with the name on the first read. Drills are few (one per
slip of the player), and a review changes one card, so every change rewrites the file whole,
atomically, under a lock (``game.store.lines``): a write killed midway loses nothing, a line that is
not a valid drill (bad JSON, an impossible position, a card whose date is not a date) is set aside
in ``drills.jsonl.bad`` while the other drills stay with their schedules, and a file that cannot be
read is never written.

No pygame here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from fsrs import Card, State

from game.domain.names import clean_player_name, name_key
from game.echo import shown
from game.i18n import N_, ngettext
from game.engine.drills import Drill
from game.store.folders import user_data_dir

from . import fields, files
from .lines import LineFile, LineWords

__all__ = ["DRILLS_NAME", "DRILL_LINES", "LOCAL_PLAYER", "MAX_OWNER_CHARS", "PLAYERS_NAME", "PLAYER_LINES",
           "DrillEntry", "PlayerChoice", "clean_stale", "drills_path", "entry_line", "load_choices", "load_drills",
           "owner_name", "players_path", "read_drills", "same_player", "set_aside_drills", "update_choices",
           "update_drills"]

DRILLS_NAME = "drills.jsonl"
PLAYERS_NAME = "drill_players.jsonl"
#: The person at this computer, as the game speaks to them ("Red (you)", "You win!"): the owner of
#: drills from games against the computer, network games and reviews.
LOCAL_PLAYER = "You"
#: A two-player name (20 characters) with " (1)" added when both typed the same one, and room to spare.
MAX_OWNER_CHARS = 32
MAX_NOTICE_CHARS = 200


def same_player(a: str, b: str) -> bool:
    """Whether two owners' names are one player's (compared as the menu compares names)."""
    return name_key(a) == name_key(b)


def owner_name(value: object) -> str:
    """The owner's name as stored; ValueError when it is not a name the game gives a player."""
    if not isinstance(value, str) or not value or len(value) > MAX_OWNER_CHARS \
            or clean_player_name(value, MAX_OWNER_CHARS) != value:
        raise ValueError(f"player: {shown(value, 40)} is not a player's name")
    return value


@dataclass(frozen=True, slots=True)
class DrillEntry:
    """A player's drill and its schedule. The card is never changed in place: a review makes a new
    entry. ``player`` is "" only for a line read from a file written before drills had owners,
    until :func:`update_drills` gives it :data:`LOCAL_PLAYER`."""

    drill: Drill
    card: Card
    player: str = LOCAL_PLAYER
    #: What makes a drill one: whose it is (``name_key`` of the player) and its position's key.
    #: Worked out once: a position's key replays its moves, and the menu counts drills every frame.
    ident: tuple[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ident", (name_key(self.player), self.drill.key))

    @property
    def key(self) -> int:
        """The position's key (one drill per position and player)."""
        return self.ident[1]

    def belongs_to(self, player: str) -> bool:
        return self.ident[0] == name_key(player)


def drills_path() -> Path:
    return user_data_dir() / DRILLS_NAME


#: The ranges of a card's numbers that FSRS gives (it clamps stability to at least 0.001 days and
#: difficulty to 1..10); a stability of a million days is no interval its 100-year cap can tell apart.
STABILITY = (0.001, 1e6)
DIFFICULTY = (1.0, 10.0)
#: A learning or relearning card's step: an index into FSRS' steps, which are few.
MAX_STEP = 100


def _card_from_json(data: object) -> Card:
    """ValueError naming the field when ``data`` is not a card ``Card.to_dict`` wrote, with every
    value in the range FSRS can work with (``game.store.fields``)."""
    if not isinstance(data, dict):
        raise ValueError("card: not a JSON object")
    card_id, state, step = data.get("card_id"), data.get("state"), data.get("step")
    if isinstance(card_id, bool) or not isinstance(card_id, int):
        raise ValueError("card_id: not a whole number")
    if state not in {s.value for s in State} or isinstance(state, bool):
        raise ValueError(f"state: {shown(state)} is not a card state")
    if State(state) is State.Review:
        if step is not None:
            raise ValueError(f"step: {shown(step)} on a card in review")
    else:  # learning and relearning cards step through FSRS' short steps
        step = fields.whole(step, "step", 0, MAX_STEP)
    numbers = {}
    for name, (low, high) in (("stability", STABILITY), ("difficulty", DIFFICULTY)):
        value = data.get(name)
        numbers[name] = None if value is None else fields.number(value, name, low, high)
        if value is None and State(state) is not State.Learning:
            raise ValueError(f"{name}: missing on a card past its first steps")
    last = data.get("last_review")
    return Card(card_id=card_id, state=State(state), step=step, due=_utc(data.get("due"), "due"),
                last_review=None if last is None else _utc(last, "last_review"), **numbers)


def _utc(value: object, name: str) -> datetime:
    return fields.stamp(value, name).astimezone(timezone.utc)


def _encode(entry: DrillEntry) -> dict:
    return {"player": owner_name(entry.player), "drill": entry.drill.to_json(), "card": entry.card.to_dict()}


def _decode(doc: object) -> DrillEntry:
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
    player = owner_name(doc["player"]) if "player" in doc else ""
    return DrillEntry(Drill.from_json(doc.get("drill")), _card_from_json(doc.get("card")), player)


#: One drill per position and player: a later line for one already read is dropped (the first one,
#: with its schedule, stays).
DRILL_WORDS = LineWords(
    lambda n: ngettext("{count} damaged drill was set aside in {file} ({problem}); your other {kept} drills "
                       "are kept",
                       "{count} damaged drills were set aside in {file} ({problem}); your other {kept} drills "
                       "are kept", n),
    N_("Cannot read your drills in {file} ({reason}); the file is left as it is"),
    N_("Your drills are read from {file}, but its folder cannot be written ({reason}): nothing new will be kept"),
    lambda n: ngettext("Your drills are read from {file}, but its folder cannot be written ({reason}): nothing new "
                       "will be kept; {count} damaged line is left in it",
                       "Your drills are read from {file}, but its folder cannot be written ({reason}): nothing new "
                       "will be kept; {count} damaged lines are left in it", n))
DRILL_LINES = LineFile(DRILL_WORDS, _decode, _encode, key=lambda entry: entry.ident)


def _owned(entries: Iterable[DrillEntry]) -> list[DrillEntry]:
    """The entries with every ownerless one given to :data:`LOCAL_PLAYER` (one drill per position
    and player still: a position the local player already holds keeps the first entry)."""
    entries = list(entries)
    if all(entry.player for entry in entries):
        return entries
    out: list[DrillEntry] = []
    seen: set[tuple[str, int]] = set()
    for entry in entries:
        entry = entry if entry.player else replace(entry, player=LOCAL_PLAYER)
        if entry.ident not in seen:
            seen.add(entry.ident)
            out.append(entry)
    return out


def entry_line(entry: DrillEntry) -> bytes:
    """The line that stores ``entry``."""
    return DRILL_LINES.line(entry)


def clean_stale(path: Path, now: float | None = None) -> list[Path]:
    """Remove temporary files that a write of ``path`` killed midway left behind (once stale)."""
    return DRILL_LINES.clean_stale(path, now)


def read_drills(path: Path | None = None) -> tuple[list[DrillEntry], str | None]:
    """Every player's drills, oldest first, and a notice for the player (None when all is well);
    see ``LineFile.read``: a folder that cannot be written is read all the same, and the notice
    says so. Ownerless lines are written back with their owner when the file can be written; when
    it cannot, they are given their owner in memory all the same. OSError when the file cannot be read."""
    where = drills_path() if path is None else Path(path)
    try:
        return DRILL_LINES.read(where, _owned)
    except OSError:
        entries, notice = DRILL_LINES.read(where)   # the file reads, but the owners cannot be written
        return _owned(entries), notice


def set_aside_drills(wrong: Mapping[tuple[str, int], tuple[Drill, str]],
                     path: Path | None = None) -> tuple[list[DrillEntry], str | None]:
    """Move the drills of ``wrong`` (identity -> the drill found wrong and why) out of the file into
    ``drills.jsonl.bad``, each line with its reason under ``"set_aside"``; every drill left, and a
    notice naming the first reason. A line changed since it was found wrong stays. OSError when
    the file cannot be read or written (nothing is moved then)."""
    where = drills_path() if path is None else Path(path)
    moved: list[DrillEntry] = []
    asides: list[Path] = []

    def remove(entries: list[DrillEntry]) -> list[DrillEntry]:
        """Under the file's lock: the lines are copied aside before the file is rewritten without them."""
        moved[:] = [e for e in entries if e.ident in wrong and wrong[e.ident][0] == e.drill]
        if moved:
            asides.append(files.write_aside(where, b"".join(
                json.dumps({"set_aside": wrong[e.ident][1], **_encode(e)}, ensure_ascii=True).encode() + b"\n"
                for e in moved)))
        return [e for e in entries if e not in moved]

    entries, notice = update_drills(remove, where)
    if not moved:
        return entries, notice
    said = ngettext("{count} wrong drill was set aside in {file} ({reason}); {kept} drills are kept",
                    "{count} wrong drills were set aside in {file} ({reason}); {kept} drills are kept", len(moved))
    return entries, shown(said.format(count=len(moved), file=asides[0].name, reason=wrong[moved[0].ident][1],
                                      kept=len(entries)), MAX_NOTICE_CHARS)


def load_drills(path: Path | None = None) -> tuple[list[DrillEntry], str | None]:
    """:func:`read_drills`, with a file that cannot be read reported in the notice (no drills)."""
    try:
        return read_drills(path)
    except OSError:
        entries, notice = DRILL_LINES.load(drills_path() if path is None else Path(path))
        return _owned(entries), notice


def update_drills(change: Callable[[list[DrillEntry]], list[DrillEntry]] | None,
                  path: Path | None = None) -> tuple[list[DrillEntry], str | None]:
    """Apply ``change`` to every player's drills under the file's lock (ownerless lines given
    their owner first); see ``LineFile.update``."""
    return DRILL_LINES.update(lambda entries: _owned(entries) if change is None else change(_owned(entries)),
                              drills_path() if path is None else Path(path))


# -- who wants drills ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerChoice:
    """Whether ``player`` wants drills from their games (a player never asked has no line)."""

    player: str
    wants: bool


def _encode_choice(choice: PlayerChoice) -> dict:
    return {"player": owner_name(choice.player), "drills": choice.wants}


def _decode_choice(doc: object) -> PlayerChoice:
    if not isinstance(doc, dict):
        raise ValueError("not a JSON object")
    wants = doc.get("drills")
    if not isinstance(wants, bool):
        raise ValueError("drills: not true or false")
    return PlayerChoice(owner_name(doc.get("player")), wants)


#: One choice per player (the first line read for a name stands).
PLAYER_WORDS = LineWords(
    lambda n: ngettext("{count} damaged drill choice was set aside in {file} ({problem}); your other {kept} drill "
                       "choices "
                       "are kept",
                       "{count} damaged drill choices were set aside in {file} ({problem}); your other {kept} drill "
                       "choices "
                       "are kept", n),
    N_("Cannot read your drill choices in {file} ({reason}); the file is left as it is"),
    N_("Your drill choices are read from {file}, but its folder cannot be written ({reason}): nothing new will be "
       "kept"),
    lambda n: ngettext("Your drill choices are read from {file}, but its folder cannot be written ({reason}): "
                       "nothing new "
                       "will be kept; {count} damaged line is left in it",
                       "Your drill choices are read from {file}, but its folder cannot be written ({reason}): "
                       "nothing new "
                       "will be kept; {count} damaged lines are left in it", n))
PLAYER_LINES = LineFile(PLAYER_WORDS, _decode_choice, _encode_choice, key=lambda c: name_key(c.player),
                        max_bytes=1024 * 1024)


def players_path() -> Path:
    return user_data_dir() / PLAYERS_NAME


def load_choices(path: Path | None = None) -> tuple[list[PlayerChoice], str | None]:
    """Each player's choice about drills, and a notice (None when all is well); see ``LineFile.load``."""
    return PLAYER_LINES.load(players_path() if path is None else Path(path))


def update_choices(change: Callable[[list[PlayerChoice]], list[PlayerChoice]],
                   path: Path | None = None) -> tuple[list[PlayerChoice], str | None]:
    """Apply ``change`` to the choices under the file's lock; see ``LineFile.update``."""
    return PLAYER_LINES.update(change, players_path() if path is None else Path(path))
