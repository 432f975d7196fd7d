"""`{{ link|broken_between_parts }}`: a link shown on a wall or a card, that may break onto
a new line only after a "/" (between its address, its path and its code), never inside a
tournament's or a game's code, which a person copies by eye."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def broken_between_parts(link: str) -> SafeString:
    parts = [conditional_escape(part) for part in str(link).split("/")]
    return mark_safe("/<wbr>".join(parts))  # noqa: S308 - each part is escaped above
