"""The README and the guides in docs/, as the tests that hold them to the code read them."""

from tests.servers import ROOT

DOCS = ROOT / "docs"


def readme() -> str:
    return (ROOT / "README.md").read_text()


def guide(name: str) -> str:
    """One guide of docs/, by its file name."""
    return (DOCS / name).read_text()


def every_page() -> dict[str, str]:
    """The README and every guide, by their path in the checkout."""
    pages = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
    return {page.relative_to(ROOT).as_posix(): page.read_text() for page in pages}
