"""Every rule text has a Spanish and a French version with the same numbers and headings."""

import re
from collections import Counter
from pathlib import Path

import pytest

TEXTS = Path(__file__).resolve().parents[2] / "rules" / "texts"
ENGLISH = sorted(path.name for path in TEXTS.glob("*.md"))


def numbers(text):
    return sorted(re.findall(r"\d+", text))


def outline(text):
    """How many headings of each level (#, ##, ...) the text has."""
    return Counter(
        len(line) - len(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")
    )


def test_there_are_english_rule_texts_to_translate():
    assert "mexican-train.md" in ENGLISH


@pytest.mark.parametrize("language", ["es", "fr"])
@pytest.mark.parametrize("name", ENGLISH)
def test_a_translated_rule_text_keeps_the_english_numbers_and_headings(name, language):
    english = (TEXTS / name).read_text(encoding="utf-8")
    translated_path = TEXTS / language / name
    assert translated_path.is_file(), f"rules/texts/{language}/{name} is missing"
    translated = translated_path.read_text(encoding="utf-8")
    assert numbers(translated) == numbers(english)
    assert outline(translated) == outline(english)
