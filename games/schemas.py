"""The API's bodies: what a write may send and what every answer holds (the snapshot's
shape is the contract in docs/api.md). The night's API answers with the same snapshot."""

from typing import Literal

from ninja import Schema
from pydantic import ConfigDict, Field, StrictInt


class Strict(Schema):
    model_config = ConfigDict(extra="forbid")


class RoundIn(Strict):
    scores: dict[str, StrictInt] = Field(
        description="Points for every seated player, keyed by player id.",
        examples=[{"12": 0, "13": 27}],
    )
    engine: StrictInt | None = Field(
        default=None,
        description="The double that started the round (12 for the 12|12), "
        "or null where the ruleset records none.",
    )
    version: StrictInt = Field(description="The snapshot version this change was based on.")


class VersionIn(Strict):
    # Left out (or no body at all): the change applies to the board as it stands. A
    # default is not validated, so an explicit null is still refused as not a number.
    version: StrictInt = Field(
        default=None,
        description="The snapshot version this change was based on; when it is stale the "
        "answer is 409. Leave it out (or send no body) to act on the board as it stands.",
    )


class RulesetOut(Schema):
    slug: str
    name: str
    variant: str | None
    set: int
    lower_wins: bool


class PlayerOut(Schema):
    id: int
    name: str
    seat: int
    total: int
    place: int


class RoundOut(Schema):
    number: int
    engine: int | None
    scores: dict[str, int]


class Snapshot(Schema):
    code: str
    version: int
    status: Literal["in_progress", "finished"]
    ruleset: RulesetOut
    players: list[PlayerOut]
    rounds: list[RoundOut]
    schedule: list[int | None] | None
    winners: list[int]


class Stale(Snapshot):
    detail: str


class Message(Schema):
    detail: str


class Invalid(Schema):
    detail: str
    errors: dict[str, str]
