"""Players: the roster, registration and each player's record (read-only stats)."""
