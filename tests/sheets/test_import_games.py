"""`manage.py importgames`: past score sheets come in whole, or not at all."""

from datetime import datetime
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from games.models import Game
from games.snapshot import load_board
from players.models import Player
from tests.guides import guide


def import_sheet(tmp_path, text: str) -> tuple[str, str]:
    sheet = tmp_path / "sheet.csv"
    sheet.write_text(text)
    out, err = StringIO(), StringIO()
    call_command("importgames", str(sheet), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


GOOD_GAME = """\
game,2025-01-12,mexican-train,,Dave,Mitch
round,1,12,0,14
round,2,7,9,0
end,2025-01-12T22:15
"""


def test_it_imports_a_game_with_its_dates_seats_engines_and_winner(tmp_path, db):
    Player.objects.create(name="Dave")
    out, _ = import_sheet(tmp_path, GOOD_GAME.replace("Dave,", "dave,"))

    assert out.strip() == "Imported 1 game (2 rounds) and registered 1 new player."
    game = Game.objects.get()
    board = load_board(game)
    assert [(s.player.name, s.total, s.won) for s in board.standings] == [
        ("Dave", 9, True),
        ("Mitch", 14, False),
    ]
    assert board.engines_used == [12, 7]
    assert timezone.localtime(game.created).date().isoformat() == "2025-01-12"
    assert game.finished == timezone.make_aware(datetime(2025, 1, 12, 22, 15))
    assert game.is_finished


def test_it_names_the_line_and_field_of_a_bad_score_and_imports_nothing(tmp_path, db):
    sheet = GOOD_GAME + "game,2025-02-09,oll,even,Dave,Mitch,Dan\nround,1,12,0,5,x\n"

    with pytest.raises(CommandError) as error:
        import_sheet(tmp_path, sheet)

    assert str(error.value) == (
        "Line 6, score for Dan: 'x' is not a whole number. Nothing was imported."
    )
    assert Game.objects.count() == 0
    assert Player.objects.count() == 0


def test_it_checks_each_round_by_the_rules_and_imports_nothing(tmp_path, db):
    sheet = GOOD_GAME + (
        "game,2025-02-09,mexican-train,,Dave,Mitch\nround,1,12,0,5\nround,2,12,3,0\n"
    )

    with pytest.raises(CommandError) as error:
        import_sheet(tmp_path, sheet)

    message = str(error.value)
    assert message.startswith("Line 7, engine: The 12|12 was already the station double")
    assert message.endswith("Nothing was imported.")
    assert Game.objects.count() == 0
    assert Player.objects.count() == 0


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("game,12/01/2025,mexican-train,,Dave,Mitch", "Line 1, date: '12/01/2025' is not a date"),
        ("game,2025-01-12,dominoes,,Dave,Mitch", "Line 1, ruleset: There is no ruleset called"),
        ("game,2025-01-12,oll,half,Dave,Mitch", "Line 1, variant: OLL Train has no 'half'"),
        ("game,2025-01-12,oll,,Dave", "Line 1, players: OLL Train needs 2 to 8 players"),
        ("game,2025-01-12,oll,,Dave,,Mitch", "Line 1, player 2: The name is blank"),
        ("game,2025-01-12,oll,,Dave,dave", "Line 1, players: Each player can take only one seat"),
        ("round,1,12,0,5", "Line 1, first cell: Start each game with a game line first."),
        ("games,2025-01-12,oll", "Line 1, first cell: 'games' is not a kind of line"),
    ],
)
def test_it_names_what_is_wrong_with_a_game_line(tmp_path, db, line, expected):
    with pytest.raises(CommandError) as error:
        import_sheet(tmp_path, line + "\n")

    assert str(error.value).startswith(expected)
    assert Game.objects.count() == 0


def test_it_counts_lines_past_comments_blank_lines_and_quoted_notes(tmp_path, db):
    sheet = (
        "# season 2025\n\ngame,2025-01-12,mexican-train,,Dave,Mitch\n"
        'note,"Played at Angie\'s,\nsecond table"\nround,1,12,0,5\nround,2,11,0\n'
    )

    with pytest.raises(CommandError) as error:
        import_sheet(tmp_path, sheet)

    assert str(error.value).startswith("Line 7, scores: A round line needs")


def test_it_refuses_a_round_after_the_end_line(tmp_path, db):
    with pytest.raises(CommandError) as error:
        import_sheet(tmp_path, GOOD_GAME + "round,3,5,1,1\n")

    assert str(error.value).startswith("Line 5, first cell: This game already ended")


def test_it_keeps_a_game_without_an_end_line_in_progress(tmp_path, db):
    import_sheet(tmp_path, GOOD_GAME.replace("end,2025-01-12T22:15\n", ""))

    game = Game.objects.get()
    assert not game.is_finished
    assert not game.seats.filter(won=True).exists()


def test_it_shows_a_progress_bar_for_a_long_sheet(tmp_path, db):
    sheet = "".join(GOOD_GAME.replace("2025-01-12", f"2025-01-{day:02}") for day in range(1, 26))

    out, err = import_sheet(tmp_path, sheet)

    assert "Imported 25 games (50 rounds)" in out
    assert "\rImporting [" in err
    assert err.rstrip().endswith("] 25/25 games")
    assert Game.objects.finished().count() == 25


def test_it_says_how_to_fix_a_missing_file(db):
    with pytest.raises(CommandError) as error:
        call_command("importgames", "/nonexistent/sheet.csv")

    assert "Can't read /nonexistent/sheet.csv" in str(error.value)


def test_it_imports_the_example_sheet_in_the_guide(tmp_path, db):
    example = guide("importing.md").split("```csv\n", 1)[1].split("```", 1)[0]

    out, _ = import_sheet(tmp_path, example)

    assert out.strip() == "Imported 2 games (3 rounds) and registered 3 new players."
    assert Game.objects.finished().get().ruleset == "mexican-train"
    assert Game.objects.live().get().table_label == "Back room"
