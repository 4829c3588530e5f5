"""The files the game keeps for the player, each behind the file-safety layer (``game.files``)."""
