"""Every change to a game goes through here: validate, write in one transaction,
bump the version, and announce it after commit (games/announcements.py).

Views and the API call these functions and stay thin. Each returns the game's new board,
built in memory from what it validated and wrote (not read back), and announces that
board, so the answer and the broadcast draw the same one. A rejected change raises
`Rejected` (bad input, with a sentence per field) or `Conflict` (stale version or
finished game) and writes nothing. Their sentences are made when they are raised, in the
language of the request that made the change.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Case, F, Max, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _

from core.rejections import Conflict, Rejected
from games.announcements import announce
from games.models import Change, Edit, Game, Round, Score, Seat
from games.snapshot import Board, load_board, with_round


@dataclass(frozen=True)
class Actor:
    """Who made a change, for the history: a staff user's name or the scorekeeper key."""

    by: str
    source: str = Change.Source.PAGE


def finished_sentence() -> str:
    return _("This game has ended, so its scores can no longer change.")


def _lock(game: Game) -> Game:
    """Lock the game's row and bring the caller's instance up to date."""
    # Row lock on PostgreSQL; on SQLite the IMMEDIATE transaction already serialises writers.
    game.refresh_from_db(from_queryset=Game.objects.select_for_update())
    return game


def _check_open(game: Game, version: Any, *, required: bool = True) -> None:
    """Refuse a change to a finished game, or one based on another version of the board.

    Undo, redo and end may leave the version out (`required=False`, version None): they
    then apply to the board as it stands.
    """
    if game.is_finished:
        raise Conflict(finished_sentence())
    if version is None and not required:
        return
    if not _is_int(version):
        raise Rejected({"version": _("Send the version of the board the change was based on.")})
    if version != game.version:
        raise Conflict(_("The board changed on another device a moment ago; here is the latest."))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _commit_change(
    board: Board, *, kind: str, actor: Actor, round_number=None, reverts=None
) -> Change:
    """Bump the version, record the change, and announce the new board after commit."""
    game = board.game
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    game.version += 1  # the row is locked: nobody else moved it meanwhile
    change = Change.objects.create(
        game=game,
        version=game.version,
        kind=kind,
        round_number=round_number,
        reverts=reverts,
        source=actor.source,
        by=actor.by,
    )
    result_changed = kind in (Change.Kind.END, Change.Kind.REOPEN)
    announce(game.code, board=board, result_changed=result_changed)
    return change


def _validate_round(board: Board, *, number: Any, scores: Mapping, engine: Any) -> dict[int, int]:
    """The scores by player id, or Rejected with a sentence for each bad field."""
    errors: dict[str, str] = {}
    played = len(board.rounds)
    if not _is_int(number) or number < 1:
        raise Rejected({"number": _("Rounds are numbered from 1; send a whole number.")})
    if number > played + 1:
        sentence = _("Round %(number)s comes next; rounds are saved in order, without gaps.")
        raise Rejected({"number": sentence % {"number": played + 1}})
    if number == played + 1 and board.next_round is None:
        # Translators: count is the schedule's number of rounds (always several).
        done = _("All %(count)s rounds of this game are saved; end the game or correct a round.")
        raise Rejected({"number": done % {"count": played}})

    seated = {s.player.id: s.player.name for s in board.standings}
    by_id: dict[int, int] = {}
    if not isinstance(scores, Mapping):
        raise Rejected({"scores": _("Send the scores as a map from player id to points.")})
    for key, value in scores.items():
        pid = _player_id(key)
        if pid not in seated:
            # Translators: player is the key sent for a player (an id), left as it is.
            sentence = _("Player %(player)s is not seated in this game; score only its players.")
            errors["scores"] = sentence % {"player": key}
            continue
        if not _is_int(value):
            sentence = _("Enter %(name)s's score as a whole number.")
            errors[f"scores.{pid}"] = sentence % {"name": seated[pid]}
            continue
        problem = board.table.score_error(value)
        if problem:
            # Translators: a player's name, then a sentence on what is wrong with their score.
            sentence = _("%(name)s: %(problem)s")
            errors[f"scores.{pid}"] = sentence % {"name": seated[pid], "problem": problem}
        by_id[pid] = value
    left = {s.player.id for s in board.standings if s.seat.left}  # saved without them
    for pid, name in seated.items():
        if pid not in by_id and pid not in left and f"scores.{pid}" not in errors:
            sentence = _("Enter %(name)s's score for round %(number)s.")
            errors[f"scores.{pid}"] = sentence % {"name": name, "number": number}

    other_engines = [r.engine for r in board.rounds if r.number != number]
    correcting = number if number <= played else None  # the rules word it differently
    problem = board.table.engine_error(engine, other_engines, round_number=correcting)
    if problem:
        errors["engine"] = problem
    if errors:
        raise Rejected(errors)
    return by_id


def _player_id(key: Any) -> int | None:
    """The player id a scores key names: "12" or 12, never "012", "１２", "²" or 5000 digits."""
    text = str(key)
    # isdecimal (not isdigit) and at most 18 digits (ids are 64-bit) so int() cannot fail;
    # the round trip refuses a second spelling of the same id, which would silently
    # overwrite the first.
    if not (text.isdecimal() and len(text) <= 18):
        return None
    return int(text) if str(int(text)) == text else None


def record_round(
    *,
    game: Game,
    number: Any,
    scores: Mapping,
    engine: Any,
    version: Any,
    actor: Actor,
    board: Board | None = None,
) -> Board:
    """Save round `number` (the next one, or a correction of an earlier one).

    `board`, when the caller already read the game's board (to draw its form), is used
    as it is if the game has not changed since; otherwise it is read again under the lock.
    """
    seen = board.game.version if board is not None else None
    with transaction.atomic():
        game = _lock(game)
        if board is None or board.game is not game or seen != game.version:
            board = load_board(game)
        if _time_ran_out(game):
            # The clock ran out since the last change: the round then in play is the last.
            # Calling time changes no round, so a save based on the version before it is
            # still current.
            current = game.version
            board = _call_time(board, round_in_play(game, game.deadline), actor)
            version = game.version if version == current else version
        if not game.is_finished and _same_as_saved(board, number, scores, engine):
            return board  # a retry of a save that already landed: record it once
        _check_open(game, version)
        by_id = _validate_round(board, number=number, scores=scores, engine=engine)

        round_ = board.round_numbered(number)
        old_scores = board.scores.get(number, {})
        old_engine = round_.engine if round_ else None
        edits = [
            Edit(round_number=number, player_id=pid, old=old_scores.get(pid), new=points)
            for pid, points in by_id.items()
            if old_scores.get(pid) != points
        ]
        if round_ is None or old_engine != engine:
            edits.append(Edit(round_number=number, player=None, old=old_engine, new=engine))
        if round_ is not None and not edits:
            return board  # nothing changed

        board = _apply(board, edits, use="new")
        change = _commit_change(board, kind=Change.Kind.SAVE, actor=actor, round_number=number)
        _record_edits(change, edits)
        if game.time_called and board.next_round is None:
            # Time was called and the round then in play is now saved: the game is over.
            _end(board, actor)
    return board


def _same_as_saved(board: Board, number: Any, scores: Mapping, engine: Any) -> bool:
    round_ = board.round_numbered(number) if _is_int(number) else None
    if round_ is None or not isinstance(scores, Mapping):
        return False
    sent = {str(k): v for k, v in scores.items()}
    saved = {str(k): v for k, v in board.scores[number].items()}
    return round_.engine == engine and sent == saved


def _apply(board: Board, edits: list[Edit], *, use: str) -> Board:
    """Write each edit's `new` (or, to undo, `old`) value, a statement per table, and
    return the board as it now stands. A change touches one round; a round left without
    scores is dropped."""
    number = edits[0].round_number
    round_ = board.round_numbered(number)
    before = board.scores.get(number, {})
    scores = dict(before)
    engine = round_.engine if round_ else None
    for edit in edits:
        value = getattr(edit, use)
        if edit.player_id is None:
            engine = value
        elif value is None:
            scores.pop(edit.player_id, None)
        else:
            scores[edit.player_id] = value
    if not scores:
        if round_ is not None:
            round_.delete()  # and its scores
        return with_round(board, round_ or Round(game=board.game, number=number), {})
    if round_ is None:
        round_ = Round.objects.create(game=board.game, number=number, engine=engine)
    elif round_.engine != engine:
        Round.objects.filter(pk=round_.pk).update(engine=engine)
        round_.engine = engine
    gone = [pid for pid in before if pid not in scores]
    if gone:
        Score.objects.filter(round=round_, player_id__in=gone).delete()
    written = [
        Score(round=round_, player_id=pid, points=points)
        for pid, points in scores.items()
        if before.get(pid) != points
    ]
    if written:
        Score.objects.bulk_create(
            written,
            update_conflicts=True,
            unique_fields=["round", "player"],
            update_fields=["points"],
        )
    return with_round(board, round_, scores)


def _record_edits(change: Change, edits: list[Edit]) -> None:
    for edit in edits:
        edit.change = change
    Edit.objects.bulk_create(edits)


def last_undoable(
    game: Game, newest: Sequence[Change] = (), *, every: bool = False
) -> Change | None:
    """The latest save or redo still in effect. `newest`: the game's latest changes, newest
    first, as the history shows them (`every`: all of them), read instead of the database."""
    for change in newest:
        if change.kind in (Change.Kind.SAVE, Change.Kind.REDO) and not change.undone:
            return change
    if every:
        return None
    return (
        game.changes.filter(kind__in=[Change.Kind.SAVE, Change.Kind.REDO], undone=False)
        .order_by("-version")
        .first()
    )


def last_redoable(
    game: Game, newest: Sequence[Change] = (), *, every: bool = False
) -> Change | None:
    """The latest undo not yet redone; a new save since then clears what can be redone.
    `newest` and `every` as for `last_undoable`."""
    for change in newest:
        if change.kind == Change.Kind.SAVE:
            return None
        if change.kind == Change.Kind.UNDO and not change.undone:
            return change
    if every:
        return None
    last_save = game.changes.filter(kind=Change.Kind.SAVE).order_by("-version").first()
    return (
        game.changes.filter(kind=Change.Kind.UNDO, undone=False)
        .filter(version__gt=last_save.version if last_save else 0)
        .order_by("-version")
        .first()
    )


def undo(*, game: Game, version: Any = None, actor: Actor) -> Board:
    """Reverse the latest save (or redo) that is still in effect (version None: whatever
    the board shows now)."""
    return _revert(
        game=game,
        version=version,
        actor=actor,
        kind=Change.Kind.UNDO,
        find=last_undoable,
        nothing={"undo": _("There is nothing to undo yet.")},
    )


def redo(*, game: Game, version: Any = None, actor: Actor) -> Board:
    """Put back what the latest undo took away (version None: whatever the board shows now)."""
    return _revert(
        game=game,
        version=version,
        actor=actor,
        kind=Change.Kind.REDO,
        find=last_redoable,
        nothing={"redo": _("There is nothing to redo.")},
    )


def _revert(*, game, version, actor, kind, find, nothing: dict[str, str]) -> Board:
    """Put back the values an earlier change replaced, as a new change of `kind`."""
    with transaction.atomic():
        game = _lock(game)
        _check_open(game, version, required=False)
        target = find(game)
        if target is None:
            raise Rejected(nothing)
        edits = list(target.edits.all())
        board = _apply(load_board(game), edits, use="old")
        target.undone = True
        target.save(update_fields=["undone"])
        change = _commit_change(
            board, kind=kind, actor=actor, round_number=target.round_number, reverts=target
        )
        _record_edits(change, [_flipped(e) for e in edits])
    return board


def _flipped(edit: Edit) -> Edit:
    return Edit(
        round_number=edit.round_number, player_id=edit.player_id, old=edit.new, new=edit.old
    )


def end_game(*, game: Game, version: Any = None, actor: Actor) -> Board:
    """Finish the game: winners by the ruleset (ties share the win), board read-only.

    Without a version the game ends as it stands; with one, only if it is still current.
    """
    with transaction.atomic():
        game = _lock(game)
        _check_open(game, version, required=False)
        board = load_board(game)
        _end(board, actor)
    return board


def set_deadline(*, game: Game, deadline, actor: Actor) -> Board:
    """Give the game a time limit: when `deadline` passes, the round then in play is the
    last (the first save after it calls time). Every screen shows when time is up."""
    with transaction.atomic():
        game = _lock(game)
        _check_open(game, None, required=False)
        game.deadline = deadline
        Game.objects.filter(pk=game.pk).update(deadline=deadline)
        board = load_board(game)
        _commit_change(board, kind=Change.Kind.CLOCK, actor=actor)
    return board


def call_time(*, game: Game, round_in_play: int, actor: Actor) -> Board:
    """Time is up: `round_in_play` (never fewer than the rounds already saved, never more
    than the game has) is the game's last round; no round starts after it, and saving it
    ends the game. A game with that round already saved ends now. A finished game, or one
    whose time was called already, is left as it is."""
    with transaction.atomic():
        game = _lock(game)
        board = load_board(game)
        if game.is_finished or game.time_called:
            return board
        return _call_time(board, round_in_play, actor)


def round_in_play(game: Game, at) -> int:
    """The round being played at the moment `at`: the one after the last saved before."""
    saved = Change.objects.filter(
        game=game, kind__in=[Change.Kind.SAVE, Change.Kind.REDO], at__lt=at
    ).aggregate(last=Max("round_number"))["last"]
    return (saved or 0) + 1


def _time_ran_out(game: Game) -> bool:
    """The game's deadline has passed and nobody has called time yet."""
    return (
        game.deadline is not None
        and game.time_called is None
        and not game.is_finished
        and timezone.now() >= game.deadline
    )


def _call_time(board: Board, round_in_play: int, actor: Actor) -> Board:
    """Make the round in play the game's last (inside the caller's transaction, the game
    locked), and end the game if that round is already saved."""
    game = board.game
    played = len(board.rounds)
    last = max(played, round_in_play, 1)
    if board.table.rounds is not None:
        last = min(last, max(board.table.rounds, played))
    game.last_round, game.time_called = last, timezone.now()
    Game.objects.filter(pk=game.pk).update(last_round=last, time_called=game.time_called)
    board = load_board(game)
    _commit_change(board, kind=Change.Kind.TIME, actor=actor, round_number=last)
    if board.next_round is None:
        _end(board, actor)
    return board


def reopen_game(*, game: Game, actor: Actor) -> Board:
    """Staff only: take back an End Game pressed by mistake."""
    with transaction.atomic():
        game = _lock(game)
        if not game.is_finished:
            raise Conflict(_("This game is still in progress."))
        board = load_board(game)
        _finish(board, finished=None, winners=set())
        _commit_change(board, kind=Change.Kind.REOPEN, actor=actor)
    return board


def _end(board: Board, actor: Actor) -> None:
    """End the game now, its leaders the winners, as a change of its own (inside the
    caller's transaction, the game locked)."""
    _finish(board, finished=timezone.now(), winners=board.leaders)
    _commit_change(board, kind=Change.Kind.END, actor=actor)


def _finish(board: Board, *, finished, winners: set[int]) -> None:
    """End the game at `finished` with `winners` (`Seat.won`, the one record of who won),
    or, with None, open it again with no winners; the board follows in memory."""
    game = board.game
    game.status = Game.Status.FINISHED if finished else Game.Status.IN_PROGRESS
    game.finished = finished
    Game.objects.filter(pk=game.pk).update(status=game.status, finished=finished)
    won = Case(When(player_id__in=winners, then=Value(True)), default=Value(False))
    Seat.objects.filter(game=game).update(won=won)
    for standing in board.standings:
        standing.seat.won = standing.player.id in winners
