"""200 phones asking a real server for the same new picture at once: every one gets it,
and the server draws it once (the request that drew it says so in its Server-Timing
header; the others waited for that drawing)."""

import urllib.request
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

from tests.factories import make_game, save_round

ASKING = 200


def test_200_requests_at_once_draw_the_picture_once(server):
    game = make_game(ruleset="mexican-train", variant=None).game
    save_round(game, 1, [0, 20, 25], engine=12)
    url = f"{server.url}/games/{game.code}/result.png"
    ready = Barrier(ASKING)

    def ask(_):
        ready.wait()
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, answer.read(), answer.headers.get("Server-Timing")

    with ThreadPoolExecutor(ASKING) as pool:
        answers = list(pool.map(ask, range(ASKING)))

    assert {status for status, _, _ in answers} == {200}
    assert len({png for _, png, _ in answers}) == 1
    drew = [timing for _, _, timing in answers if timing]
    assert len(drew) == 1, drew
    assert drew[0].startswith("draw;dur=")
