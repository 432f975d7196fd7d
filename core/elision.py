"""French elides "de" before a vowel: "Qualification 1 d'Autumn Open", not "de Autumn Open".
A translated sentence ends up so when a name (a tournament's, a player's) follows its
"de"; the translator cannot know the name, so the sentence is mended once filled in."""

import re

from django.utils.translation import get_language

from core.collation import folded

# "de" as a word, before a word; elided when that word begins with a vowel, accented or
# not (an "h" is left alone: "de Hollande" keeps it, and which names are so is not for a
# rule to guess).
_DE_BEFORE_A_WORD = re.compile(r"\b([Dd])e (?=(\w))")
VOWELS = "aeiouy"


def elided(text: str, *, language: str | None = None) -> str:
    """`text` with French elision made, when it is French (the active language)."""
    language = (get_language() or "") if language is None else language
    if language.split("-")[0] != "fr":
        return text
    return _DE_BEFORE_A_WORD.sub(
        lambda de: f"{de[1]}'" if folded(de[2])[:1] in VOWELS else de[0], text
    )
