"""The review scene: a finished game stepped through move by move, with grades, explanations and the better line."""
