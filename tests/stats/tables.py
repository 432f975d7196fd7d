"""Read a page's tables the way a person does: rows of cell texts."""

from html.parser import HTMLParser


class _Tables(HTMLParser):
    def __init__(self, css_class: str):
        super().__init__()
        self.css_class = css_class
        self.depth = 0  # >0 while inside the wanted table
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.in_body = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        wanted = self.css_class in (attrs.get("class") or "").split()
        if tag == "table" and (self.depth or wanted):
            self.depth += 1
        if not self.depth:
            return
        if tag == "tbody":
            self.in_body = True
        elif tag == "tr" and self.in_body:
            self.rows.append([])
        elif tag in ("td", "th") and self.in_body:
            self.cell = []

    def handle_endtag(self, tag):
        if not self.depth:
            return
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tbody":
            self.in_body = False
        elif tag == "table":
            self.depth -= 1

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def body_rows(html: str, css_class: str) -> list[list[str]]:
    """The text of each body row of the table with this class."""
    parser = _Tables(css_class)
    parser.feed(html)
    return parser.rows
