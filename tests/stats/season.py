"""A season shaped like the original club site's table, as a score sheet to import."""

# (date, players in seat order, winner): 14 game nights, Dave and Mitch at every one.
NIGHTS = [
    ("2025-01-12", ["Dave", "Mitch", "Dan"], "Dave"),
    ("2025-02-09", ["Dave", "Mitch", "Lindsay"], "Mitch"),
    ("2025-03-25", ["Dave", "Mitch", "Devin"], "Devin"),
    ("2025-05-22", ["Dave", "Mitch"], "Dave"),
    ("2025-05-25", ["Dave", "Mitch", "Angie"], "Angie"),
    ("2025-06-01", ["Dave", "Mitch", "Dan", "Lindsay"], "Dave"),
    ("2025-06-15", ["Dave", "Mitch", "Rhett"], "Mitch"),
    ("2025-07-01", ["Dave", "Mitch", "Bri"], "Dave"),
    ("2025-07-19", ["Dave", "Mitch", "Neil"], "Dave"),
    ("2025-08-03", ["Dave", "Mitch"], "Mitch"),
    ("2025-08-16", ["Dave", "Mitch"], "Dave"),
    ("2025-08-21", ["Dave", "Mitch"], "Dave"),
    ("2025-08-30", ["Dave", "Mitch"], "Mitch"),
    ("2025-12-14", ["Dave", "Mitch"], "Dave"),
]

# name: (games, wins, avg) as the original table printed them.
TABLE = {
    "Dave": ("14", "8", "0.571"),
    "Mitch": ("14", "4", "0.286"),
    "Devin": ("1", "1", "1.000"),
    "Angie": ("1", "1", "1.000"),
    "Dan": ("2", "0", "0.000"),
    "Lindsay": ("2", "0", "0.000"),
    "Rhett": ("1", "0", "0.000"),
    "Bri": ("1", "0", "0.000"),
    "Neil": ("1", "0", "0.000"),
}


def season_sheet() -> str:
    """Three rounds of Mexican Train a night; the winner goes out every round."""
    lines = ["# The 2025 season, copied from the paper sheets"]
    for day, seated, winner in NIGHTS:
        lines.append(",".join(["game", day, "mexican-train", "", *seated]))
        for number, engine in enumerate((12, 11, 10), start=1):
            points = [0 if name == winner else 5 + 3 * seat for seat, name in enumerate(seated)]
            lines.append(",".join(map(str, ["round", number, engine, *points])))
        lines.append(f"end,{day}")
        lines.append("")
    return "\n".join(lines)


def import_season(tmp_path) -> None:
    """Bring the season in through the score-sheet import, as a club would."""
    from django.core.management import call_command

    sheet = tmp_path / "season.csv"
    sheet.write_text(season_sheet())
    call_command("importgames", str(sheet))
