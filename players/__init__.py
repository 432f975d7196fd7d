"""Players: the roster and registration (each player's record is in records/)."""
