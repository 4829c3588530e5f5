"""``python -m game`` and the ``connect4`` command (and the PyInstaller bundle's entry)."""

import sys


def main() -> int:
    """Run the game; ``--version`` alone is answered before the game is loaded."""
    if getattr(sys, "frozen", False):
        # In a frozen bundle the computer player's worker processes re-run this executable;
        # freeze_support() turns those runs into the worker (before the game is even imported)
        # instead of a second game. Elsewhere it does nothing, and multiprocessing is not loaded.
        import multiprocessing

        multiprocessing.freeze_support()
    if sys.argv[1:] == ["--version"]:
        # here: answered before the game (its settings, files and window) is loaded; the parser
        # of game.cli says the same words when --version comes with other options
        from game.echo import tolerant_output
        from game.version import version_text

        tolerant_output()      # as game.app does: a terminal that cannot show a character gets an escape
        print(version_text())
        return 0

    from game.app import main as run  # here: see above

    return run()


if __name__ == "__main__":
    sys.exit(main())
