// The wall screen's pages: the server groups the tables into pages of at most four
// (nights/wall.py); with more than one page they take turns on a timer so that every
// table is on the screen again within ROTATION_MS. Each table's grid is sized to its
// own players and rounds (--cols, --rows; nights.css), and a table whose board was
// just pushed is marked for a moment (its new cells flash: live.js). Full screen and
// the wake lock are tv.js's.
import { fitNames } from "./names.js";
import { keepAwake, setUpFullScreen } from "./tv.js";
import { gettext, interpolate } from "./words.js";

const ROTATION_MS = 20_000;
const LANDED_MS = 4_000;

const root = document.querySelector("#night.wall");
if (root) {
  const pages = [...root.querySelectorAll(".wall-tables")];
  root.querySelectorAll(".wall-table").forEach(size);
  window.addEventListener("resize", () => root.querySelectorAll(".wall-table").forEach(size));
  // The tables are drawn only once they are fitted (nights.css): the first paint is the last.
  root.classList.add("fitted");
  root.addEventListener("trainscore:snapshot", (event) => {
    size(event.target);
    landed(event.target);
  });
  if (pages.length > 1) rotate(pages);
  setUpFullScreen(document.getElementById("fullscreen"), root);
  keepAwake(root);
}

function size(table) {
  const grid = table.querySelector(".board-grid");
  if (!grid) return;
  const rows = Math.max(grid.tBodies[0]?.rows.length ?? 1, 1);
  table.style.setProperty("--rows", rows);
  table.style.setProperty("--cols", grid.tHead.rows[0].cells.length - 1);
  // A table on a page not shown has no size yet: it is fitted when its page turns up.
  if (grid.getClientRects().length > 0) fitNames(grid);
}

function landed(table) {
  table.classList.add("landed");
  clearTimeout(table.landedTimer);
  table.landedTimer = setTimeout(() => table.classList.remove("landed"), LANDED_MS);
}

function rotate(pages) {
  const paging = document.getElementById("wall-paging");
  let current = 0;
  const show = () => {
    pages.forEach((page, index) => {
      page.hidden = index !== current;
    });
    pages[current].querySelectorAll(".wall-table").forEach(size);
    paging.hidden = false;
    paging.textContent = interpolate(gettext("Page %(page)s of %(pages)s"), {
      page: current + 1,
      pages: pages.length,
    });
  };
  show();
  setInterval(() => {
    current = (current + 1) % pages.length;
    show();
  }, ROTATION_MS / pages.length);
}
