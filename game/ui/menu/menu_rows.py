"""The menu's rows that choose, and what each change does: the mode and its players (each
computer's level, or a custom depth and heuristic; two people's names, who starts), then the look,
the sound and the language. Every change is remembered the moment it is made.

``ChoiceRows`` owns the choices and the name being typed; the menu scene asks it for rows and
hands it the keys typed while a name is open."""

from __future__ import annotations

import pygame

from game.domain.levels import CUSTOM_DEPTH
from game.domain.names import MAX_PLAYER_NAME_CHARS, clean_player_name
from game.engine.heuristics import HEURISTICS
from game.i18n import AUTO, LANGUAGES, _, language, percent_text, set_language
from game.ui.menu.menu_choices import CUSTOM, MODE_LABELS, MODE_SHORT, MODES, AIChoice, MenuChoices, cycle
from game.ui.scene import Context
from game.ui.theme import THEMES
from game.ui.voice import change_speech, speech_row_text
from game.ui.widgets import Edit, Row, TextInput, name_chars

__all__ = ["ChoiceRows"]


class ChoiceRows:
    """The choosing rows of the menu, built anew for each frame from the choices they change."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.choices = MenuChoices.from_prefs(ctx.prefs.menu, ctx.settings)
        #: Tab, Up and Down end the typing too (keeping the name), as Enter does.
        self.name_field = TextInput(name_chars, MAX_PLAYER_NAME_CHARS,
                                    done_keys=(pygame.K_TAB, pygame.K_UP, pygame.K_DOWN))
        self.editing: int | None = None   # the two-player name being typed (0 red, 1 yellow)

    def remember(self) -> None:
        self.ctx.remember(menu=self.choices.to_prefs())

    # -- rows ------------------------------------------------------------------------------

    def mode_row(self) -> Row:
        mode = self.choices.mode
        return Row("Mode", _(MODE_LABELS[mode]), change=self._change_mode, words=_("Mode"), short=_(MODE_SHORT[mode]))

    def players(self, mode: str) -> list[Row]:
        """The rows of ``mode``'s players."""
        c = self.choices
        if mode == "vs_computer":
            you = (_("{colour} (you move first)").format(colour=self._colour(1)) if c.human_colour == 1
                   else _("{colour} (computer moves first)").format(colour=self._colour(2)))
            return [Row("You play", you, change=self._change_colour, words=_("You play")),
                    *self._ai_rows(0, c.computer)]
        if mode == "spectator":
            return [*self._ai_rows(1, c.red_ai), *self._ai_rows(2, c.yellow_ai)]
        rows = []
        for i in (0, 1):
            value = self.name_field.shown() if self.editing == i else c.names[i] or _("(Enter to type a name)")
            rows.append(Row(self.name_label(i), value, activate=lambda i=i: self.edit_name(i), typed=True,
                            caret=self.name_field.caret if self.editing == i else None, words=self.name_words(i)))
        starts = _("{colour} every game").format(colour=self._colour(1)) if not c.alternate else _("take turns")
        rows.append(Row("Who starts", starts, change=self._change_alternate, words=_("Who starts")))
        return rows

    def most_player_rows(self) -> int:
        """The most player rows any mode shows: the menu keeps their room whatever the mode."""
        return max(len(self.players(mode)) for mode in MODES)

    def look_and_sound(self) -> list[Row]:
        sound = self.ctx.sound
        return [Row("Theme", self.ctx.theme_name, change=self._change_theme, words=_("Theme")),
                Row("Sound", _("off (muted)") if sound.muted else _("on"), change=self._change_sound,
                    words=_("Sound")),
                Row("Volume", percent_text(round(sound.volume * 10) / 10), change=self._change_volume,
                    words=_("Volume")),
                Row("Language", self._language_text(), change=self._change_language, words=_("Language")),
                Row("Speech (F2)", speech_row_text(self.ctx.voice), change=self._change_speech,
                    words=_("Speech (F2)"))]

    def name_label(self, index: int) -> str:
        """The row of a two-player name, as the selection knows it (the same in every language)."""
        return f"{self.ctx.theme.colour_words[index]} player"

    def name_words(self, index: int) -> str:
        """The row of a two-player name, as drawn: "Red player"."""
        return _("{colour} player").format(colour=self._colour(index + 1))

    def _colour(self, player: int) -> str:
        return self.ctx.theme.colour_name(player)

    def _ai_rows(self, player: int, choice: AIChoice) -> list[Row]:
        """The level, depth and heuristic rows of one computer: the one against you (``player`` 0)
        or the one playing ``player``'s colour in a match."""
        levels = [level.name for level in self.ctx.settings.levels] + [CUSTOM]
        details = {level.name: level_words(level.name, level.depth, level.exact, level.elo)
                   for level in self.ctx.settings.levels}

        def change_level(delta: int) -> None:
            choice.level = cycle(levels, choice.level, delta)

        def change_depth(delta: int) -> None:
            lo, hi = CUSTOM_DEPTH
            choice.depth = lo + (choice.depth - lo + delta) % (hi - lo + 1)

        def change_heuristic(delta: int) -> None:
            choice.heuristic = cycle(list(HEURISTICS), choice.heuristic, delta)

        custom = choice.level == CUSTOM
        level_text = _(CUSTOM) if custom else details[choice.level]
        who = "Computer" if player == 0 else f"{self.ctx.theme.colour_words[player - 1]} computer"
        if player == 0:
            words = (_("Computer level"), _("Computer depth"), _("Computer heuristic"))
        else:
            colour = self._colour(player)
            words = (_("{colour} computer level").format(colour=colour),
                     _("{colour} computer depth").format(colour=colour),
                     _("{colour} computer heuristic").format(colour=colour))
        return [Row(f"{who} level", level_text, change=change_level, words=words[0],
                    short=_(CUSTOM) if custom else choice.level),
                Row(f"{who} depth", str(choice.depth), change=change_depth, enabled=custom, words=words[1]),
                Row(f"{who} heuristic", choice.heuristic, change=change_heuristic, enabled=custom, words=words[2])]

    def _language_text(self) -> str:
        """The language in use, by its own name; "auto (Deutsch)" while it follows the system's."""
        name = LANGUAGES.get(language(), language())
        chosen = self.ctx.prefs.language if self.ctx.prefs.language in (AUTO, *LANGUAGES) else None
        follows_system = chosen == AUTO or (chosen is None and self.ctx.settings.language in ("", AUTO))
        return _("auto ({language})").format(language=name) if follows_system else name

    # -- changes ---------------------------------------------------------------------------

    def _change_speech(self, delta: int) -> None:
        change_speech(self.ctx.voice, delta)

    def _change_mode(self, delta: int) -> None:
        self.choices.mode = cycle(list(MODES), self.choices.mode, delta)

    def _change_colour(self, delta: int) -> None:
        self.choices.human_colour = 3 - self.choices.human_colour

    def _change_alternate(self, delta: int) -> None:
        self.choices.alternate = not self.choices.alternate

    def _change_theme(self, delta: int) -> None:
        self.ctx.theme_name = cycle(list(THEMES), self.ctx.theme_name, delta)
        self.ctx.remember(theme=self.ctx.theme_name)

    def _change_sound(self, delta: int) -> None:
        self.ctx.remember(muted=self.ctx.sound.toggle_mute())

    def _change_volume(self, delta: int) -> None:
        steps = round(self.ctx.sound.volume * 10)
        self.ctx.sound.set_volume(min(10, max(0, steps + delta)) / 10)
        self.ctx.remember(volume=self.ctx.sound.volume)

    def _change_language(self, delta: int) -> None:
        """The system's language, then each language the game speaks; the window changes at once."""
        current = self.ctx.prefs.language if self.ctx.prefs.language in LANGUAGES else AUTO
        chosen = cycle([AUTO, *LANGUAGES], current, delta)
        set_language(None if chosen == AUTO else chosen)
        self.ctx.remember(language=chosen)

    # -- typing a name ---------------------------------------------------------------------

    def edit_name(self, index: int) -> None:
        """Type the name of one of two players: letters go in, Backspace takes out, Enter (or a
        click elsewhere) keeps it, Esc keeps the name there was."""
        self.editing = index
        self.name_field.open(self.choices.names[index])

    def type(self, event: pygame.event.Event) -> None:
        assert self.editing is not None
        edit = Edit.DONE if event.type == pygame.MOUSEBUTTONDOWN else self.name_field.handle(event)
        if edit is Edit.CANCELLED:
            self.editing = None
        elif edit is Edit.DONE:
            self.choices.names[self.editing] = clean_player_name(self.name_field.close())
            self.editing = None
            self.remember()

    def stop_typing(self) -> None:
        self.name_field.close()
        self.editing = None


def level_words(name: str, depth: int, exact: bool, elo: int | None) -> str:
    """A level as its row shows it: "Hard (depth 8, ~2062 Elo)", "Perfect (exact play, ~2677 Elo)"."""
    if exact:
        text = _("{level} (exact play, ~{elo} Elo)") if elo is not None else _("{level} (exact play)")
    else:
        text = _("{level} (depth {depth}, ~{elo} Elo)") if elo is not None else _("{level} (depth {depth})")
    return text.format(level=name, depth=depth, elo=elo)
