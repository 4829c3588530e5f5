"""Practice as the window sees it: the drills and puzzle results in memory, and every slow step
(reading and writing their files, reviewing a finished game for drills, proving a refutation)
done on threads of their own, never the window's.

:class:`PracticeKeeper` holds every player's drills (with their FSRS cards), each player's choice
about drills, and every player's puzzle results as last read or written. The window hands it
values, never callbacks:

* a finished game (its moves and whose slips count) is reviewed and its errors a player could have
  seen, and its mistakes and blunders, become drills (``game.engine.drills``), each naming the game
  it came from (the opponent, the day, the move); a game already judged this sitting is not judged
  again.
  Each slip is the drill of the player who made it: a side handed over as a :class:`NamedSide`
  (two people at one screen) is its player's, a plain side (1 or 2: against the computer, a
  network game, a review) is :data:`LOCAL_PLAYER`'s, the person at this computer;
* who wants drills: a player the game names (a name typed in the menu, or the person at this
  computer) gets them unless they turned them off in Practice; a seat nobody named (the colours,
  "Player 2") is nobody's and gets none, and the players are told once how to get them;
* a review the window already has (``GameReview``) makes drills without reviewing again;
* a position from the review becomes a drill on request (:meth:`PracticeKeeper.add_position`);
* a drill's grade and a puzzle's result are written;
* the review's explanation of a drill's move is proved on request (:meth:`PracticeKeeper.explain`);
* every drill read is proved again by the solver before it is served (once a sitting): those due
  soon while loading, the rest right after; one the solver proves wrong (a file edited by hand) is
  set aside in ``drills.jsonl.bad`` with the reason.

Answers the window waits for (a refutation, a position added) are asked with a ticket and read
back with :meth:`PracticeKeeper.answer` once they have arrived; notices for the player (a damaged
file, new drills) come through :meth:`PracticeKeeper.poll`. Two threads: one for the files and the
mining, one for the scene's refutations (a miss must not wait behind a game's review). Each owns
its own solver; :meth:`PracticeKeeper.close` stops a running search. The searches themselves are
``game.training.proofs``'s. No pygame here.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Union

from game.domain.names import name_key
from game.i18n import N_, _, ngettext
from game.engine.drills import Drill
from game.engine.game_review import DEFAULT_TIME, GameReview
from game.engine.solver import SearchCancelled
from game.service.proving import Provers
from game.store.drill_file import (LOCAL_PLAYER, DrillEntry, PlayerChoice, load_choices, load_drills,
                               set_aside_drills, update_choices)
from game.store.puzzle_results import PuzzleResult, add_result, load_results
from game.training.background import BackgroundKeeper
from game.training.owners import NamedSide, against_name, opponent_names
from game.training.proofs import (Added, Refutation, explanation, game_drills, position_drill, refutation,
                                          wrong_drills)
from game.training.schedule import Grade, add_drills, due_entries, end_of_day, grade_drill

log = logging.getLogger(__name__)

__all__ = ["NamedSide", "PracticeKeeper", "UNNAMED_NOTICE", "opponent_names"]

#: The table of each thread's solver, in megabytes.
SOLVER_MB = 32
#: Said once a sitting, when a game at one screen ends with a seat nobody named.
UNNAMED_NOTICE = N_("No drills for unnamed players: type your names in the menu to get drills from your games")


@dataclass(frozen=True, slots=True)
class _Load:
    pass


@dataclass(frozen=True, slots=True)
class _ProveRest:
    """Prove the drills not yet proved this sitting (those not due soon, after the load)."""


@dataclass(frozen=True, slots=True)
class _Mine:
    moves: tuple[int, ...]
    players: tuple[int, ...]
    review: GameReview | None
    owner: str
    against: str = ""


@dataclass(frozen=True, slots=True)
class _AddPosition:
    ticket: int
    moves: tuple[int, ...]
    played: int | None


@dataclass(frozen=True, slots=True)
class _Grade:
    key: int
    grade: Grade
    now: datetime
    player: str


@dataclass(frozen=True, slots=True)
class _Choose:
    choice: PlayerChoice


@dataclass(frozen=True, slots=True)
class _Result:
    result: PuzzleResult


@dataclass(frozen=True, slots=True)
class _Refute:
    ticket: int
    moves: tuple[int, ...]
    column: int
    names: tuple[str, str]
    explain_only: bool = False      # the review's explanation alone, without the line played out


_Job = Union[_Load, _ProveRest, _Mine, _AddPosition, _Grade, _Result, _Choose]

#: At load, the drills due within this time of the end of today are proved before any is served;
#: the others are proved right after, on the same thread, so a large collection opens at once.
PROVE_FIRST = timedelta(days=1)


def _coming_back(entry: DrillEntry, now: datetime) -> bool:
    """Whether ``entry`` was practised on ``now``'s day and its next time has not come yet."""
    last = entry.card.last_review
    return last is not None and last.astimezone(now.tzinfo).date() == now.date() and entry.card.due > now


class PracticeKeeper(BackgroundKeeper["Added | Refutation"]):
    def __init__(self, review_time: float = DEFAULT_TIME, *, drills_path: Path | None = None,
                 results_path: Path | None = None, players_path: Path | None = None) -> None:
        super().__init__()
        self.review_time = review_time
        self.drills_path = drills_path
        self.results_path = results_path
        self.players_path = players_path
        self.loaded = False
        self.streak = 0           # exercises right at the first try in a row, this sitting
        self.best_streak = 0
        #: Whose drills the Practice scene shows and the menu counts (chosen in Practice).
        self.player = LOCAL_PLAYER
        self._entries: list[DrillEntry] = []
        self._choices: dict[str, PlayerChoice] = {}      # by name_key
        self._told_unnamed = False
        self._results: list[PuzzleResult] = []
        self._judged: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()   # (moves, players) this sitting
        self._files = self._writer("practice-files", self._work)
        self._refuter = self._writer("practice-refuter", self._refute_all)
        self._provers = Provers(SOLVER_MB)     # a solver for each of the two threads
        self._proved: set[tuple[object, Drill]] = set()   # (owner and position, drill) proved right this sitting

    # -- the window's side -------------------------------------------------------------------

    def load(self) -> None:
        """Read the drills and the puzzle results on the files thread."""
        self._files.submit(_Load())

    @property
    def entries(self) -> list[DrillEntry]:
        with self._lock:
            return list(self._entries)

    @property
    def results(self) -> list[PuzzleResult]:
        with self._lock:
            return list(self._results)

    def results_of(self, player: str | None = None) -> list[PuzzleResult]:
        """``player``'s puzzle results (default: :attr:`player`'s), oldest first."""
        whose = self.player if player is None else player
        return [r for r in self.results if r.belongs_to(whose)]

    def drills_of(self, player: str | None = None) -> list[DrillEntry]:
        """``player``'s drills (default: :attr:`player`'s), oldest first."""
        whose = name_key(self.player if player is None else player)
        return [e for e in self.entries if e.ident[0] == whose]

    def players(self) -> list[str]:
        """Everyone with drills or a choice about them, the person at this computer first, then in
        the order they first got a drill."""
        with self._lock:
            known = [e.player for e in self._entries] + [c.player for c in self._choices.values()]
        names: dict[str, str] = {}
        for name in [LOCAL_PLAYER, *known]:
            names.setdefault(name_key(name), name)
        keep = {name_key(name) for name in known}
        return [name for key, name in names.items() if key in keep]

    def player_to_show(self, now: datetime) -> str:
        """Whose drills Practice shows next: :attr:`player`, unless they have nothing due and
        another player has (then the first such player)."""
        if self.due(now):
            return self.player
        return next((p for p in self.players() if self.due(now, p)), self.player)

    def due(self, now: datetime, player: str | None = None) -> list[DrillEntry]:
        """``player``'s drills (default :attr:`player`'s) due by the end of ``now``'s day, the
        longest overdue first; a drill practised today counts again only once its time has come
        (FSRS' learning and relearning steps bring it back within minutes: see :meth:`again`)."""
        return [e for e in due_entries(self.drills_of(player), end_of_day(now)) if not _coming_back(e, now)]

    def again(self, now: datetime, player: str | None = None) -> list[datetime]:
        """When each drill practised today that is not due yet comes back today, soonest first."""
        return sorted(e.card.due for e in due_entries(self.drills_of(player), end_of_day(now))
                      if _coming_back(e, now))

    def wants(self, player: str) -> bool:
        """Whether ``player``'s games make drills: yes unless they turned drills off."""
        with self._lock:
            choice = self._choices.get(name_key(player))
        return choice is None or choice.wants

    def set_wants(self, player: str, wants: bool) -> None:
        """``player`` turns drills from their games on or off (kept for the next sittings)."""
        choice = PlayerChoice(player, wants)
        with self._lock:
            self._choices[name_key(player)] = choice
        self._files.submit(_Choose(choice))

    def judge(self, moves: Sequence[int], players: Collection[int], review: GameReview | None = None,
              opponents: Mapping[int, str] | None = None) -> bool:
        """A finished game: the errors of ``players`` (1 red, 2 yellow; a :class:`NamedSide` says
        whose) become their drills, in the background (from ``review`` when the window already has
        it), each naming its source: the game against the other side (its :class:`NamedSide`'s
        player, else its name in ``opponents``, side -> name, such as a computer level's), today,
        and the move. False when nothing is judged: no moves, no player who wants drills, or the
        game judged already this sitting (with the same sides, whoever wanted drills then)."""
        key = (tuple(moves), tuple(sorted(set(players))))
        if not key[0] or not key[1] or key in self._judged:
            return False
        self._judged.add(key)
        owners: dict[str, list[int]] = {}
        names: dict[str, str] = {}
        for side in sorted(set(players)):
            player, chosen = (side.player, side.chosen) if isinstance(side, NamedSide) else (LOCAL_PLAYER, True)
            if not chosen:
                self._tell_unnamed()
            elif self.wants(player):
                owners.setdefault(name_key(player), []).append(int(side))
                names.setdefault(name_key(player), player)
        named = {int(side): side.player for side in players if isinstance(side, NamedSide) and side.chosen}
        for owner, sides in owners.items():
            other = 3 - sides[0] if len(sides) == 1 else None
            against = "" if other is None else named.get(other) or (opponents or {}).get(other, "")
            self._files.submit(_Mine(key[0], tuple(sides), review, names[owner], against_name(against)))
        return bool(owners)

    def add_position(self, moves: Sequence[int], played: int | None = None) -> int:
        """Ask for the position after ``moves`` to become a drill (``played``: the column played
        there, if any). Returns the ticket whose :meth:`answer` is an :class:`Added`."""
        ticket = self._ticket()
        self._files.submit(_AddPosition(ticket, tuple(moves), played))
        return ticket

    def grade(self, entry: DrillEntry, grade: Grade, now: datetime) -> None:
        """Write the grade of ``entry``'s drill (its new card is in :attr:`entries` once written)."""
        self._files.submit(_Grade(entry.key, grade, now, entry.player))

    def add_result(self, result: PuzzleResult) -> None:
        """Keep a puzzle's result; it is in :attr:`results` at once (the rating follows)."""
        with self._lock:
            self._results.append(result)
        self._files.submit(_Result(result))

    def refute(self, moves: Sequence[int], column: int, names: tuple[str, str] = ("Red", "Yellow")) -> int:
        """Ask why ``column`` fails after ``moves`` (``names``: the sides as the window calls them);
        the ticket's :meth:`answer` is a :class:`Refutation`."""
        ticket = self._ticket()
        self._refuter.submit(_Refute(ticket, tuple(moves), column, names))
        return ticket

    def explain(self, moves: Sequence[int], column: int, names: tuple[str, str] = ("Red", "Yellow")) -> int:
        """Ask for the review's explanation of ``column`` played after ``moves`` (a drill's move in
        its game, explained after a right answer); the ticket's :meth:`answer` is a
        :class:`Refutation` with no line whose ``why`` is the text (None: no error to explain)."""
        ticket = self._ticket()
        self._refuter.submit(_Refute(ticket, tuple(moves), column, names, explain_only=True))
        return ticket

    def count(self, right_at_once: bool) -> None:
        """An exercise is over: right at the first try lengthens the streak, anything else ends it."""
        self.streak = self.streak + 1 if right_at_once else 0
        self.best_streak = max(self.best_streak, self.streak)

    # -- the threads' side -------------------------------------------------------------------

    def _tell_unnamed(self) -> None:
        if not self._told_unnamed:
            self._told_unnamed = True
            self._tell(_(UNNAMED_NOTICE))

    def _work(self, jobs: list[_Job]) -> None:
        for job in jobs:
            if self._stop.is_set() and isinstance(job, (_Mine, _AddPosition)):
                continue    # closing: searches are dropped, grades and results are still written
            try:
                self._do(job)
            except SearchCancelled:
                continue
            except OSError as exc:
                self._tell(_("Your practice could not be saved ({problem})").format(problem=exc.strerror or type(exc).__name__))
                if isinstance(job, _AddPosition):
                    self._deliver(job.ticket, Added.NOT_WRITTEN)
            except Exception as exc:  # practice must never stop the game: say it and go on
                log.exception("practice")
                self._tell(_("Practice: something went wrong ({problem})").format(problem=type(exc).__name__))
                if isinstance(job, _AddPosition):
                    self._deliver(job.ticket, Added.UNPROVED)

    def _do(self, job: _Job) -> None:
        if isinstance(job, _Load):
            drills, notice = load_drills(self.drills_path)
            soon = due_entries(drills, end_of_day(datetime.now(timezone.utc)) + PROVE_FIRST)
            drills, wrong_notice = self._proved_drills(drills, soon)
            notice = " · ".join(text for text in (notice, wrong_notice) if text)
            choices, choice_notice = load_choices(self.players_path)
            results, result_notice = load_results(self.results_path)
            with self._lock:
                self._entries, self._results, self.loaded = drills, results, True
                # a choice made before the file was read stands over the file's
                self._choices = {**{name_key(c.player): c for c in choices}, **self._choices}
            for text in (notice, choice_notice, result_notice):
                if text:
                    self._tell(text)
            if len(soon) < len(drills):
                self._files.submit(_ProveRest())
        elif isinstance(job, _ProveRest):
            entries = self.entries
            kept, notice = self._proved_drills(entries, entries)
            if len(kept) != len(entries):
                with self._lock:
                    self._entries = kept
            if notice:
                self._tell(notice)
        elif isinstance(job, _Mine):
            self._keep(self._mine(job), job.owner, announce=True)
        elif isinstance(job, _Choose):
            self._choose(job.choice)
        elif isinstance(job, _AddPosition):
            self._deliver(job.ticket, self._add_position(job))
        elif isinstance(job, _Grade):
            entry, notice = grade_drill(job.key, job.grade, job.now, self.drills_path, job.player)
            if entry is not None:
                with self._lock:
                    self._entries = [entry if e.ident == entry.ident else e for e in self._entries]
            if notice:
                self._tell(notice)
        else:
            _results, notice = add_result(job.result, self.results_path)
            if notice:
                self._tell(notice)

    def _proved_drills(self, drills: list[DrillEntry], prove: list[DrillEntry]) -> tuple[list[DrillEntry], str | None]:
        """``drills`` without those of ``prove`` the solver proves wrong (a file edited by hand),
        which are set aside in the file too when it can be written; and a notice saying so."""
        wrong = wrong_drills(((e.ident, e.drill) for e in prove), self._proved, self._provers.solver("files"), self._stop)
        if not wrong:
            return drills, None
        try:
            return set_aside_drills(wrong, self.drills_path)
        except OSError as exc:
            first = next(iter(wrong.values()))[1]
            return ([e for e in drills if e.ident not in wrong],
                    ngettext("{count} wrong drill ({first}) will not be served; the file could not be changed "
                             "({problem})",
                             "{count} wrong drills ({first}) will not be served; the file could not be changed "
                             "({problem})", len(wrong)).format(count=len(wrong), first=first,
                                                               problem=exc.strerror or type(exc).__name__))

    def _mine(self, job: _Mine) -> list[Drill]:
        return game_drills(job.moves, job.players, job.review, self._provers.solver("files"), self.review_time, self._stop,
                           against=job.against, day=datetime.now().astimezone().date())

    def _keep(self, drills: list[Drill], player: str, *, announce: bool) -> int:
        """Keep ``drills`` as ``player``'s (the known ones keep their schedule); how many were new."""
        if not drills:
            return 0
        added, entries, notice = add_drills(drills, datetime.now().astimezone(), self.drills_path, player)
        with self._lock:
            self._entries = entries
        if notice:
            self._tell(notice)
        if announce and added:
            if name_key(player) == name_key(LOCAL_PLAYER):
                self._tell(ngettext("{count} new drill from your game: Practice in the menu",
                                    "{count} new drills from your game: Practice in the menu", added).format(count=added))
            else:
                self._tell(ngettext("{count} new drill from the game, for {player}: Practice in the menu",
                                    "{count} new drills from the game, for {player}: Practice in the menu",
                                    added).format(count=added, player=player))
        return added

    def _choose(self, choice: PlayerChoice) -> None:
        """Write a player's choice about drills (the last one made stands)."""
        def change(choices: list[PlayerChoice]) -> list[PlayerChoice]:
            others = [c for c in choices if name_key(c.player) != name_key(choice.player)]
            return others + [choice]

        _choices, notice = update_choices(change, self.players_path)
        if notice:
            self._tell(notice)

    def _add_position(self, job: _AddPosition) -> Added:
        known = {entry.key for entry in self.drills_of(LOCAL_PLAYER)}
        drill = position_drill(job.moves, job.played, known, self._provers.solver("files"), self._stop,
                               datetime.now().astimezone().date())
        if isinstance(drill, Added):
            return drill
        return Added.ADDED if self._keep([drill], LOCAL_PLAYER, announce=False) else Added.ALREADY

    def _refute_all(self, jobs: list[_Refute]) -> None:
        for job in jobs:
            if self._stop.is_set():
                return
            try:
                self._deliver(job.ticket, self._refutation(job))
            except SearchCancelled:
                return
            except Exception:  # a refutation that fails shows the right move without the line
                log.exception("practice refutation")
                self._deliver(job.ticket, Refutation(None, ()))

    def _refutation(self, job: _Refute) -> Refutation:
        if job.explain_only:
            return Refutation(None, (), explanation(job.moves, job.column, job.names, self._provers.solver("refuter"),
                                                    self._stop))
        return refutation(job.moves, job.column, job.names, self._provers.solver("refuter"), self._stop)
