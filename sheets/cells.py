"""Text cells in the CSV files the club opens in spreadsheets, kept from running as formulas.

A spreadsheet program runs a cell that starts with =, +, - or @ (or a tab or carriage
return before one: OWASP, "CSV Injection") as a formula, so a player named "=Bob" could
run one on the treasurer's laptop. Such a cell is written with a leading apostrophe, the
spreadsheets' own mark for "text as typed". Only text is guarded (names, table labels,
notes): a score such as -5 is a number and stays one.

The score sheets are read back too (`importgames`), and must give back exactly what was
typed: a text that really starts with an apostrophe gets a second one, so reading takes
exactly one off any text cell that starts with one. "'Ann" is written "''Ann"; a
hand-written sheet's "'Ann" reads as Ann, as a spreadsheet shows it.
"""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
GUARD = "'"


def guarded(text: str) -> str:
    """`text` as a CSV cell that no spreadsheet runs, and `unguarded` reads back whole."""
    return GUARD + text if text.startswith((*FORMULA_STARTS, GUARD)) else text


def unguarded(cell: str) -> str:
    """The text a cell `guarded` wrote."""
    return cell.removeprefix(GUARD)
