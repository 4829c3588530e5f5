"""The practice scene: drills from the player's own games and the shipped puzzles, one position at a time."""
