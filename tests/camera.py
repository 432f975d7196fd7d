"""Reading QR codes as a phone's camera would, from a screenshot: the PNG Chromium takes,
opened with Pillow (the pictures' own imaging library) and handed to zxing-cpp."""

from io import BytesIO

import zxingcpp
from PIL import Image


def read_qr_codes(png: bytes) -> list[str]:
    """The text of every QR code in the picture."""
    with Image.open(BytesIO(png)) as image:
        return [code.text for code in zxingcpp.read_barcodes(image.convert("RGB"))]
