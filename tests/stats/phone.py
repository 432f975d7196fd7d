"""A phone for the record pages' browser tests: 390x844 with touch, and the no-panning check."""

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def fits_the_screen(page) -> bool:
    """Nothing on the page is wider than the screen, so it never pans sideways. Measured
    against the window's own width: on a mobile browser innerWidth grows with a page
    wider than the phone, so it could not tell."""
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
