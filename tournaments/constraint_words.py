"""Seating constraints as staff type them, on the new-tournament form and the command
line: "Ann+Bob, Cy+Di" (groups kept apart) and "Ed=1" (Ed stays at table 1),
parts separated by commas or lines. What the names and tables must be is checked with the
other settings (tournaments/settings_check.py)."""

import re

from django.utils.translation import gettext as _

from core.rejections import Rejected

_PARTS = re.compile(r"[,\n]")


def _parts(text: str) -> list[str]:
    return [part.strip() for part in _PARTS.split(text or "") if part.strip()]


def read_apart(text: str) -> tuple[tuple[str, ...], ...]:
    """ "Ann+Bob, Cy+Di" → (("Ann", "Bob"), ("Cy", "Di"))."""
    return tuple(tuple(name.strip() for name in part.split("+")) for part in _parts(text))


def read_fixed(text: str) -> tuple[tuple[str, int], ...]:
    """ "Ed=1, Fay = 2" → (("Ed", 1), ("Fay", 2)); Rejected (field "fixed") for a part
    that does not say a name and a table number."""
    fixed = []
    for part in _parts(text):
        name, equals, table = (word.strip() for word in part.partition("="))
        if not equals or not name or not table.isdigit():
            sentence = _(
                "Fixed table: write each as name = table number, such as “Ed = 1”; %(part)s is not."
            )
            raise Rejected({"fixed": sentence % {"part": repr(part)}})
        fixed.append((name, int(table)))
    return tuple(fixed)
