"""`{{ sentence|elided }}`: a translated sentence filled in with a name, its French "de"
elided before a vowel (core/elision.py)."""

from django import template

from core import elision

register = template.Library()


@register.filter(is_safe=True)
def elided(sentence: str) -> str:
    return elision.elided(sentence)
