"""A tournament's stage as the room plays it (`make bench BENCH_ARGS=--tournament`): 30
tables of 6 on one daphne process, a phone per entrant on the tournament's page, a keeper
page per table, the walls; every game ends during the run, then staff seat the next
stage and start its clock.

- Phones (180): each holds `ws /ws/tournaments/<code>/` and does what the page's scripts
  do with each "tournament" message (bench/phones.py's `OverviewPage`: today it fetches
  the page again, as addressed: `?me=<player>` for "My table", some with `?band=`), in
  Spanish, French or English (Accept-Language). A phone shows a change once it received
  a message carrying it and finished that fetch.
- Keepers (one per table): the game's page on its socket, saving rounds through the API
  as keeper.js does, each table at its own pace: 20 saves a second over the room while
  every table plays. The tables end their games one after another over the second half
  of the stage (`POST /api/games/<code>/end`, after 13 rounds and some corrections).
- Walls (4) on the tournament's socket: every table's change, in order per game.
- Staff (logged in, as in a browser) seat the next stage and start its clock.

Before it, the server's CPU per tournament change is measured on a second tournament of
the same size, with few phones and then with as many as the room: games ended one at a
time, each waited for until every phone shows it. The server's work for one change should
not grow with the phones following it.
"""

import json
import os
import threading
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from bench import processes
from bench.game import Game, Http, connect_viewers
from bench.processes import cpu_seconds, daphnes, memory, say, started
from bench.staff import Staff

WALLS = "walls"  # the client process's names for the walls' and the phones' boards
PHONES = "phones"
FEW = "few"  # the phones of the tournament the CPU per change is measured on
PHONES_AT_ONCE = 30
ROUNDS = 13  # Mexican Train's, each saved before a game ends
LANGUAGES = ("es", "fr", "en")
BANDS = ("60–69", "70–79", "80+")
TARGETS = {"phone_p99": 1.0, "phone_max": 2.0, "save_p99": 0.100, "cpu_ratio": 1.5}


@dataclass
class Tournament:
    tables: int
    players: int  # per table, each with a phone on the tournament's page
    walls: int
    rate: float  # saves a second over the room while every table plays
    seconds: float  # the stage, until its last game ends
    few: int = 10  # phones at the few-phones measurement of CPU per change
    changes: int = 3  # game ends measured at each of few and many phones
    timeout: float = 120.0  # for every phone to show a change
    profile: Path | None = None  # --profile: py-spy's samples of the server over the stage


def stage_plan(tables: int, rate: float, seconds: float) -> list[tuple[list[float], float]]:
    """Each table's save moments and the moment its game ends, in seconds from the stage's
    start: every table saves every `tables / rate` s from its own phase (so the room saves
    `rate` a second while all play), at least ROUNDS times; the games end one after another
    from half the stage to its end."""
    gap = tables / rate
    plan = []
    for table in range(tables):
        phase = gap * table / tables
        end = seconds * (0.5 + 0.5 * (table + 1) / tables)
        step = min(gap, (end - phase) / (ROUNDS + 0.5))
        count = int((end - phase) / step)
        plan.append(([phase + i * step for i in range(count)], end))
    return plan


def new_tournament(env, tournament: Tournament, name: str) -> dict:
    """A rotation of 2 games whose first stage is seated, with bands: `newtournament --json`."""
    count = tournament.tables * tournament.players
    names = [f"Player {n}" for n in range(1, count + 1)]
    bands = ",".join(f"{n}={BANDS[i % len(BANDS)]}" for i, n in enumerate(names))
    size = f"{tournament.players}-{tournament.players}"
    out = processes.manage(
        env, "newtournament", "--name", name, "--ruleset", "mexican-train",
        "--format", "rotation", "--games", "2", "--table-size", size, "--minutes", "120",
        "--players", ",".join(names), "--bands", bands, "--json",
    )  # fmt: skip
    return json.loads(out.strip().splitlines()[-1])


def phone_pages(made: dict, count: int, start: int = 0) -> list[dict]:
    """The pages the phones follow, as each asked for it: most with "My table" set, one in
    six with a band filter too and one in six with the band filter alone; in turn in
    Spanish, French and English. Each page's socket asks as static/js/tournament.js does:
    for its band filter, and for no table (the overview draws none)."""
    overview = f"/tournaments/{made['code']}/"
    lines = made["standings"]
    pages = []
    for k in range(start, start + count):
        line = lines[k % len(lines)]
        query, socket = {}, {}
        if k % 6 != 0:
            query["me"] = line["player"]["id"]
        if k % 6 in (0, 1):
            query["band"] = socket["band"] = line["band"]
        socket["tables"] = "none"
        pages.append(
            {
                "page": f"{overview}?{urllib.parse.urlencode(query)}",
                "socket": f"?{urllib.parse.urlencode(socket)}",
                "language": LANGUAGES[k % len(LANGUAGES)],
            }
        )
    return pages


def ended(game: Game) -> dict:
    """The change a game's end makes to what a phone shows: its first player's rounds."""
    return {"ended": game.players[0], "rounds": ROUNDS}


class Room:
    """The server, the client process and what the bench does to the tournament."""

    def __init__(self, env, server, client, staff: Staff, tournament: Tournament) -> None:
        self.env, self.server, self.client, self.staff = env, server, client, staff
        self.tournament = tournament
        self.connections: list[Http] = []

    def games(self, made: dict) -> list[Game]:
        """The tables' games, each saved on its own kept-alive connection, as its keeper's."""
        games = [Game(self.env, self.server, Http(), made=table) for table in made["tables"]]
        self.connections += [game.http for game in games]
        return games

    def close(self) -> None:
        for connection in self.connections:
            connection.close()

    def phones(self, board: str, made: dict, count: int, start: int, changes: list) -> float:
        """Connect `count` phones, a batch at a time as a room's arrive, each batch once
        the one before has its pages (every phone fetches it on connect: a burst of them
        overflowed daphne's queue of connections waiting to be accepted)."""
        seconds = 0.0
        for first in range(start, start + count, PHONES_AT_ONCE):
            got = self.client.call(
                "phones", game=board, kind="phones",
                url=f"{self.server.ws_url}/ws/tournaments/{made['code']}/",
                origin=self.server.url, changes=changes,
                pages=phone_pages(made, min(PHONES_AT_ONCE, start + count - first), first),
            )  # fmt: skip
            seconds += got["seconds"]
            self.settle(board)
        return seconds

    def settle(self, board: str, *changes: int) -> dict:
        """Wait until every phone shows `changes` and none is fetching (or the timeout)."""
        deadline = time.monotonic() + self.tournament.timeout
        while True:
            got = self.client.call("phones_shown", game=board)
            done = not got["fetching"] and all(got["last"][c] is not None for c in changes)
            if done or time.monotonic() > deadline:
                return got
            time.sleep(0.05)

    def end(self, game: Game) -> tuple[float, float]:
        status, data, sent, done = game.http.request(
            self.server, "POST", f"/api/games/{game.code}/end", body=b"{}",
            headers={"Authorization": f"Bearer {game.key}", "Content-Type": "application/json"},
        )  # fmt: skip
        if status != 200:
            raise RuntimeError(f"ending {game.code} answered {status}: {data[:300]!r}")
        return sent, done

    def cpu_per_change(self, made: dict) -> dict:
        """Server CPU per game end with `few` phones, then with the room's, on `made`; and
        the messages and fetches of all the phones per change."""
        tournament = self.tournament
        each = min(tournament.changes, tournament.tables // 2)
        games = self.games(made)[: 2 * each]
        for game in games:
            for _ in range(ROUNDS):
                game.save(self.server)
        changes = [ended(game) for game in games]
        many = tournament.tables * tournament.players
        figures, have = {}, 0
        for count, measured in ((tournament.few, games[:each]), (many, games[each:])):
            say(f"[tournament] CPU per change: {count} phones")
            self.phones(FEW, made, count - have, have, changes)
            have = count
            used = []
            counted = self.client.call("phones_shown", game=FEW)
            for game in measured:
                before = self.server.cpu_seconds()
                self.end(game)
                got = self.settle(FEW, changes.index(ended(game)))  # its fetches are in
                used.append(self.server.cpu_seconds() - before)
            per = {k: (got[k] - counted[k]) / len(measured) for k in ("messages", "fetches")}
            figures[count] = {"cpu": used, **per}
        self.client.call("close", game=FEW)
        return figures

    def play_stage(self, games: list[Game]) -> dict:
        """Every table saving at its pace in its own thread, its game ended at its moment."""
        plan = stage_plan(len(games), self.tournament.rate, self.tournament.seconds)
        saves, ends = [], {}
        lock = threading.Lock()
        start = time.monotonic() + 0.5

        def keeper(index: int, game: Game) -> None:
            moments, end_at = plan[index]
            for moment in moments:
                time.sleep(max(0.0, start + moment - time.monotonic()))
                version, sent, done = game.save(self.server)
                with lock:
                    saves.append((game.code, version, sent, done))
            time.sleep(max(0.0, start + end_at - time.monotonic()))
            ends[index] = self.end(game)

        threads = [threading.Thread(target=keeper, args=(i, g)) for i, g in enumerate(games)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return {"saves": saves, "ends": [ends[i] for i in range(len(games))], "start": start}


def run(env, tournament: Tournament) -> dict:
    """The CPU per change measured, then one stage played as the room plays it."""
    say(f"[tournament] seating {tournament.tables} tables of {tournament.players}, twice")
    load_at_start = os.getloadavg()
    made = new_tournament(env, tournament, "Bench open")
    other = new_tournament(env, tournament, "Bench calibration")
    servers = daphnes("tournament", env, 1)
    with started(servers):
        server = servers[0]
        staff = Staff(env, server)
        client = processes.Client()
        room = Room(env, server, client, staff, tournament)
        try:
            figures = {"load_at_start": load_at_start, "cpu_per_change": {}}
            figures["cpu_per_change"] = room.cpu_per_change(other)
            games = room.games(made)
            changes = [ended(game) for game in games] + [{"seated": 2}, {"clock": 2}]
            say(f"[tournament] connecting {tournament.tables * tournament.players} phones")
            figures["connect_seconds"] = room.phones(
                PHONES, made, tournament.tables * tournament.players, 0, changes
            )
            say(f"[tournament] connecting {tournament.walls} walls and a keeper per table")
            client.call(
                "connect", game=WALLS, kind="walls", origin=server.url, count=tournament.walls,
                urls=[f"{server.ws_url}/ws/tournaments/{made['code']}/"],
            )  # fmt: skip
            connect_viewers(client, games, servers, 1)
            own_cpu = cpu_seconds(os.getpid())
            with processes.Profile(tournament.profile, "tournament", servers, client) as profile:
                began = time.monotonic()
                say(f"[tournament] the stage: {len(games)} games ending one after another")
                played = room.play_stage(games)
                # As in the room: seated once the last game ended, the clock started once
                # the room shows where everyone sits.
                say("[tournament] staff seat stage 2, then start its clock")
                seated = room.staff.seat_next_stage(made["code"])
                room.settle(PHONES, len(games))
                clock = room.staff.start_clock(made["code"], 2)
                shown = room.settle(PHONES, *range(len(changes)))
                seconds = time.monotonic() - began
            figures.update(
                seconds=seconds,
                cpu=profile.cpu,
                client_cpu=profile.client_cpu,
                own_cpu=cpu_seconds(os.getpid()) - own_cpu,
                **tally(client, played, shown, [*(s for s, _ in played["ends"]), seated, clock]),
            )
            figures["memory"], figures["memory_peak"] = memory(servers)
            return figures
        finally:
            client.close()
            room.close()


def held_after(seen: list, saves: list) -> list[float]:
    """Seconds from each save being sent until the last screen held it (those held)."""
    return [at - save[2] for at, save in zip(seen, saves, strict=True) if at is not None]


def tally(client, played: dict, shown: dict, sent: list[float]) -> dict:
    """What the phones, walls and keepers held, against what was sent when."""
    saves = played["saves"]
    pairs = [[code, version] for code, version, _, _ in saves]
    walls = client.call("walls_seen", game=WALLS, saves=pairs)
    keepers = client.call("last_seen", saves=pairs)
    ends = played["ends"]
    burst = (min(s for s, _ in ends), max(d for _, d in ends))
    return {
        "answer": [done - s for _, _, s, done in saves],
        "burst_answer": [done - s for _, _, s, done in saves if burst[0] <= s <= burst[1]],
        "saves": len(saves),
        "shown": [None if t is None else t - at for t, at in zip(shown["last"], sent, strict=True)],
        "unshown": shown["unshown"],
        "out_of_order": shown["out_of_order"],
        "fetches": shown["fetches"],
        "failed": shown["failed"],
        "messages": shown["messages"],
        "phone_tables": shown["tables"],
        "wall": held_after(walls["seen"], saves),
        "keeper": held_after(keepers["seen"], saves),
        "table_lost": {
            name: got["lost"] + got["out_of_order"] + sum(1 for s in got["seen"] if s is None)
            for name, got in (("walls", walls), ("keepers", keepers))
        },
    }


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def render(tournament: Tournament, figures: dict) -> str:
    from bench.report import machine
    from bench.stats import Summary, ms

    games = tournament.tables
    shown = figures["shown"]
    ends = [s for s in shown[:games] if s is not None]
    phones = Summary.of(ends)
    answer, burst = Summary.of(figures["answer"]), Summary.of(figures["burst_answer"])
    wall, keeper = Summary.of(figures["wall"]), Summary.of(figures["keeper"])
    per_change = {int(n): got for n, got in figures["cpu_per_change"].items()}
    cpu = {n: sum(got["cpu"]) / len(got["cpu"]) for n, got in per_change.items()}
    few, many = min(cpu), max(cpu)
    cpu_ratio = cpu[many] / cpu[few]
    screens = games * tournament.players
    lost = figures["unshown"] + figures["out_of_order"]
    phones_ok = (
        len(ends) == games
        and phones.p99 <= TARGETS["phone_p99"]
        and phones.max <= TARGETS["phone_max"]
    )
    seconds = figures["seconds"]

    def later(value) -> str:
        return "never (within the timeout)" if value is None else f"{value:.2f} s"

    load = " / ".join(f"{x:.1f}" for x in figures["load_at_start"])
    return "\n".join(
        [
            f"### Tournament stage as the room plays it · {games} tables × "
            f"{tournament.players} · {screens} phones on the overview, {games} keepers, "
            f"{tournament.walls} walls",
            "",
            f"({machine()}; load average at the start {load})",
            "",
            f"- game ends → every phone shows the new standings ({games} ends, "
            f"{len(ends)} shown by every phone): p50 {phones.p50:.2f} s, p99 "
            f"{phones.p99:.2f} s, max {phones.max:.2f} s; target p99 ≤ "
            f"{TARGETS['phone_p99']:g} s, max ≤ {TARGETS['phone_max']:g} s → {verdict(phones_ok)}",
            f"- stage 2 seated → every phone shows it: {later(shown[games])}; its clock "
            f"started → every phone: {later(shown[games + 1])}",
            f"- saves answered ({figures['saves']} saves, the room at up to "
            f"{tournament.rate:g} a second): p50 {ms(answer.p50)} ms, p99 {ms(answer.p99)} ms; "
            f"while the games end ({burst.count} saves): p50 {ms(burst.p50)} ms, p99 "
            f"{ms(burst.p99)} ms; target p99 ≤ {ms(TARGETS['save_p99'])} ms → "
            f"{verdict(max(answer.p99, burst.p99) <= TARGETS['save_p99'])}",
            f"- save → last wall: p50 {ms(wall.p50)} ms, p99 {ms(wall.p99)} ms; save → its "
            f"keeper's page: p50 {ms(keeper.p50)} ms, p99 {ms(keeper.p99)} ms",
            f"- server CPU per tournament change (a game ended, every phone shown it): "
            f"{ms(cpu[few])} ms at {few} phones, {ms(cpu[many])} ms at {many}: "
            f"{cpu_ratio:.1f}×; target ≤ {TARGETS['cpu_ratio']:g}× → "
            f"{verdict(cpu_ratio <= TARGETS['cpu_ratio'])}; per change, all the phones got "
            + " and ".join(
                f"{per_change[n]['messages']:g} messages and fetched {per_change[n]['fetches']:g} "
                f"pages at {n}"
                for n in (few, many)
            ),
            f"- the phones fetched the page {figures['fetches']} times "
            f'({figures["failed"]} failed) for {figures["messages"]} "tournament" messages',
            f"- lost: {figures['unshown']} tournament changes a phone never showed, "
            f"{figures['out_of_order']} tournament messages out of order; target 0 → "
            f"{verdict(lost == 0)}",
            "- table changes (saves) not held by every screen, or out of order: "
            + ", ".join(f"{n} {c}" for n, c in figures["table_lost"].items())
            + f'; "table" messages sent to the phones (the page draws none): '
            f"{figures['phone_tables']}",
            f"- server CPU over the stage ({seconds:.0f} s from the first save until every "
            f"phone shows the clock): {figures['cpu']:.1f} s ({100 * figures['cpu'] / seconds:.0f} "
            f"% of a core); memory (RSS; peak) "
            f"{figures['memory'] / 2**20:.0f} MiB ({figures['memory_peak'] / 2**20:.0f} MiB)",
            f"- the client: the viewers' process used {figures['client_cpu']:.1f} s of CPU "
            f"({100 * figures['client_cpu'] / seconds:.0f} % of a core), the bench's own "
            f"{figures['own_cpu']:.1f} s; connecting the {screens} phones took "
            f"{figures['connect_seconds']:.1f} s ({PHONES_AT_ONCE} at a time, each batch "
            "once the one before had its pages)",
        ]
    )
