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
const SMALLEST_GRID_PX = 9; // as nights.css's clamp

// A table's box changes after it was fitted when the header above it does (its clock
// shown, "Live" said, a long name wrapping): it is fitted again.
const resized =
  "ResizeObserver" in window
    ? new ResizeObserver((boxes) => boxes.forEach((box) => size(box.target)))
    : null;

const root = document.querySelector("#night.wall");
if (root) {
  followTables(root);
  setUpFullScreen(document.getElementById("fullscreen"), root);
  keepAwake(root);
  const picture = document.getElementById("result-picture");
  if (picture) root.addEventListener("trainscore:snapshot", () => showPictureOnceOver(picture));
}

// Once every table has finished, the QR code for phones is the night's result picture's.
function showPictureOnceOver(picture) {
  const boards = [...root.querySelectorAll(".wall-table .board[data-status]")];
  if (!boards.length || boards.some((board) => board.dataset.status !== "finished")) return;
  root.querySelector(".wall-share")?.replaceWith(picture.content.cloneNode(true));
  picture.remove();
}

// Fit `root`'s tables to the screen as they are drawn and pushed, and turn their pages.
// The tournament's wall (tournament_wall.js) calls it for its tables too.
export function followTables(root) {
  window.addEventListener("resize", () => root.querySelectorAll(".wall-table").forEach(size));
  root.addEventListener("trainscore:snapshot", (event) => {
    size(event.target);
    landed(event.target);
  });
  fitTables(root);
}

// (Again) after the tables in `root` were drawn anew: size them, and turn their pages.
export function fitTables(root) {
  const pages = [...root.querySelectorAll(".wall-tables")];
  root.querySelectorAll(".wall-table").forEach(size);
  // The tables are drawn only once they are fitted (nights.css): the first paint is the last.
  (root.closest(".wall") ?? root).classList.add("fitted");
  clearInterval(root.rotation);
  if (pages.length > 1) root.rotation = rotate(pages);
}

function size(table) {
  const grid = table.querySelector(".board-grid");
  if (!grid) return;
  resized?.observe(table);
  const rows = Math.max(grid.tBodies[0]?.rows.length ?? 1, 1);
  table.style.setProperty("--rows", rows);
  table.style.setProperty("--cols", grid.tHead.rows[0].cells.length - 1);
  grid.style.removeProperty("font-size");
  // A table on a page not shown has no size yet: it is fitted when its page turns up.
  if (grid.getClientRects().length === 0) return;
  fitNames(grid);
  // nights.css sizes the grid for names of two lines; a wide table's larger names may take
  // more (long names in a column as wide as the screen allows): smaller until it fits.
  let px = parseFloat(getComputedStyle(grid).fontSize);
  while (table.scrollHeight > table.clientHeight + 1 && px > SMALLEST_GRID_PX) {
    px = Math.max(SMALLEST_GRID_PX, Math.floor(px * 0.92));
    grid.style.fontSize = `${px}px`;
    fitNames(grid);
  }
}

function fitPage(page) {
  page.querySelectorAll(".wall-table").forEach(size);
}

function landed(table) {
  table.classList.add("landed");
  clearTimeout(table.landedTimer);
  table.landedTimer = setTimeout(() => table.classList.remove("landed"), LANDED_MS);
}

// Turn `pages` every `every` ms from page `first` (saying which is shown in
// #wall-paging); `shown(page)` fits the page that turns up.
export function rotate(pages, every = ROTATION_MS / pages.length, shown = fitPage, first = 0) {
  const paging = document.getElementById("wall-paging");
  let current = first % pages.length;
  const show = () => {
    pages.forEach((page, index) => {
      page.hidden = index !== current;
    });
    shown(pages[current]);
    if (!paging) return;
    paging.hidden = false;
    paging.textContent = interpolate(gettext("Page %(page)s of %(pages)s"), {
      page: current + 1,
      pages: pages.length,
    });
  };
  show();
  return setInterval(() => {
    current = (current + 1) % pages.length;
    show();
  }, every);
}
