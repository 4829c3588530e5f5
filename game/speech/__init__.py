"""Speech: the game said through the player's screen reader, or written to a log, one sentence a message.

``outputs`` (where messages go), ``speaker`` (a thread that says them, newest first),
``sayings`` (the sentences about the board) and ``listen`` (what a scene shows, as facts, and
which of its changes are said). No pygame: the window maps its keys to :class:`Query` values.
"""

from .outputs import NoSpeech, open_backend
from .listen import BoardFacts, Heard, Listener, Query
from .sayings import spoken
from .speaker import Speaker

__all__ = ["BoardFacts", "Heard", "Listener", "NoSpeech", "Query", "Speaker", "open_backend", "spoken"]
