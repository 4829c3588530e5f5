"""``python -m game.bench``: the engine benchmark (:mod:`game.tools.bench`); with ``--ui``, the
window's frame-time benchmark (:mod:`game.ui.bench_ui`), started here so that the tools package
never imports the UI; with ``--startup``, whole processes' start-up (:mod:`game.tools.bench_startup`)."""

import sys
from collections.abc import Sequence

from game.tools.bench import main as engine_main


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--ui" in args:
        from game.ui.bench_ui import main as ui_main  # here: only --ui needs pygame

        return ui_main([arg for arg in args if arg != "--ui"])
    if "--startup" in args:
        from game.tools.bench_startup import main as startup_main  # here: the other benchmarks never need it

        return startup_main([arg for arg in args if arg != "--startup"])
    return engine_main(args)


if __name__ == "__main__":
    sys.exit(main())
