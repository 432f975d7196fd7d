// Players' names read across a room, on the big screen and the wall (screen.js,
// night_screen.js): over the board's columns, and in the standings (the big screen's,
// and the night page's cards: night.js). A name breaks only at a break of its own, a
// space or after a hyphen, never inside a word (screen.css, nights.css). A name with a
// word wider than its room shrinks until it fits, down to FLOOR_PX on a screen across a
// room (PAGE_FLOOR_PX on a page read at arm's length); one that still does not fit shows
// a short form that could be none of its neighbours (first name and initial, its first
// letters and "…", first initial and the last name's first letters, or first and last
// letters: "Bartholomew" and "Bartholomew Fairweather-Smythe" never both read "Bart…",
// but "Bart…mew" and "B. Fairw…") and keeps its full name for
// screen readers and as a tooltip. A name no short form tells apart (a single word that
// begins a neighbour's name) is shown whole at the smallest size, broken where it must.

const FLOOR_PX = 24;
export const PAGE_FLOOR_PX = 14;

// The names over a board's columns: each cell's text is the name; a short form keeps the
// full name as the cell's aria-label.
export function fitNames(grid) {
  fit([...grid.querySelectorAll("thead th[data-player]")], overColumns);
}

// The names in a standings list (games/standings_list.html): each .standing-name starts
// with the name (a winner's mark may follow); a short form is hidden from screen
// readers, which read the full name beside it instead.
export function fitStandings(list, floor = FLOOR_PX) {
  fit([...list.querySelectorAll(".standing-name")], inStandings, floor);
}

const overColumns = {
  restore(th) {
    if (th.dataset.name) th.textContent = th.dataset.name; // an earlier short form
  },
  show(th, text) {
    th.textContent = text;
  },
  shorten(th, name, short) {
    th.dataset.name = name;
    th.title = name;
    th.setAttribute("aria-label", name);
    th.textContent = short;
  },
};

const inStandings = {
  restore(element) {
    const seen = element.querySelector(".short-name");
    if (!seen) return;
    seen.nextSibling.remove();
    seen.replaceWith(element.dataset.name);
  },
  show(element, text) {
    element.firstChild.data = text;
  },
  shorten(element, name, short) {
    element.dataset.name = name;
    element.title = name;
    const seen = document.createElement("span");
    seen.className = "short-name";
    seen.setAttribute("aria-hidden", "true");
    seen.textContent = short;
    const heard = document.createElement("span");
    heard.className = "visually-hidden";
    heard.textContent = name;
    element.firstChild.replaceWith(seen, heard);
  },
};

function fit(elements, kind, floor = FLOOR_PX) {
  for (const element of elements) {
    element.style.removeProperty("font-size");
    element.style.removeProperty("white-space");
    element.classList.remove("broken-name");
    kind.restore(element);
  }
  const names = new Map(elements.map((element) => [element, element.firstChild.data.trim()]));
  const cramped = elements.filter((element) => !shrinkToFit(element, floor));
  const shown = new Set(elements.filter((e) => !cramped.includes(e)).map((e) => names.get(e)));
  for (const element of cramped) {
    const name = names.get(element);
    const others = [...names.values()].filter((other) => other !== name);
    const short = shortForm(element, name, others, shown, (text) => kind.show(element, text));
    if (short === null) {
      kind.show(element, name);
      element.classList.add("broken-name"); // breaks inside its word (screen.css)
      continue;
    }
    kind.shorten(element, name, short);
    shown.add(short);
  }
}

function overflows(element) {
  return element.scrollWidth > element.clientWidth + 0.5;
}

function shrinkToFit(element, floor) {
  if (!overflows(element)) return true;
  // Text widths scale with the font size: start from the ratio, then step down. A name
  // already at the floor or under it (a phone's) is not made larger.
  const styled = parseFloat(getComputedStyle(element).fontSize);
  if (styled <= floor) return false;
  let size = Math.max(floor, Math.floor((styled * element.clientWidth) / element.scrollWidth));
  element.style.fontSize = `${size}px`;
  while (overflows(element) && size > floor) {
    size -= 1;
    element.style.fontSize = `${size}px`;
  }
  return !overflows(element);
}

// The first name and the last name's initial, if that fits and no neighbour's name is so;
// else the most first letters (and "…") that fit, if no neighbour's name begins so; else
// the first initial and the most of the last name that fit, or the most first letters
// and the last three, if no neighbour's name could be that; else null. The most letters
// are found by halving (each try is a layout).
function shortForm(element, name, others, shown, show) {
  const fits = (text) => {
    show(text);
    return !overflows(element);
  };
  const most = (form, longest) => {
    let [fewest, top] = [1, longest];
    while (fewest < top) {
      const middle = Math.ceil((fewest + top) / 2);
      if (fits(form(middle))) fewest = middle;
      else top = middle - 1;
    }
    return fewest;
  };
  const wordsOf = (text) => text.split(/\s+/);
  const words = wordsOf(name);
  const [first, last] = [words[0], words.at(-1)];
  const clear = (text, couldBe) => !shown.has(text) && !others.some(couldBe);

  const initial = `${first} ${last[0]}.`;
  const initialCouldBe = (other) => {
    const its = wordsOf(other);
    return its.length > 1 && its[0] === first && its.at(-1).startsWith(last[0]);
  };
  if (words.length > 1 && clear(initial, initialCouldBe) && fits(initial)) return initial;

  const letters = (count) => `${name.slice(0, count).trimEnd()}…`;
  const count = most(letters, name.length - 1);
  const stem = name.slice(0, count).trimEnd();
  if (clear(letters(count), (other) => other.startsWith(stem))) return letters(count);

  if (words.length > 1) {
    const lastLetters = (count) =>
      `${first[0]}. ${last.slice(0, count)}${count < last.length ? "…" : ""}`;
    const kept = most(lastLetters, last.length);
    const lastStem = last.slice(0, kept);
    const lastCouldBe = (other) => {
      const its = wordsOf(other);
      return its.length > 1 && its[0].startsWith(first[0]) && its.at(-1).startsWith(lastStem);
    };
    if (clear(lastLetters(kept), lastCouldBe)) return lastLetters(kept);
  }

  // Its first letters and its last three ("Konstan…nos" beside "Konstan…los"), on one
  // line (a browser may break after "…").
  const tail = name.slice(-3);
  if (name.length < 6) return null;
  element.style.whiteSpace = "nowrap";
  const middle = (count) => `${name.slice(0, count).trimEnd()}…${tail}`;
  const head = name.slice(0, most(middle, name.length - 4)).trimEnd();
  const middleCouldBe = (other) => other.startsWith(head) && other.endsWith(tail);
  const both = `${head}…${tail}`;
  if (clear(both, middleCouldBe) && fits(both)) return both;
  element.style.removeProperty("white-space");
  return null;
}
