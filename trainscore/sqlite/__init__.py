"""SQLite as `make run` and the tests' servers use it (the database backend: base.py)."""
