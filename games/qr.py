"""QR codes for a game's links, drawn on the server as inline SVG (no CDN, no images)."""

import functools
import re

import qrcode
import qrcode.image.svg
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

_SIZE_ATTRS = re.compile(r'\s(?:width|height)="[^"]*"')


# A page shows the same links on every load (a game's, its keeper's, a night's): each code
# is drawn once per process, not on every request (~5 ms of CPU each).
@functools.lru_cache(maxsize=1024)
def svg(data: str, *, label: str) -> SafeString:
    """An inline <svg> QR code for `data`, announced to screen readers as `label`."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    code.add_data(data)
    code.make(fit=True)
    image = code.make_image(image_factory=qrcode.image.svg.SvgPathImage)
    markup = image.to_string(encoding="unicode")
    # The library names its path id="qr-path"; two codes on one page must not share an id,
    # and CSS sizes the code, so drop the fixed millimetre width and height.
    markup = markup.replace(' id="qr-path"', "")
    markup = _SIZE_ATTRS.sub("", markup.split(">", 1)[0], count=2) + ">" + markup.split(">", 1)[1]
    attrs = f'<svg class="qr" role="img" aria-label="{escape(label)}" '
    return mark_safe(markup.replace("<svg ", attrs, 1))  # noqa: S308 - library output, label escaped
