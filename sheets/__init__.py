"""Sheets: games as CSV (score sheets for importgames and exportgames, one game's download).

The score-sheet format: one game is a block of lines, and the first cell of each line says
what it is:

    game,<date>,<ruleset>,<variant>,<player>,<player>,...   seats in playing order
    set,<highest double>                                     only for an unusual set
    table,<label>                                            optional
    note,<text>                                              optional
    round,<number>,<engine>,<points>,<points>,...            points in seat order
    end,<date>                                               the game was ended

Dates are 2025-01-12 or 2025-01-12T19:30:00+00:00 (no zone: the club's time zone).
The engine is the number on the round's starting double, blank when the ruleset
does not record one. A game without an `end` line is still being played; `end`
with no date ends it on the game's date. Blank lines and lines starting with `#`
are skipped. A name, table label or note that starts with =, +, -, @ (or a tab or carriage
return) or an apostrophe is written with an apostrophe before it, so a spreadsheet shows it
as text instead of running it, and reading takes that one apostrophe off (sheets/cells.py).
Imports go through the same services as the scorekeeper's page, so
every rule is checked; one bad line stops the import and nothing is kept.
"""
