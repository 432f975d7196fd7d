"""`{{ link|broken_between_parts }}`: a link shown on a wall or a card, that may break onto
a new line only after a "/" (between its address, its path and its code), never inside a
tournament's or a game's code, which a person copies by eye: not even at a hyphen in it
(each part is a `.link-part`, base.css)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def broken_between_parts(link: str) -> SafeString:
    parts = str(link).split("/")
    parts = [format_html('<span class="link-part">{}</span>', part) for part in parts]
    return mark_safe("/<wbr>".join(parts))  # noqa: S308 - format_html escaped each part
