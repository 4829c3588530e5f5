"""What the game keeps on disk and the formats it keeps it in, each file behind the file-safety
layer (``game.store.files``): the user's folders, preferences, saved games and the autosave
slots, the record, drills and puzzles, the opening book's memo. It knows formats, not the
network; nothing here imports the UI."""
