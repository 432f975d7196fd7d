"""Reading QR codes as a phone's camera would, from a screenshot: the PNG Chromium takes,
decoded here (zlib and PNG's row filters, no imaging library), and handed to zxing-cpp."""

import struct
import zlib

import zxingcpp

_CHANNELS = {2: (3, zxingcpp.ImageFormat.RGB), 6: (4, zxingcpp.ImageFormat.RGBA)}


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def pixels(png: bytes) -> tuple[bytes, int, int, "zxingcpp.ImageFormat"]:
    """The pixels of an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, data, header = 8, b"", None
    while at < len(png):
        (size,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + size]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data += body
        at += 12 + size
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in _CHANNELS and not interlace, header
    step, image_format = _CHANNELS[colour]
    raw = zlib.decompress(data)
    stride = width * step
    out = bytearray()
    previous = bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                corner = previous[i - step] if i >= step else 0
                line[i] = (line[i] + _paeth(left, up, corner)) & 0xFF
        out += line
        previous = line
    return bytes(out), width, height, image_format


def read_qr_codes(png: bytes) -> list[str]:
    """The text of every QR code in the picture."""
    data, width, height, image_format = pixels(png)
    image = zxingcpp.ImageView(data, width, height, image_format)
    return [code.text for code in zxingcpp.read_barcodes(image)]
