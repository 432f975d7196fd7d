"""The rules modules' words in the reader's language, without importing Django.

`rules.rulesets`, `rules.table`, `rules.scoring` and `rules.seating` stay pure Python
(the import-linter contract `rules-pure`), yet their sentences reach people. They mark
them with the names xgettext looks for, as Django's own modules would:

- `_("…")` translates now; `ngettext(singular, plural, count)` picks the form a count
  needs; `pgettext(context, "…")` when one English word has two meanings;
- `gettext_noop("…")` marks words that are data at import time (ruleset and variant
  names); whoever shows them passes them through `_()` when they are read.

Until the rules app is ready these answer in English; `RulesConfig.ready()` installs
Django's translation functions, so in a running site they answer in the active language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["_", "either", "gettext_noop", "install", "ngettext", "pgettext"]


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def _english_in_context(context: str, message: str) -> str:
    return message


_gettext: Callable[[str], str] = _english
_ngettext: Callable[[str, str, int], str] = _english_plural
_pgettext: Callable[[str, str], str] = _english_in_context


def install(
    *,
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    pgettext: Callable[[str, str], str],
) -> None:
    """Translate from now on with these functions (Django's, from the rules app)."""
    global _gettext, _ngettext, _pgettext
    _gettext, _ngettext, _pgettext = gettext, ngettext, pgettext


def _(message: str) -> str:
    """The message in the active language."""
    return _gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural message, in the active language, as `count` needs."""
    return _ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """The message in the active language, in the sense `context` names."""
    return _pgettext(context, message)


def gettext_noop(message: str) -> str:
    """Marks a message for translation and returns it unchanged (English data)."""
    return message


def either(items: Sequence[str]) -> str:
    """Choices in words: "a", "a or b", "a, b or c"."""
    if len(items) < 2:
        return "".join(items)
    return _("%(items)s or %(last)s") % {
        "items": _(", ").join(items[:-1]),
        "last": items[-1],
    }
