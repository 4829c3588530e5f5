"""The player's language: gettext lookups and Babel's formats for dates and numbers.

Every word the player or a tool's user reads goes through one of :func:`_`, :func:`ngettext`,
:func:`pgettext` or :func:`npgettext`. They look up the *current* language at the moment they are
called, never when a module is imported, so :func:`set_language` changes every string drawn
afterwards without a restart. A string kept in a constant is marked with :func:`N_` (which returns
it unchanged, for ``pybabel extract`` to find) and translated with :func:`_` where it is used.

The catalogs are ``game/locale/<code>/LC_MESSAGES/connect4.mo``, compiled by the build from the
``.po`` files beside them (setup.py). Where a ``.mo`` is missing or older than its ``.po`` (a
checkout whose translations were edited since), the ``.po`` is compiled in memory with Babel, so a
checkout and an installed package show the same words. A catalog that cannot be read is logged
and English is used: a language never stops the game.

This module imports only the standard library and Babel, so every floor of the package may use it.
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

__all__ = ["AUTO", "DOMAIN", "ENGLISH", "LANGUAGES", "LOCALE_DIR", "N_", "_", "catalog", "chosen_language", "date_text",
           "decimal_text", "language", "language_problem", "ngettext", "npgettext", "number_text",
           "percent_text", "pgettext", "rating_text", "said", "set_language", "system_language", "use_translations",
           "Words"]

if TYPE_CHECKING:
    from datetime import date

    from babel import Locale

DOMAIN = "connect4"
LOCALE_DIR = Path(__file__).resolve().with_name("locale")
ENGLISH = "en"
#: The word for "the system's language" in config.toml and the preferences ("" means the same).
AUTO = "auto"
#: The languages the game speaks: code (gettext's, as the folders under game/locale are named) ->
#: the language's own name, as the menu shows it whatever the current language.
LANGUAGES: Mapping[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
}
#: The Babel locale whose formats each language uses.
_FORMAT_LOCALES: Mapping[str, str] = {"en": "en", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "pt_BR": "pt_BR"}
#: English dates as the game has always written them, day first ("27 Nov", "27 Sep").
_ENGLISH_DAY = "d MMM"
#: gettext's order of the variables that name the user's languages; the first one set decides.
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_LOCALE_NAME = re.compile(r"[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?")


class _Current(NamedTuple):
    code: str
    translations: gettext.NullTranslations
    formats: str        # the Babel locale of the language's dates and numbers (read when first used)


def _english() -> _Current:
    return _Current(ENGLISH, gettext.NullTranslations(), _FORMAT_LOCALES[ENGLISH])


@lru_cache(maxsize=None)
def _locale(name: str) -> Locale:
    """The Babel locale ``name``, read once. Babel is imported here, when a date or a number is
    first written: a run that writes none (``python -m game.analyze``) does without it."""
    from babel import Locale  # here: see above

    return Locale.parse(name)


#: The language in use, swapped whole (one assignment), so a lookup on another thread sees the old
#: language or the new one, never half of each. None until first asked: then the system's.
_current: _Current | None = None


def _state() -> _Current:
    if _current is None:
        set_language(None)
    assert _current is not None
    return _current


def _log():
    """This module's logger. logging is imported here: only a failure is logged, and a tool's start
    (``python -m game.analyze``) does without it."""
    import logging

    return logging.getLogger(__name__)


# -- lookups ------------------------------------------------------------------------------------

def _(message: str) -> str:
    """``message`` in the current language (itself where it has no translation)."""
    return _state().translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, by the current language's plural rule."""
    return _state().translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` names (one English word with two meanings)."""
    return _state().translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in the sense ``context`` names."""
    return _state().translations.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for extraction and returns it unchanged: a string kept in a constant,
    translated with :func:`_` where it is shown."""
    return message


# -- choosing the language ----------------------------------------------------------------------

def language() -> str:
    """The code of the language in use (a key of :data:`LANGUAGES`, or a test's own code)."""
    return _state().code


def known_language(name: str) -> str | None:
    """The language of :data:`LANGUAGES` a locale name asks for, or None.

    ``de_AT.UTF-8`` and ``de`` ask for German; ``pt``, ``pt_PT`` and ``pt_BR`` for the one
    Portuguese the game has; ``C`` and ``POSIX`` for English."""
    name = name.split(".")[0].split("@")[0].strip()
    if name in ("C", "POSIX"):
        return ENGLISH
    if not _LOCALE_NAME.fullmatch(name):
        return None
    name = name.replace("-", "_")
    lang, _sep, region = name.partition("_")
    exact = f"{lang.lower()}_{region.upper()}" if region else lang.lower()
    if exact in LANGUAGES:
        return exact
    return next((code for code in LANGUAGES if code.split("_")[0] == lang.lower()), None)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for: the first variable of :data:`LANGUAGE_VARIABLES` that is
    set decides (LANGUAGE may list several, ``fr:de``: the first the game speaks wins); English
    where none is set or none of its languages is spoken here."""
    environ = os.environ if environ is None else environ
    for variable in LANGUAGE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            for name in value.split(":"):
                code = known_language(name) if name else None
                if code is not None:
                    return code
            return ENGLISH
    return ENGLISH


def language_problem(value: object) -> str | None:
    """Why ``value`` cannot name a language of config.toml or the preferences, or None: allowed
    are "" and "auto" (the system's) and the codes of :data:`LANGUAGES`."""
    if isinstance(value, str) and (value in ("", AUTO) or value in LANGUAGES):
        return None
    return f'"{AUTO}" (the system\'s language) or one of ' + ", ".join(f'"{c}"' for c in LANGUAGES)


def chosen_language(configured: str, preferred: str | None, *, config_wins: bool = False) -> str | None:
    """The language to use, as the window's other remembered choices are decided: the one chosen
    in the menu (``preferred``, the preferences') where it is a language of the game, else
    ``configured`` (config.toml's, already checked); an explicit config file (``config_wins``,
    ``--config``) goes before the menu's choice. None: the system's."""
    if not config_wins and preferred is not None and (preferred == AUTO or preferred in LANGUAGES):
        configured = preferred
    return None if configured in ("", AUTO) else configured


def set_language(code: str | None) -> str:
    """Use the language ``code`` (a key of :data:`LANGUAGES`) from now on; None, "" or "auto":
    the system's. Returns the code in use. An unknown code or a catalog that cannot be read gives
    English (logged): the caller checks a code from a file first (:func:`language_problem`)."""
    global _current
    if code in (None, "", AUTO):
        code = system_language()
    if code not in LANGUAGES:
        _log().warning("unknown language %r: English is used", code)
        code = ENGLISH
    if code == ENGLISH:
        _current = _english()
    else:
        _current = _Current(code, catalog(code), _FORMAT_LOCALES[code])
    return _current.code


def use_translations(code: str, translations: gettext.NullTranslations, formats: str = ENGLISH) -> None:
    """Use ``translations`` under the name ``code``, with the formats of the Babel locale
    ``formats``: a catalog that is not shipped (the test suite's pseudo-locale)."""
    global _current
    _locale(formats)      # a name Babel does not know is refused now, not at the first number
    _current = _Current(code, translations, formats)


@lru_cache(maxsize=len(LANGUAGES))
def catalog(code: str) -> gettext.NullTranslations:
    """The shipped catalog of ``code`` (cached): the compiled ``.mo``, or the ``.po`` compiled in
    memory where the ``.mo`` is missing or older; no translations (logged) where neither can be read."""
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    try:
        if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
            with mo.open("rb") as file:
                return gettext.GNUTranslations(file)
        return gettext.GNUTranslations(io.BytesIO(compiled_po(po)))
    except (OSError, ValueError, UnicodeError) as exc:
        _log().warning("no %s translations (%s): English is used", code, exc)
        return gettext.NullTranslations()


def compiled_po(po: Path) -> bytes:
    """The ``.mo`` bytes of the catalog ``po`` (fuzzy entries left out, as pybabel compile does)."""
    # here: Babel's catalog reader is needed only where no compiled catalog was shipped
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        read = read_po(file, locale=po.parent.parent.name, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, read, use_fuzzy=False)
    return out.getvalue()


# -- formats ------------------------------------------------------------------------------------

#: The no-break spaces Babel writes ("88 %" in German, "12 345" in French) as the window's font
#: draws them: it has no glyph for either, so they become plain spaces.
_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})


def date_text(day: date) -> str:
    """A day and month as the language writes them short: "27 Nov", "27. Nov.", "27 nov."."""
    from babel.dates import format_date, format_skeleton  # here: see _locale

    formats = _locale(_state().formats)
    if formats.language == ENGLISH:
        return format_date(day, _ENGLISH_DAY, locale=formats)
    return format_skeleton("dMMM", day, locale=formats).translate(_SPACES)


def number_text(n: int) -> str:
    """A whole number, grouped as the language groups thousands: "12,345", "12.345"."""
    from babel.numbers import format_decimal  # here: see _locale

    return format_decimal(n, locale=_locale(_state().formats)).translate(_SPACES)


def decimal_text(x: float, digits: int = 1) -> str:
    """``x`` with ``digits`` decimals in the language's decimal sign: "2.5", "2,5"."""
    from babel.numbers import format_decimal  # here: see _locale

    pattern = "#,##0." + "0" * digits if digits > 0 else "#,##0"
    return format_decimal(x, format=pattern, locale=_locale(_state().formats)).translate(_SPACES)


def percent_text(fraction: float, digits: int = 0) -> str:
    """``fraction`` (0.875) as a percentage with ``digits`` decimals: "88%", "88 %", "87,5 %"."""
    from babel.numbers import format_percent  # here: see _locale

    formats = _locale(_state().formats)
    pattern = formats.percent_formats[None].pattern     # where the sign stands: "#,##0 %", "#,##0%"
    if digits > 0:
        pattern = pattern.replace("0", "0." + "0" * digits, 1) if "." not in pattern else pattern
    return format_percent(fraction, format=pattern, locale=formats).translate(_SPACES)


def rating_text(rating: float) -> str:
    """A rating, rounded to a whole number and never grouped (ratings read as one word: "1500")."""
    from babel.numbers import format_decimal  # here: see _locale

    return format_decimal(round(rating), format="0", locale=_locale(_state().formats))



# -- words kept for later -----------------------------------------------------------------------

class Words(str):
    """A message with its arguments, kept to be shown later in the language in use *then*.

    Its value as a ``str`` is the English (what is compared, searched and logged); :func:`said`
    looks the message up when it is shown, so words made before the language was chosen (the
    problems of a config file that chooses it) still appear in it. The message is marked for
    extraction where it is written: ``Words(N_("at most {n} levels"), n=20)``. An argument may be
    Words itself: it is looked up too."""

    message: str
    args: dict[str, object]

    def __new__(cls, message: str, /, **args: object) -> "Words":
        self = super().__new__(cls, message.format(**args) if args else message)
        self.message, self.args = message, args
        return self

    def shown(self) -> str:
        """The words in the language in use."""
        translated = _(self.message) if self.message else self.message
        return translated.format(**{k: said(v) for k, v in self.args.items()}) if self.args else translated


def said(text: object) -> object:
    """``text`` as shown now: :class:`Words` in the language in use, anything else as it is."""
    return text.shown() if isinstance(text, Words) else text
