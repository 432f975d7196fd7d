"""The club's record, read across games: the roster's Games/Wins/Avg and ratings, a player's
page, the games history and its filters, head-to-head and records (read-only)."""
