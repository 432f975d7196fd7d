"""A link pasted in a chat shows the result: the game, night, tournament and player pages
carry Open Graph and Twitter card tags, read here with an HTML parser as a chat's preview
robot reads them; the picture they name is absolute, on SITE_URL, and answers a PNG."""

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest

from tests.factories import play, register
from tests.pictures.events import EVENTS

SITE = "https://scores.example.org"


class MetaTags(HTMLParser):
    """Every <meta property|name=… content=…> in the page's head."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, str] = {}
        self.in_head = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "head":
            self.in_head = True
        elif tag == "meta" and self.in_head:
            key = attrs.get("property") or attrs.get("name")
            if key:
                self.tags[key] = attrs.get("content", "")

    def handle_endtag(self, tag):
        if tag == "head":
            self.in_head = False


def meta_of(html: str) -> dict[str, str]:
    parser = MetaTags()
    parser.feed(html)
    return parser.tags


@pytest.fixture
def on_site(settings):
    settings.SITE_URL = SITE


def check_picture(client, tags: dict[str, str]) -> None:
    image = tags["og:image"]
    assert image.startswith(f"{SITE}/") and image == tags["twitter:image"]
    assert tags["twitter:card"] == "summary_large_image"
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    answer = client.get(urlsplit(image).path + "?" + urlsplit(image).query)
    assert answer.status_code == 200 and answer["Content-Type"] == "image/png"


def test_a_games_page_says_who_won_with_what_after_how_many_rounds(client, db, on_site):
    ann, bob, cy = register("Ann", "Bob", "Cy")
    rounds = [[6, 9, 7]] * 12 + [[12, 1, 2]]  # Ann 84 after 13 rounds: the highest wins
    game = play("oll", [ann, bob, cy], rounds, variant="full")

    tags = meta_of(client.get(f"/games/{game.code}/").content.decode())

    assert tags["og:description"] == "Ann won with 84 · 13 rounds"
    assert tags["twitter:description"] == tags["og:description"]
    assert tags["og:title"].startswith("OLL Train")
    assert tags["og:url"] == f"{SITE}/games/{game.code}/"
    assert tags["og:image"].startswith(f"{SITE}/games/{game.code}/result.png?v=")
    check_picture(client, tags)


def test_the_description_speaks_the_readers_language(client, db, on_site):
    game = EVENTS["game"]()
    tags = meta_of(client.get(f"/games/{game.code}/", HTTP_ACCEPT_LANGUAGE="es").content.decode())
    assert tags["og:description"] == "María-José ganó con 10 · 3 rondas"


def test_a_nights_page_names_each_tables_winner(client, db, on_site):
    night = EVENTS["night"]()
    tags = meta_of(client.get(f"/nights/{night.code}/").content.decode())
    assert tags["og:title"].startswith("Tuesday club · ")
    assert tags["og:description"] == (
        "Winners: María-José (Table 1); Дмитрий Соколов (Table 2) · 2 tables"
    )
    assert tags["og:image"].startswith(f"{SITE}/nights/{night.code}/result.png?v=")
    check_picture(client, tags)


@pytest.mark.parametrize("kind", ["rotation", "heats-final"])
def test_a_tournaments_page_names_its_winner(client, db, on_site, kind):
    tournament = EVENTS[kind]()
    tags = meta_of(client.get(f"/tournaments/{tournament.code}/").content.decode())
    assert tags["og:title"].startswith("Spring open · ")
    assert tags["og:description"].startswith("Дмитрий Соколов won with 8 · 2 stages")
    assert tags["og:image"].startswith(f"{SITE}/tournaments/{tournament.code}/result.png?v=")
    check_picture(client, tags)


def test_a_players_page_shows_their_record_and_their_latest_game(client, db, on_site):
    game = EVENTS["game"]()
    player = game.seats.get(position=1).player
    tags = meta_of(client.get(f"/players/{player.pk}/").content.decode())
    assert tags["og:title"] == player.name
    assert tags["og:description"] == "1 win in 1 game"
    assert tags["og:image"] == f"{SITE}/games/{game.code}/result.png"
    check_picture(client, tags)


def test_without_site_url_the_links_are_on_the_address_asked(client, db):
    game = EVENTS["game"]()
    tags = meta_of(client.get(f"/games/{game.code}/", HTTP_HOST="localhost").content.decode())
    assert tags["og:image"].startswith(f"http://localhost/games/{game.code}/result.png?v=")
