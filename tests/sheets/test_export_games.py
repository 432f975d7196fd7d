"""`manage.py exportgames` writes every game so that importing it gives the same games back."""

from io import StringIO

from django.core.management import call_command

from games.models import Game
from players.models import Player
from tests.factories import night_of, play, register


def export() -> str:
    out = StringIO()
    call_command("exportgames", stdout=out)
    return out.getvalue()


def every_game() -> list[tuple]:
    """What a person could tell apart: set-up, seats, rounds, scores, winners, dates."""
    games = []
    for game in Game.objects.order_by("created", "pk"):
        seats = [(s.position, s.player.name, s.won) for s in game.seats.all()]
        rounds = [
            (r.number, r.engine, sorted((s.player.name, s.points) for s in r.scores.all()))
            for r in game.rounds.all()
        ]
        games.append(
            (
                game.ruleset,
                game.variant,
                game.set_size,
                game.status,
                game.created,
                game.finished,
                game.table_name,
                game.notes,
                seats,
                rounds,
            )
        )
    return games


def test_it_reproduces_every_game_through_export_and_import(db, tmp_path):
    ann, bob, cy, dee, eve, fay = register("Ann", "Bob", "Cy, Jr.", "Dee", "Eve", "Fay")
    play("mexican-train", [ann, bob, cy], [[0, 12, 30], [7, 0, 9], [4, 4, 0]])
    play("oll", [bob, ann], [[3, 0], [0, 50]], variant="even", table_label="Back room")
    play("derailing", [dee, eve], [[5, 0]], set_size=6)
    play("number-9", [ann, bob, cy, dee, eve, fay], [[10, 0, 4, 2, 2, 8]], variant="tournament")
    play("number-9", [eve, fay], [[12, 12]])  # a tie: both win
    play("mexican-train", [ann, fay], [], end=True)  # ended before any round
    play("mexican-train", [cy, dee], [[0, 3]], end=False)  # still being played
    night_of([eve, fay])  # a night's numbered table: its name goes out as a label
    Game.objects.filter(ruleset="oll").update(notes='First game with the "OLL" train,\nfun.')
    before = every_game()
    sheet = export()

    Game.objects.all().delete()
    path = tmp_path / "club.csv"
    path.write_text(sheet)
    call_command("importgames", str(path), stdout=StringIO())

    assert every_game() == before
    assert export() == sheet


def test_it_writes_to_a_file_and_says_how_many_games(db, tmp_path, capsys):
    ann, bob = register("Ann", "Bob")
    play("mexican-train", [ann, bob], [[0, 5]])
    path = tmp_path / "out.csv"
    err = StringIO()

    call_command("exportgames", str(path), stderr=err)

    assert err.getvalue().strip() == f"Wrote 1 game to {path}."
    lines = path.read_text().splitlines()
    assert [line for line in lines if not line.startswith("#")][1:] == [
        "set,12",
        "round,1,12,0,5",
        f"end,{Game.objects.get().finished.isoformat()}",
    ]


def test_it_guards_formula_like_text_and_reads_it_back_as_typed(db, tmp_path):
    """A name, table label or note a spreadsheet would run as a formula is written with
    an apostrophe before it; so is one that starts with an apostrophe as typed, so the
    import takes exactly one off and gives back what was typed. Scores stay numbers."""
    names = ("-Ann", "=Bob", "+Cy", "@Dee", "'Eve", "Fay")
    players = register(*names)
    play("mexican-train", players[:3], [[0, 12, 30]], table_label="=Back room")
    play("number-9", players[3:], [[10, 0, 4]])
    Game.objects.filter(table_label="=Back room").update(notes="-5 for Ann\n@Bob: redo\nfine")
    before = every_game()
    sheet = export()

    lines = [line for line in sheet.splitlines() if not line.startswith("#")]
    assert lines[0].endswith(",'-Ann,'=Bob,'+Cy")
    assert "table,'=Back room" in lines
    assert [line for line in lines if line.startswith("note,")] == [
        "note,'-5 for Ann",
        "note,'@Bob: redo",
        "note,fine",
    ]
    assert "round,1,12,0,12,30" in lines
    assert any(line.endswith(",'@Dee,''Eve,Fay") for line in lines)

    Game.objects.all().delete()
    path = tmp_path / "club.csv"
    path.write_text(sheet)
    call_command("importgames", str(path), stdout=StringIO())

    assert every_game() == before
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted(names)
    assert export() == sheet
