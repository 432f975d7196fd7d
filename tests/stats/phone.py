"""A phone for the record pages' browser tests: 390x844 with touch, and the no-panning check."""

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def fits_the_screen(page) -> bool:
    """Nothing on the page is wider than the screen, so it never pans sideways."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
