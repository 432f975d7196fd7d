"""Whether a name reads whole on the page, measured in the browser: the lines its text is
drawn on, and the lines that begin or end inside a word (a line may end only after a
word or after a hyphen inside one); and the standings' names, which shrink and then
show a short form rather than break (static/js/names.js)."""

import re

# A text's rendered lines, from the line box of each character of the element's first text.
LINES_OF = """(element) => {
  const text = element.firstChild;
  const lines = [];
  let top = null;
  for (let i = 0; i < text.length; i += 1) {
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const box = range.getClientRects()[0];
    if (!box) continue;
    if (top === null || box.top > top + 1) {
      lines.push("");
      top = box.top;
    }
    lines[lines.length - 1] += text.data[i];
  }
  return lines.map((line) => line.trim());
}"""

# Every element a selector finds that is shown: its text and that text's lines.
SHOWN_LINES = f"""(selector) => [...document.querySelectorAll(selector)]
  .filter((element) => element.getClientRects().length > 0)
  .map((element) => ({{shown: element.firstChild.data.trim(), lines: ({LINES_OF})(element)}}))"""


def pieces(text: str) -> list[str]:
    """Where a line may end: after a word, or after a hyphen inside one."""
    return re.findall(r"[^\s-]+-?|-", text)


def words_cut(text: dict) -> list[str]:
    """The lines of a text (`shown`, `lines`) that begin or end inside a word."""
    whole = set(pieces(text["shown"]))
    return [line for line in text["lines"] if not set(pieces(line)) <= whole]


# Each name in the standings lists a selector finds: the name, the text shown for it (a
# short form is in its own span), that text's lines, its font size and what screen
# readers get instead.
STANDING_LINES = f"""(lists) => [...document.querySelectorAll(`${{lists}} .standing-name`)]
  .filter((name) => name.getClientRects().length > 0)
  .map((name) => {{
    const seen = name.querySelector(".short-name") ?? name;
    return {{
      name: name.dataset.name ?? name.firstChild.data.trim(),
      shown: seen.firstChild.data.trim(),
      lines: ({LINES_OF})(seen),
      px: parseFloat(getComputedStyle(name).fontSize),
      heard: seen === name ? null : seen.nextElementSibling.textContent,
    }};
  }})"""


def check_standings(page, lists: str, names, floor: float = 24) -> list[dict]:
    """No name in the standings is cut inside a word: each shows whole, or shrunk (never
    under `floor` px), or past that as a short form with the full name for screen readers."""
    standings = page.evaluate(STANDING_LINES, lists)
    assert sorted(name["name"] for name in standings) == sorted(names)
    for name in standings:
        assert words_cut(name) == [], f"{name['shown']} is cut inside a word: {name['lines']}"
        assert name["px"] >= floor, f"{name['name']} is {name['px']} px"
        if name["shown"] != name["name"]:
            assert name["px"] == floor, f"{name['name']} is shortened before shrinking"
            assert name["heard"] == name["name"], "screen readers get the whole name"
            assert name["name"].startswith(name["shown"].rstrip("…").split(" ")[0])
    return standings
