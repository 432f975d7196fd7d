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
    th.textContent = shortForm(th, name, shown);
    shown.add(th.textContent);
  }
}

// The first name and the last name's initial, if that fits; else the most first letters
// (and "…") that fit, found by halving (each try is a layout), fewer if that is taken.
function shortForm(th, name, shown) {
  const fits = (text) => {
    th.textContent = text;
    return !overflows(th);
  };
  const words = name.split(/\s+/);
  const initial = `${words[0]} ${words.at(-1)[0]}.`;
  if (words.length > 1 && !shown.has(initial) && fits(initial)) return initial;
  const letters = (count) => `${name.slice(0, count).trimEnd()}…`;
  let [fewest, most] = [1, name.length - 1];
  while (fewest < most) {
    const middle = Math.ceil((fewest + most) / 2);
    if (fits(letters(middle))) fewest = middle;
    else most = middle - 1;
  }
  let count = fewest;
  while (count > 1 && shown.has(letters(count))) count -= 1;
  return letters(count);
}
