"""Tournaments: events of several stages, each stage a night; formats, standings, bands, medals."""
