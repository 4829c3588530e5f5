"""Colour themes. ``classic`` is the familiar blue board; ``colorblind`` uses an Okabe-Ito palette
and also marks each disc with a shape (ring for the first player, cross for the second) so colour is
never the only cue. Each theme names the discs by the colours it draws ("Orange" in colorblind)."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, _

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: Colour
    board: Colour
    board_edge: Colour
    discs: tuple[Colour, Colour]          # player 1, player 2
    colour_words: tuple[str, str]         # what the window calls them, in English: the colours as drawn
    marks: tuple[str | None, str | None]  # "ring" | "cross" | None, drawn on top of the disc
    mark_colour: Colour
    text: Colour
    dim_text: Colour
    accent: Colour                        # selection, hint, messages
    highlight: Colour                     # rings round the winning four, the last-move dot
    error: Colour
    panel: Colour
    warning: Colour                       # a refused action (full column): not an error, not a success
    win: Colour                           # proven results in the analysis row; estimates use dim_text
    draw: Colour
    loss: Colour

    def disc(self, player: int) -> Colour:
        return self.discs[player - 1]

    @property
    def names(self) -> tuple[str, str]:
        """The discs' colours as the window names them, in the language in use ("Red", "Rot")."""
        return _(self.colour_words[0]), _(self.colour_words[1])

    def colour_name(self, player: int) -> str:
        """Player 1 or 2 named by the colour of their discs in this theme ("Red", "Orange"), in the
        language in use."""
        return _(self.colour_words[player - 1])

    def mark(self, player: int) -> str | None:
        return self.marks[player - 1]


CLASSIC = Theme(
    name="classic",
    background=(18, 24, 38),
    board=(28, 78, 196),
    board_edge=(18, 52, 140),
    discs=((220, 40, 48), (246, 206, 40)),
    colour_words=(N_("Red"), N_("Yellow")),
    marks=(None, None),
    mark_colour=(255, 255, 255),
    text=(236, 240, 248),
    dim_text=(150, 160, 185),
    accent=(120, 230, 140),
    highlight=(255, 255, 255),
    error=(255, 110, 110),
    panel=(36, 44, 66),
    warning=(255, 196, 80),
    win=(120, 230, 140),
    draw=(150, 200, 255),
    loss=(255, 110, 110),
)

COLORBLIND = Theme(
    name="colorblind",
    background=(24, 24, 28),
    board=(70, 80, 100),
    board_edge=(45, 52, 66),
    discs=((213, 94, 0), (240, 228, 66)),   # Okabe-Ito vermillion / yellow: differ in lightness too
    colour_words=(N_("Orange"), N_("Yellow")),           # vermillion reads as orange, not red
    marks=("ring", "cross"),
    mark_colour=(20, 20, 20),
    text=(240, 240, 240),
    dim_text=(170, 170, 170),
    accent=(86, 180, 233),                  # Okabe-Ito sky blue
    highlight=(255, 255, 255),
    error=(230, 159, 0),
    panel=(44, 44, 52),
    warning=(240, 228, 66),                 # Okabe-Ito yellow
    win=(0, 158, 115),                      # Okabe-Ito bluish green
    draw=(86, 180, 233),                    # sky blue
    loss=(213, 94, 0),                      # vermillion
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (CLASSIC, COLORBLIND)}
#: The players' names on the command line, in saves and in config.toml (the window uses the theme's).
PLAYER_NAMES = {1: "Red", 2: "Yellow"}


def get_theme(name: str) -> Theme:
    """The theme called ``name``; unknown names fall back to classic (settings validate the name)."""
    return THEMES.get(name, CLASSIC)

