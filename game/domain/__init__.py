"""Values every wing of the game shares, without I/O: names, levels and players with their one
spec grammar, and the rule of which games are rated. Imports only the engine below it."""
