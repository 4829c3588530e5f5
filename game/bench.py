"""``python -m game.bench``: the engine benchmark (:mod:`game.tools.bench`); with ``--ui``, the
window's frame-time benchmark (:mod:`game.ui.bench_ui`), started here so that the tools package
never imports the UI."""

import sys
from collections.abc import Sequence

from game.tools.bench import main as engine_main


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--ui" in args:
        from game.ui.bench_ui import main as ui_main  # here: only --ui needs pygame

        return ui_main([arg for arg in args if arg != "--ui"])
    return engine_main(args)


if __name__ == "__main__":
    sys.exit(main())
