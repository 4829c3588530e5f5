"""Speech in the window: the keys that turn it on and ask about the board, what each frame says,
and the caption line.

The keys are function keys, which no scene uses and no text field types, so each works in every
scene, from the first screen: F2 speech on or off, F3 the last move, F4 the cursor's column, F5
the walking cursor's row, F6 whose turn and the score, F7 the analysis of the cursor's column, F8
the threats, F9 short or full moves. With speech on, Up and Down walk the cursor over a board's
rows where the scene lets them (its ``Heard.board.walk``); Left and Right stay the scene's.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.config.values import Settings
from game.i18n import _
from game.speech import BoardFacts, Heard, Listener, Query, Speaker, open_backend
from game.store.prefs import Prefs
from game.ui.notices import Notices
from game.ui.render import draw_panel
from game.ui.resources import draw_text, wrap_at_most
from game.ui.theme import Theme
from game.ui.widgets import Row

__all__ = ["QUERY_KEYS", "SPEECH_KEY", "VERBOSITY_KEY", "Voice", "change_speech", "row_line", "speech_row_text"]

SPEECH_KEY = pygame.K_F2
VERBOSITY_KEY = pygame.K_F9
QUERY_KEYS = {pygame.K_F3: Query.LAST_MOVE, pygame.K_F4: Query.COLUMN, pygame.K_F5: Query.ROW,
              pygame.K_F6: Query.TURN, pygame.K_F7: Query.ANALYSIS, pygame.K_F8: Query.THREATS}
WALK_KEYS = {pygame.K_UP: Query.CELL_UP, pygame.K_DOWN: Query.CELL_DOWN}
REASON_SECONDS = 15.0
CLOSE_TIMEOUT = 0.5
CAPTION_LINES = 2


class Voice:
    """Speech on or off, the listener that follows the scenes and the speaker that says it.

    ``remember`` keeps a choice in the preferences. Speech starts on when ``[accessibility]
    speech`` says so (true, or a log file), else as the preferences last had it; an explicit
    config file (``--config``) wins over the preferences, and a log file always does."""

    def __init__(self, settings: Settings, prefs: Prefs, remember: Callable[..., None] = lambda **_: None,
                 *, explicit: bool = False) -> None:
        choice = settings.speech
        self.log = choice if isinstance(choice, str) else None
        wanted = choice if explicit or prefs.speech is None or self.log else prefs.speech
        verbosity = settings.verbosity if explicit or prefs.verbosity is None else prefs.verbosity
        self.listener = Listener(full=verbosity != "short")
        self.caption = settings.caption
        self.speaker: Speaker | None = None
        self._remember = remember
        self._told = False
        self._heard_notices: list[object] = []
        if wanted:
            self._start()

    @classmethod
    def off(cls) -> Voice:
        """Speech off, remembering nothing (a window built without a controller)."""
        return cls(Settings(), Prefs())

    @property
    def on(self) -> bool:
        return self.speaker is not None

    def _start(self) -> None:
        opener = self.log or True
        self.speaker = Speaker(lambda: open_backend(opener))
        self.listener.forget()
        self._told = False
        self._heard_notices = []

    def set(self, on: bool) -> None:
        """Turn speech on or off, and keep the choice; turning it off says so first."""
        if on == self.on:
            return
        if on:
            self._start()
            self.say(_("Speech on. F1 lists the keys; F3 to F8 ask about the board."))
        elif self.speaker is not None:
            self.say(_("Speech off."))
            self.speaker.close(CLOSE_TIMEOUT)
            self.speaker = None
        self._remember(speech=on)

    def set_full(self, full: bool) -> None:
        """Moves said in full (who, column, row, threats) or short (who and column); kept."""
        self.listener.full = full
        self._remember(verbosity="full" if full else "short")
        self.say(_("Moves in full: who, column, row and threats.") if full else _("Moves in short: who and column."))

    def say(self, text: str) -> None:
        if self.speaker is not None:
            self.speaker.say(text)

    def handle(self, event: pygame.event.Event, typing: bool) -> bool:
        """Whether ``event`` was a speech key and was used: F2 always, the others with speech on
        (Up and Down only on a board that may be walked, and not while the scene takes text)."""
        if event.type != pygame.KEYDOWN or getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if event.key == SPEECH_KEY:
            self.set(not self.on)
            return True
        if not self.on:
            return False
        if event.key == VERBOSITY_KEY:
            self.set_full(not self.listener.full)
            return True
        query = QUERY_KEYS.get(event.key)
        if query is None and event.key in WALK_KEYS and not typing and self.listener.walks():
            query = WALK_KEYS[event.key]
        if query is None:
            return False
        self.say(self.listener.answer(query) or _("There is no board here to ask about."))
        return True

    def entered(self, board: BoardFacts | None) -> None:
        """A scene was entered showing ``board``: the next frame's board is compared with it, not
        with the last scene's (the review's position is no move of the game it goes back to)."""
        self.listener.start_from(board)

    def follow(self, heard: Heard, notices: Notices) -> None:
        """Say what changed in this frame (see :meth:`Listener.follow`) and each notice new to the
        window; show once, as a notice, why nothing can be spoken."""
        if self.speaker is None:
            return
        for line in self.listener.follow(heard):
            self.say(line)
        fresh = [n for n in notices.items if not any(n is seen for seen in self._heard_notices)]
        for notice in fresh:
            self.say(notice.text)
        self._heard_notices = list(notices.items)
        if self.speaker.reason is not None and not self._told:
            self._told = True
            notices.add(self.speaker.reason, "error", seconds=REASON_SECONDS)
            self._heard_notices = list(notices.items)

    def draw_caption(self, surface: pygame.Surface, theme: Theme) -> None:
        """The last spoken message at the foot of the window (``[accessibility] caption``)."""
        if not self.caption or self.speaker is None or not self.speaker.last:
            return
        width, height = surface.get_size()
        size = max(14, min(20, height // 40))
        lines = wrap_at_most(self.speaker.last, size, width - 32, CAPTION_LINES)
        box = pygame.Rect(8, 0, width - 16, len(lines) * (size + 4) + 10)
        box.bottom = height - 4
        draw_panel(surface, box, theme, alpha=245, border=theme.accent)
        for i, line in enumerate(lines):
            draw_text(surface, line, size, theme.text, topleft=(box.left + 8, box.top + 5 + i * (size + 4)))

    def close(self) -> None:
        """Say what is queued (briefly), then let the screen reader or the log go."""
        if self.speaker is not None:
            self.speaker.close(CLOSE_TIMEOUT)


#: The menu's Speech row steps through these: (speech on, moves in full).
SPEECH_STEPS = ((False, True), (True, True), (True, False))


def speech_row_text(voice: Voice) -> str:
    """The menu's Speech row: "off", "on, full moves" or "on, short moves"."""
    if not voice.on:
        return _("off")
    return _("on, full moves") if voice.listener.full else _("on, short moves")


def change_speech(voice: Voice, delta: int) -> None:
    """Step the menu's Speech row: off, on with full moves, on with short moves, round again."""
    at = SPEECH_STEPS.index((voice.on, voice.listener.full or not voice.on))
    on, full = SPEECH_STEPS[(at + delta) % len(SPEECH_STEPS)]
    if on and voice.listener.full != full:
        voice.set(True)
        voice.set_full(full)
    else:
        voice.set(on)


def row_line(rows: list[Row], selected: str) -> tuple[str, ...]:
    """The selected row of a list as it is said: "Volume: 70 %.", "Start game." (none: nothing)."""
    row = next((r for r in rows if r.label == selected), None)
    if row is None:
        return ()
    return (_("{label}: {value}.").format(label=row.label, value=row.value) if row.value
            else _("{label}.").format(label=row.label),)
