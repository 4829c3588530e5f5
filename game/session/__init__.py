"""What outlives a scene, without pygame: the rating guard, the autosave writer, the record and
this sitting's results, the unfinished game on offer, and the one question every way out of a game
asks (``game.session.core.Session``)."""
