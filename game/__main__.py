"""``python -m game``: the same as the ``connect4`` command."""

import sys

from game.app import main

sys.exit(main())
