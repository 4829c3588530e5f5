"""Headless command-line tools: ``analyze``, ``bench``, ``arena`` and the rule-based player.

Each runs as ``python -m game.NAME`` (thin entry modules in ``game/``) and never opens a window.
"""
