"""The rules pages: the list of games and one page per game."""

from pathlib import Path

import markdown
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_safe

from rules import rulesets
from rules.at_the_table import card

TEXTS = Path(__file__).resolve().parent / "texts"


def rule_text(slug: str) -> SafeString:
    """The game's rules, from the editable Markdown file rules/texts/<slug>.md."""
    source = (TEXTS / f"{slug}.md").read_text(encoding="utf-8")
    html = markdown.markdown(source, extensions=["tables"])
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
