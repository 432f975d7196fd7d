"""How many players sit at each table of a stage (no database)."""

from rules.seating import table_counts


def table_sizes(sizes: range, count: int, tables: int | None = None) -> list[int]:
    """`count` players at the fewest tables within `sizes` (or at `tables`, when that
    works), sizes at most one apart, bigger tables first."""
    fewest, most = table_counts(sizes, count)
    if tables is None or not fewest <= tables <= most:
        tables = fewest
    small, extra = divmod(count, tables)
    return [small + 1] * extra + [small] * (tables - extra)
