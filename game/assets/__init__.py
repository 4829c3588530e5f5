"""Files the game ships: the window icon and the synthesised sounds (installed as ``game.assets``).

Made by ``scripts/generate_assets.py`` in the repository; see LICENSE.md. Look them up with
``game.paths.asset_path(name)``.
"""
