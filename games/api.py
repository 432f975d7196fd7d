"""The JSON API (django-ninja): snapshot reads for anyone with the code, writes with the key.

Answers (the contract in docs/api.md):
- 200 and the snapshot;
- 401 `{"detail"}` and `WWW-Authenticate: Bearer` when a write carries no key;
- 403 `{"detail"}` for a wrong key; 429 `{"detail"}` and `Retry-After` after too many;
- 404 `{"detail"}` for an unknown game;
- 409 the current snapshot plus `"detail"` when `version` is stale or the game ended;
- 422 `{"detail", "errors": {field: sentence}}` for bad input, fields named like
  `scores.12`, `engine`, `version`, `number` (the round in the path) or `body`; each
  endpoint's sentences describe its own body (end, undo and redo: `{"version": int}` or none).

Validation lives in `games.scorekeeping`; the schemas here only refuse what is not
JSON of the right shape (strict integers: "5", 5.0 and true are not scores).

The `detail` and `errors` sentences are in the request's language (Accept-Language, or the
language cookie); the keys and the field names inside the sentences never change. The
OpenAPI description below is the developers' documentation and stays in English.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import HttpError, ValidationError
from ninja.security import HttpBearer

from core.rejections import Conflict, Rejected
from games import access, scorekeeping
from games.models import Change, Game
from games.outcome import names_list
from games.schemas import Invalid, Message, RoundIn, Snapshot, Stale, VersionIn
from games.snapshot import load_board

api = NinjaAPI(
    title="TrainScore API",
    description="""Read a game with its code; change it with its scorekeeper key, sent as
`Authorization: Bearer <key>`. A round carries the `version` of the board it was
based on, so nothing is overwritten silently. End, undo and redo take the same
`{"version": int}` as an optional body: with it, a stale version is refused (409); with
no body (or `{}`) they act on the board as it stands.

Answers:
- **200**: the game's snapshot (the same one every live viewer receives).
- **401** `{"detail"}` and `WWW-Authenticate: Bearer`: the write carried no key.
- **403** `{"detail"}`: the key is not this game's.
- **404** `{"detail"}`: no game has this code.
- **409**: the latest snapshot plus `"detail"`: your `version` is stale, or the game has
  ended. Look at the latest board, then send the change again if it is still needed.
- **422** `{"detail", "errors": {"<field>": "<sentence>"}}`: bad input. Fields are named
  `scores`, `scores.<player id>`, `engine`, `version`, `number` (the round in the
  address), `body`, or the name of a field that does not belong.
- **429** `{"detail"}` and `Retry-After`: too many wrong keys from this client.

A refused change changes nothing. Sending the very same round twice saves it once.""",
    urls_namespace="api",
    docs_url="/docs",
)

RETRY_AFTER_SECONDS = 60  # wrong-key guesses are counted per minute (games.keys)


WRITE_ANSWERS = {
    200: Snapshot,
    401: Message,
    403: Message,
    404: Message,
    409: Stale,
    422: Invalid,
    429: Message,
}


# --- The scorekeeper key ---------------------------------------------------------


class KeyRefused(Exception):
    def __init__(self, outcome: str):
        self.outcome = outcome


class ScorekeeperKey(HttpBearer):
    """The game's scorekeeper key as a bearer token; answers with the game it opens."""

    def __call__(self, request: HttpRequest) -> Game:
        game = _game(request.resolver_match.kwargs["code"])
        scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
        key = token.strip() if scheme.lower() == "bearer" else ""
        outcome = access.check_key(request, game, key)
        if outcome != access.KeyCheck.OK:
            raise KeyRefused(outcome)
        return game

    def authenticate(self, request: HttpRequest, token: str) -> Game:  # pragma: no cover
        raise NotImplementedError("__call__ does the whole check")


def _game(code: str) -> Game:
    try:
        return Game.objects.get(code=code)
    except Game.DoesNotExist:
        sentence = _("There is no game with this code; check the link you were given.")
        raise Http404(sentence) from None


# --- Endpoints -------------------------------------------------------------------


@api.api_operation(  # HEAD too, for monitors and link previews
    ["GET", "HEAD"],
    "/games/{code:code}",
    response={200: Snapshot, 404: Message},
    summary="Read a game",
)
def read_game(request: HttpRequest, code: str):
    """The game's snapshot. Anyone with the code may read it."""
    return load_board(_game(code)).snapshot


@api.put(
    "/games/{code:code}/rounds/{n}",
    auth=ScorekeeperKey(),
    response=WRITE_ANSWERS,
    summary="Save or correct a round",
    url_name="save_round",
)
def save_round(request: HttpRequest, code: str, n: int, payload: RoundIn):
    """Save round `n` (the next one) or correct an earlier one; every player is scored."""
    return _write(
        request,
        scorekeeping.record_round,
        number=n,
        scores=payload.scores,
        engine=payload.engine,
        version=payload.version,
        # Read before the write lock is taken, so the lock is held for less: used as it
        # is unless the game changed meanwhile (then read again under the lock).
        board=load_board(request.auth),
    )


@api.post(
    "/games/{code:code}/end",
    auth=ScorekeeperKey(),
    response=WRITE_ANSWERS,
    summary="End",
    url_name="end_game",
)
def end_game(request: HttpRequest, code: str, payload: VersionIn | None = None):
    """End the game: the winners are set by the ruleset (a tie shares the win)."""
    return _write(request, scorekeeping.end_game, version=_version(payload))


@api.post(
    "/games/{code:code}/undo",
    auth=ScorekeeperKey(),
    response=WRITE_ANSWERS,
    summary="Undo",
    url_name="undo",
)
def undo(request: HttpRequest, code: str, payload: VersionIn | None = None):
    """Take back the latest change to the scores that is still in effect."""
    return _write(request, scorekeeping.undo, version=_version(payload))


@api.post(
    "/games/{code:code}/redo",
    auth=ScorekeeperKey(),
    response=WRITE_ANSWERS,
    summary="Redo",
    url_name="redo",
)
def redo(request: HttpRequest, code: str, payload: VersionIn | None = None):
    """Put back what the latest undo took away."""
    return _write(request, scorekeeping.redo, version=_version(payload))


def _version(payload: VersionIn | None) -> int | None:
    return payload.version if payload is not None else None


def _write(request: HttpRequest, change, **arguments):
    game: Game = request.auth
    actor = access.actor(request, source=Change.Source.API)
    try:
        board = change(game=game, actor=actor, **arguments)
    except Rejected as exc:
        return api.create_response(request, _invalid(request, exc.errors), status=422)
    except Conflict as exc:
        game.refresh_from_db()
        latest = {"detail": str(exc), **load_board(game).snapshot}
        return api.create_response(request, latest, status=409)
    return board.snapshot


# --- Refusals --------------------------------------------------------------------

# Each write's sentences name its own body: a round for save_round; for the others, what
# they do with no version (or no body at all), and what "nothing changed" means. The
# sentences are made per request, in its language; JSON in them is a placeholder.
ROUND_EXAMPLE = '{"scores": {"12": 5}, "engine": 12, "version": 3}'
VERSION_EXAMPLE = '{"version": 3}'


def _endpoint(request: HttpRequest) -> str:
    return request.resolver_match.url_name


def _invalid(request: HttpRequest, errors: dict[str, str]) -> dict:
    """The 422 answer: a sentence naming the fields, and a sentence for each field."""
    if set(errors) <= {"undo", "redo"}:  # nothing to correct: there is nothing to undo
        return {"detail": " ".join(errors.values()), "errors": errors}
    return {"detail": _not_done(_endpoint(request), list(errors)), "errors": errors}


def _not_done(endpoint: str, fields: list[str]) -> str:
    if endpoint == "save_round":
        # Translators: fields names fields of the request, left as they are.
        sentence = _("Nothing was saved; correct %(fields)s, then send it again.")
    elif endpoint == "end_game":
        # Translators: fields names fields of the request, left as they are.
        sentence = _("The game was not ended; correct %(fields)s, then send it again.")
    elif endpoint == "undo":
        # Translators: fields names fields of the request, left as they are.
        sentence = _("Nothing was undone; correct %(fields)s, then send it again.")
    elif endpoint == "redo":
        # Translators: fields names fields of the request, left as they are.
        sentence = _("Nothing was put back; correct %(fields)s, then send it again.")
    else:
        # Translators: fields names fields of the request, left as they are.
        sentence = _("Nothing was changed; correct %(fields)s, then send it again.")
    return sentence % {"fields": names_list(fields)}


def _body_sentence(endpoint: str) -> str:
    if endpoint == "end_game":
        sentence = _(
            # Translators: example is a JSON object, left as it is.
            "Send no body to end the game as it stands, or a JSON object such as %(example)s."
        )
    elif endpoint == "undo":
        sentence = _(
            # Translators: example is a JSON object, left as it is.
            "Send no body to undo the latest change, or a JSON object such as %(example)s."
        )
    elif endpoint == "redo":
        sentence = _(
            # Translators: example is a JSON object, left as it is.
            "Send no body to put back what the latest undo took away, or a JSON object "
            "such as %(example)s."
        )
    else:
        # Translators: example is a JSON object, left as it is.
        sentence = _("Send the body as a JSON object, such as %(example)s.")
        return sentence % {"example": ROUND_EXAMPLE}
    return sentence % {"example": VERSION_EXAMPLE}


def _version_sentence(endpoint: str) -> str:
    if endpoint == "end_game":
        return _(
            "Send the version of the board this change was based on, as a whole number, "
            "or leave it out to end the game as it stands."
        )
    if endpoint == "undo":
        return _(
            "Send the version of the board this change was based on, as a whole number, "
            "or leave it out to undo the latest change."
        )
    if endpoint == "redo":
        return _(
            "Send the version of the board this change was based on, as a whole number, "
            "or leave it out to put back what the latest undo took away."
        )
    return _("Send the version of the board this change was based on, as a whole number.")


@api.exception_handler(KeyRefused)
def key_refused(request: HttpRequest, exc: KeyRefused) -> HttpResponse:
    if exc.outcome == access.KeyCheck.MISSING:
        # Translators: header is the HTTP header to send, left as it is.
        detail = _("Changing a game needs its scorekeeper key; send it as %(header)s.") % {
            "header": "'Authorization: Bearer <key>'"
        }
        response = api.create_response(request, {"detail": detail}, status=401)
        response["WWW-Authenticate"] = 'Bearer realm="TrainScore"'
        return response
    if exc.outcome == access.KeyCheck.THROTTLED:
        detail = _(
            "Too many wrong keys came from here for this game; wait a minute, "
            "then send the key from the scorekeeper link."
        )
        response = api.create_response(request, {"detail": detail}, status=429)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    detail = _(
        "That key does not keep score for this game; copy it again from the "
        "scorekeeper link you were given."
    )
    return api.create_response(request, {"detail": detail}, status=403)


@api.exception_handler(Http404)
def unknown_code(request: HttpRequest, exc: Http404) -> HttpResponse:
    """404 `{"detail": sentence}` for a code nothing has, the sentence naming what was
    looked for: raised here for a game, by nights/api.py and tournaments/api.py (routers
    on this API) for a night or a tournament, as their pages raise it."""
    return api.create_response(request, {"detail": str(exc)}, status=404)


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    # ninja answers a body that is not JSON with 400; the contract says 422, naming "body".
    if exc.status_code == 400 and isinstance(exc.__cause__, ValueError):
        errors = {"body": _body_sentence(_endpoint(request))}
        return api.create_response(request, _invalid(request, errors), status=422)
    return api.create_response(request, {"detail": str(exc)}, status=exc.status_code)


@api.exception_handler(ValidationError)
def schema_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """ninja's own validation errors, in the same shape as the service's refusals."""
    errors: dict[str, str] = {}
    endpoint = _endpoint(request)
    for error in exc.errors:
        field = _field(error.get("loc", ()))
        errors.setdefault(field, _sentence(endpoint, field, error))
    return api.create_response(request, _invalid(request, errors), status=422)


def _field(loc: tuple) -> str:
    """("body", "payload", "scores", "12") → "scores.12"; ("path", "n") → "number"."""
    where, *rest = [str(part) for part in loc] or ["body"]
    if where == "path":
        return "number"
    rest = rest[1:] if where == "body" else rest  # drop the payload argument's name
    return ".".join(rest) or "body"


def _sentence(endpoint: str, field: str, error: dict) -> str:
    kind = error.get("type", "")
    if kind == "extra_forbidden":
        # Translators: field is the name of a JSON field, left as it is.
        return _("%(field)s is not part of this request; leave it out.") % {"field": field}
    if field.startswith("scores."):
        # Translators: field is the name of a JSON field such as scores.12, left as it is.
        sentence = _('Send %(field)s as a whole number of points, such as 12 (not "12" or 12.0).')
        return sentence % {"field": field}
    if field == "body":
        return _body_sentence(endpoint)
    if field == "version":
        return _version_sentence(endpoint)
    if field == "scores":
        return _("Send the scores as a JSON object from player id to points.")
    if field == "engine":
        return _("Send the engine as the number on the double (12 for the 12|12), or null.")
    if field == "number":
        return _("Put the round number in the address as a whole number, such as rounds/3.")
    # Translators: field is the name of a JSON field, left as it is; problem is the
    # validator's own explanation (in English).
    return _("Check %(field)s: %(problem)s.") % {
        "field": field,
        "problem": error.get("msg", _("it is not valid")),
    }
