"""Names in the order a reader of the page's language expects: an accented letter sorts
with its base letter ("Ólafur" before "Zoë", "Émile" among the E's), case aside; in
Spanish "ñ" is a letter of its own, after "n". Pure Python (no ICU, no locale of the
machine), so every server and test sorts alike.

`folded` is also what the players' names are compared by (players/names.py): the same
person typed with another case or without an accent."""

import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

from django.utils.translation import get_language

T = TypeVar("T")

# Letters Unicode does not decompose into a base letter and a mark.
_BASE_LETTERS = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i"}
)
# A letter a language sorts on its own, kept out of the folding and placed after its base
# letter (the last character there is, so "Muñoz" comes after every "Mun…").
_OWN_LETTERS = {"es": {"ñ": "n\U0010ffff"}}


def folded(text: str, *, language: str = "") -> str:
    """`text` with its spaces collapsed, its case folded and its accents taken off (the
    letters `language` sorts on their own kept)."""
    own = _OWN_LETTERS.get(language.split("-")[0], {})
    text = " ".join(text.split()).casefold()
    letters = []
    for letter in text:
        if letter in own:
            letters.append(own[letter])
            continue
        base = unicodedata.normalize("NFD", letter)
        letters.append("".join(c for c in base if not unicodedata.combining(c)))
    return "".join(letters).translate(_BASE_LETTERS)


def name_key(name: str, *, language: str | None = None) -> tuple[str, str]:
    """The key that sorts names for a reader of `language` (the active one by default):
    by their letters, then (the same letters) as typed, so the order is always the same."""
    language = (get_language() or "") if language is None else language
    return (folded(name, language=language), name)


def by_name(
    items: Iterable[T], *, name: Callable[[T], str] = str, language: str | None = None
) -> list[T]:
    """`items` sorted by their `name`, for a reader of `language` (the active one)."""
    language = (get_language() or "") if language is None else language
    return sorted(items, key=lambda item: name_key(name(item), language=language))
