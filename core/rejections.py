"""A change refused, and why: every app's services raise these, and every view, API call
and command turns them into the sentence a person reads.

A refused change writes nothing. `Rejected` is bad input, with a sentence per field;
`Conflict` is a change based on an old version of a game, or made to a finished one.
"""


class Rejected(Exception):
    """Bad input; `errors` maps a field ("number", "engine", "scores.<id>") to a sentence."""

    def __init__(self, errors: dict[str, str]):
        self.errors = errors
        super().__init__(" ".join(errors.values()))


class Conflict(Exception):
    """The change was based on an old version, or the game is finished."""
