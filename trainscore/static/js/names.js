// Players' names over the board's columns on the big screen and the wall, read across a
// room (screen.js, night_screen.js). A name breaks only at a break of its own, a space or
// after a hyphen, never inside a word (screen.css, nights.css). A name with a word wider
// than its column shrinks until it fits, down to FLOOR_PX; one that still does not fit
// shows a short form unique at the table (first name and initial, or its first letters
// and "…") and keeps its full name for screen readers and as a tooltip. The standings
// beside the board show every name whole.

const FLOOR_PX = 24;

export function fitNames(grid) {
  const cells = [...grid.querySelectorAll("thead th[data-player]")];
  for (const th of cells) {
    th.style.removeProperty("font-size");
    if (th.dataset.name) th.textContent = th.dataset.name; // an earlier short form
  }
  const cramped = cells.filter((th) => !shrinkToFit(th));
  shorten(cramped, cells);
}

function overflows(th) {
  return th.scrollWidth > th.clientWidth + 0.5;
}

function shrinkToFit(th) {
  if (!overflows(th)) return true;
  // Text widths scale with the font size: start from the ratio, then step down.
  const styled = parseFloat(getComputedStyle(th).fontSize);
  let size = Math.max(FLOOR_PX, Math.floor((styled * th.clientWidth) / th.scrollWidth));
  th.style.fontSize = `${size}px`;
  while (overflows(th) && size > FLOOR_PX) {
    size -= 1;
    th.style.fontSize = `${size}px`;
  }
  return !overflows(th);
}

function shorten(cramped, cells) {
  const shown = new Set(cells.filter((th) => !cramped.includes(th)).map((th) => th.textContent));
  for (const th of cramped) {
    const name = th.textContent.trim();
    th.dataset.name = name;
    th.title = name;
    th.setAttribute("aria-label", name);
    for (const short of shortForms(name)) {
      if (shown.has(short)) continue;
      th.textContent = short;
      if (!overflows(th)) break;
    }
    shown.add(th.textContent);
  }
}

function* shortForms(name) {
  const words = name.split(/\s+/);
  if (words.length > 1) yield `${words[0]} ${words.at(-1)[0]}.`;
  for (let length = name.length - 1; length > 0; length -= 1) {
    yield `${name.slice(0, length).trimEnd()}…`;
  }
}
