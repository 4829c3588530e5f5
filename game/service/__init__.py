"""The engine off the UI thread: typed requests and answers, the backends, and the one client
every scene asks the engine through (``game.service.client``). No pygame here.

``requests`` holds the vocabulary (a request kind, its result type); ``engine`` answers a request;
``process`` and ``worker`` run it in a search process (the default) or the worker thread."""
