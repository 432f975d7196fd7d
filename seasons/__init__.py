"""Seasons: named stretches of dates staff define; the current one is the default view."""
