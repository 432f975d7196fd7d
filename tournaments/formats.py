"""A tournament's fixed vocabularies (no database), as the API, the pages and the commands
name them (docs/api.md, "Tournaments"): its formats, the state of a stage, of an entrant
and of the tournament, and which stage is its last."""

from enum import StrEnum


class Format(StrEnum):
    HEATS_FINAL = "heats-final"
    ROTATION = "rotation"
    PROGRESSIVE = "progressive"


class StageStatus(StrEnum):
    SEATED = "seated"
    """No round saved and the clock not started: players find their tables."""
    PLAYING = "playing"
    TIME_CALLED = "time_called"
    """The clock ran out: each table finishes the round it is playing."""
    FINISHED = "finished"
    """Every table has ended."""


PLAYS_ON = (StageStatus.PLAYING, StageStatus.TIME_CALLED)
"""A stage being played: its tables still save rounds."""


class EntrantStatus(StrEnum):
    """An entrant's line in the standings."""

    PLAYING = "playing"
    OUT = "out"
    """Heats: not through to the stage being played."""
    WITHDRAWN = "withdrawn"


class TournamentStatus(StrEnum):
    SEATING = "seating"
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


def is_last_stage(format: str, *, number: int, final: bool, games: int | None) -> bool:
    """Whether stage `number` ends the tournament once played: heats end with their final,
    rotation and progressive tables after their `games`."""
    if format == Format.HEATS_FINAL:
        return final
    return number >= (games or 0)
