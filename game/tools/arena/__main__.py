"""``python -m game.tools.arena``: the same as ``python -m game.arena``."""

import sys

from game.tools.arena.arena_cli import main

sys.exit(main())
