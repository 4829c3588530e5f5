"""Practice: drills from the player's own slips on a spaced-repetition schedule, and puzzles.

``schedule`` brings drills back (FSRS), ``puzzles`` serves the shipped puzzles near the player's
puzzle rating. No pygame and no network here: the window and the command line both use these.
"""
