"""The podium: places 1–3 marked gold, silver and bronze, a tie sharing its place (both
winners first, both marked gold), and the club's name at the top (CLUB_NAME)."""

from pictures.drawing import PODIUM, draw
from tests.factories import play, register
from tests.pictures.events import result_of
from tests.pictures.reading import open_png


def test_tied_winners_share_first_place_and_gold(client, db):
    """OLL Train: the lowest total wins; Ann and Bob tie on 6."""
    ann, bob, cy, dee = register("Ann", "Bob", "Cy", "Dee")
    game = play("oll", [ann, bob, cy, dee], [[1, 1, 12, 5], [5, 5, 20, 10]], variant="full")

    result = result_of("game", game)
    lines = [(line.place, line.name) for line in result.groups[0].lines]
    assert lines == [(1, "Ann"), (1, "Bob"), (3, "Dee"), (4, "Cy")]
    assert result.description == "Ann and Bob shared the win with 6 · 2 rounds"

    picture = open_png(client.get(f"/games/{game.code}/result.png").content).convert("RGB")
    drawn = draw(result)
    places = [text for text in drawn.texts if text.anchor == "mm"]  # the discs' numbers
    assert [text.text for text in places] == ["1", "1", "3", "4"]
    colours = [picture.getpixel((round(t.x) - 12, round(t.y))) for t in places]
    gold, bronze = (_rgb(PODIUM[1]), _rgb(PODIUM[3]))
    assert colours[:3] == [gold, gold, bronze]
    assert {text.text for text in drawn.texts if text.bold} >= {"Ann", "Bob"}


def test_the_club_name_heads_the_picture(client, db, settings):
    settings.CLUB_NAME = "Riverside Domino Club"
    game = play("oll", register("Ann", "Bob"), [[3, 9]], variant="full")
    texts = [text.text for text in draw(result_of("game", game)).texts]
    assert texts[1] == "Riverside Domino Club"  # after the state, at the top left


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
