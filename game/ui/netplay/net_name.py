"""The name this side plays under over the network: shown in the lobby's name row, typed there,
checked by the name rule (``game.domain.names``) and remembered at once."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.domain.names import MAX_NAME_CHARS, clean_level_name, clean_player_name, level_name_problem
from game.echo import escape_control
from game.i18n import N_, _
from game.net.identity import player_name
from game.ui.scene import Context
from game.ui.widgets import Edit, Row, TextInput, name_chars

NAME_PREF = "network_name"      # the name typed in the lobby ("": config.toml's, else the account's)
NAME_LABEL = N_("Your name")


class NetName:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        #: Tab, Up and Down end the typing too (keeping the name), as Enter does.
        self.field = TextInput(name_chars, MAX_NAME_CHARS, done_keys=(pygame.K_TAB, pygame.K_UP, pygame.K_DOWN))

    @property
    def name(self) -> str:
        """The name this side plays under: the one typed here last, else ``[network] name`` of
        config.toml, else the account's (see game.net.identity)."""
        typed = self.ctx.prefs.network_name
        if typed:                                   # the prefs hold "" or a name
            return clean_level_name(typed)
        return player_name(self.ctx.settings.network_name)

    @property
    def chosen(self) -> bool:
        """Whether a name was ever chosen (typed here or in config.toml), rather than guessed from
        the account's login name ("root", say)."""
        return self.ctx.prefs.network_name is not None or bool(self.ctx.settings.network_name)

    def row(self, activate: Callable[[], None]) -> Row:
        """The name row: the name, or the name being typed with its caret; ``activate`` types it."""
        shown = self.field.shown() if self.field.active else self.name
        caret = self.field.caret if self.field.active else None
        return Row(_(NAME_LABEL), escape_control(shown), activate=activate, typed=True, caret=caret)

    def open(self) -> None:
        """Start typing, from the name there is."""
        self.field.open(self.name)

    def handle(self, event: pygame.event.Event) -> Edit:
        """A key or text while typing; a click anywhere keeps the typed name (Edit.DONE)."""
        return Edit.DONE if event.type == pygame.MOUSEBUTTONDOWN else self.field.handle(event)

    def keep(self) -> str | None:
        """Stop typing and keep the typed name, remembered at once: an empty one means the usual
        name again. A name the rule refuses ("ai", no letter) leaves the name there was; then the
        sentence saying why, else None."""
        typed = clean_player_name(self.field.close(), MAX_NAME_CHARS)
        problem = level_name_problem(typed) if typed else None
        if problem is not None:
            return _("Not a player's name ({problem}): you stay {name}").format(problem=problem, name=self.name)
        self.ctx.remember(**{NAME_PREF: typed})
        return None
