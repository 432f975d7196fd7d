"""Ratings: each player's skill from every finished game's placings (openskill), kept per game."""
