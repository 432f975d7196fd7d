"""While PostgreSQL is stopped (a restart, an upgrade), a save through the API or the
scorekeeper's form, and the game's page, answer 503 with Retry-After and a sentence in the
reader's language, not a 500; the log says once that the database is away and once that
it is back; and the same save, sent again once it is back, is saved."""

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from live.consumers import TRY_AGAIN_LATER
from tests.factories import make_game, points
from tests.games.database_outage import (
    Browserless,
    copy_into,
    daphne_on,
    form_token,
    on_postgresql,
    until_answered,
)
from tests.servers import running

pytestmark = [pytest.mark.services, on_postgresql]


def closed_socket(url: str, origin: str) -> int:
    """The code the server closed a screen's socket with, before any message."""
    with connect(url, origin=origin, proxy=None, open_timeout=10) as screen:
        with pytest.raises(ConnectionClosed):
            screen.recv(timeout=10)
        return screen.close_code


def test_it_answers_503_with_a_sentence_while_the_database_is_away(own_postgres):
    new = make_game(names=("Ann", "Bob"), ruleset="mexican-train", variant=None)
    code, key = new.game.code, new.key
    first = {"scores": points(new.game, 0, 12), "engine": 12, "version": 1}
    second = {"scores": points(new.game, 5, 0), "engine": 11, "version": 2}
    url = copy_into(own_postgres)

    with running(daphne_on(url)) as (server,):
        api = Browserless(server.url)
        french = Browserless(server.url, language="fr")
        keeper = Browserless(server.url)  # a phone without scripts, on its keeper link
        assert api.put_round(code, key, 1, first).status == 200
        page = keeper.request(f"/games/{code}/keep/{key}/")
        assert page.status == 200
        form = {"csrfmiddlewaretoken": form_token(page.text), "number": "2", "version": "2"}
        form.update({f"score-{pid}": str(value) for pid, value in second["scores"].items()})
        form["engine"] = "11"
        mark = len(server.output())

        own_postgres.stop()
        refused = api.put_round(code, key, 2, second)
        in_french = french.put_round(code, key, 2, second)
        posted = keeper.request(
            f"/games/{code}/rounds/",
            method="POST",
            data="&".join(f"{name}={value}" for name, value in form.items()).encode(),
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Referer": server.url + f"/games/{code}/",
            },
        )
        board = keeper.request(f"/games/{code}/")
        screen = closed_socket(f"{server.ws_url}/ws/games/{code}/", origin=server.url)
        during = server.logged_since(mark)
        own_postgres.start()
        saved = until_answered(lambda: api.put_round(code, key, 2, second))
        after = server.logged_since(mark)

    assert refused.status == 503
    assert refused.headers["Retry-After"] == "5"
    assert refused.json() == {
        "detail": "The database is not answering just now (it may be restarting), so the "
        "server could not take this request. Send it again after the seconds in "
        "Retry-After; a save sent twice is recorded once."
    }
    assert in_french.status == 503
    assert in_french.json()["detail"].startswith("La base de données ne répond pas")
    assert posted.status == 503
    assert posted.headers["Retry-After"] == "5"
    assert "<h1>Try again in a moment</h1>" in posted.text
    assert "Wait a few seconds and try again; a save sent twice is kept once." in posted.text
    assert (board.status, board.headers["Retry-After"]) == (503, "5")
    assert "<h1>Try again in a moment</h1>" in board.text
    assert screen == TRY_AGAIN_LATER, "a screen connecting is told to try again later"

    assert saved.status == 200, saved.text
    assert [player["total"] for player in saved.json()["players"]] == [5, 12]
    assert len(during) == 1, during
    # What PostgreSQL's port said, found by core/database_probe.py as the pool gave up.
    assert "WARNING core.outages: The database is not answering (OperationalError: " in during[0]
    assert "Connection refused" in during[0]
    assert during[0].endswith(
        "; pages, saves and the API answer 503 with Retry-After, and phones keep their saves "
        "to send again."
    )
    assert len(after) == 2, after
    assert "The database answers again, after" in after[1]
