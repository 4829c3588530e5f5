"""The game scene: one board, the players in their seats, the computer's replies, hints and the analysis row."""
