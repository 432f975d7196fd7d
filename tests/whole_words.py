"""Whether a name reads whole on the page, measured in the browser: the lines its text is
drawn on, and the lines that begin or end inside a word (a line may end only after a
word or after a hyphen inside one)."""

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
