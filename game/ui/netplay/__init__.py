"""Network play in the window: the lobby that finds, hosts and joins games, and the seats of a game played over the network."""
