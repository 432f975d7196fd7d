"""Reading a result picture back as a person would: is this text on it, drawn in the font's
own glyphs (no empty boxes)?

The drawing says where it put each text (pictures/drawing.py's `Picture.texts`). The
tests draw the expected words again, on their own, with the font file itself through
Pillow, and compare the ink with that part of the served PNG: the picture holds those
words there only if the two match. fontTools reads the font's character map, so every
character drawn is one the font has a glyph for."""

import io
from collections import Counter
from functools import cache

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

from pictures.drawing import BOLD, REGULAR, Text


@cache
def characters_of(path) -> frozenset[int]:
    """Every character the font file has a glyph for."""
    return frozenset(TTFont(path).getBestCmap())


def missing_glyphs(text: Text) -> set[str]:
    """The characters of `text` its font would draw as an empty box."""
    have = characters_of(BOLD if text.bold else REGULAR)
    return {c for c in text.text if ord(c) not in have}


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def ink(image: Image.Image, box) -> list[bool]:
    """Which pixels of `box` are ink: nearer the text's colour than the ground's, the ground
    being the commonest shade there (dark names on the page or the leader's band, the state
    light on the accent)."""
    gray = image.convert("L").crop(box).tobytes()
    ground = Counter(gray).most_common(1)[0][0]
    reach = max(abs(value - ground) for value in gray)
    return [abs(value - ground) * 2 > reach for value in gray]


def drawn_alone(text: Text, size: tuple[int, int]) -> tuple[Image.Image, tuple]:
    """The text drawn by itself, dark on white, where the picture says it drew it; and
    the box its ink covers."""
    font = ImageFont.truetype(str(BOLD if text.bold else REGULAR), text.size)
    image = Image.new("RGB", size, "white")
    ImageDraw.Draw(image).text((text.x, text.y), text.text, font=font, fill="black",
                               anchor=text.anchor)  # fmt: skip
    box = ImageDraw.Draw(image).textbbox((text.x, text.y), text.text, font=font,
                                         anchor=text.anchor)  # fmt: skip
    return image, box


def reads(picture: Image.Image, text: Text) -> float:
    """How closely that part of the picture matches the text drawn alone: the share of
    the ink of either that both have (1.0: the very same pixels)."""
    alone, box = drawn_alone(text, picture.size)
    expected, found = ink(alone, box), ink(picture, box)
    either = sum(1 for a, b in zip(expected, found, strict=True) if a or b)
    both = sum(1 for a, b in zip(expected, found, strict=True) if a and b)
    return both / either if either else 0.0
