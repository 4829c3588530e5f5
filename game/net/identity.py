"""The name this side plays under: the one set in config.toml, else the account's, else "Player"."""

from __future__ import annotations

import getpass

from game.domain.names import clean_level_name, level_name_problem

FALLBACK_NAME = "Player"


def player_name(configured: str) -> str:
    """``[network] name`` when set; else the account's login name when it follows the name rule
    (a login name with ':' or too long does not), else ``FALLBACK_NAME``."""
    if configured:
        return clean_level_name(configured)
    try:
        account = getpass.getuser()
    except (OSError, KeyError, ImportError):   # no login name in this environment
        return FALLBACK_NAME
    return clean_level_name(account) if level_name_problem(account) is None else FALLBACK_NAME
