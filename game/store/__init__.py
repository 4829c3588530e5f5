"""What the game keeps on disk and the formats it keeps it in: the file-safety layer, the user's
folders, preferences, saved games and the autosave slots, the record, the opening book's memo.
It knows formats, not the network; nothing here imports the UI."""
