"""Files the game ships: the window icon and the synthesised sounds (installed as ``game.assets``).

Made by ``generate_assets.py`` in this directory; see LICENSE.md. Look them up with
``game.paths.asset_path(name)``.
"""
