"""`{% phones_cannot_reach %}`: on a page of codes to scan (the table cards, the wall, a
tournament's overview), a sentence when the site is served on this computer's own
address, which no phone can open, saying how to serve the venue's network instead."""

from urllib.parse import urlsplit

from django import template

from core.site import absolute_url
from trainscore import venue_network

register = template.Library()


@register.inclusion_tag("phones_cannot_reach.html", takes_context=True)
def phones_cannot_reach(context: template.Context, *, short: bool = False) -> dict:
    """`short`: the wall's, in its header beside the code."""
    request = context.get("request")
    host = urlsplit(absolute_url(request, "/")).hostname if request else None
    if not host or not venue_network.is_loopback(host):
        return {"address": None}
    return {"address": host, "command": venue_network.serve_everywhere_command(), "short": short}
