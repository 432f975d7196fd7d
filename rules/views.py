"""The rules pages: the list of games and one page per game."""

from pathlib import Path

import markdown
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from rules import rulesets
from rules.at_the_table import card

TEXTS = Path(__file__).resolve().parent / "texts"


def rule_text(slug: str, language: str | None = None) -> SafeString:
    """The game's rules in `language` (default: the active one), from the editable
    Markdown file rules/texts/<language>/<slug>.md, or the English rules/texts/<slug>.md
    for English and any language without its own text."""
    code = (language or get_language() or "en").split("-")[0]
    translated = TEXTS / code / f"{slug}.md"
    path = translated if code != "en" and translated.is_file() else TEXTS / f"{slug}.md"
    html = markdown.markdown(path.read_text(encoding="utf-8"), extensions=["tables"])
    # The texts are files in this repository, written by us, never player input.
    return mark_safe(html)  # noqa: S308


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"rulesets": rulesets.ALL})


@require_safe
def detail(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        ruleset = rulesets.get(slug)
    except rulesets.UnknownRuleset:
        context = {"rulesets": rulesets.ALL, "slug": slug}
        return render(request, "rules/not_found.html", context, status=404)
    context = {"ruleset": ruleset, "card": card(ruleset), "text": rule_text(slug)}
    return render(request, "rules/detail.html", context)
