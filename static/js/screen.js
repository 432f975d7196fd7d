// The big screen's extras around the live board: the side panel (this round and
// its double, the standings), full screen, and keeping the display awake.
// live.js swaps the board itself and announces each snapshot with
// "trainscore:snapshot". Every board carries the side panel the server drew for it
// (a <template class="screen-side">, games/screen_side.html); this swaps it in.
// Full screen and the wake lock are tv.js's.

import { PAGE_FLOOR_PX, fitNames, fitStandings } from "./names.js";
import { keepAwake, setUpFullScreen } from "./tv.js";

const root = document.querySelector("#game.screen");
// Opened on a phone, the screen reads like a page (screen.css's one column).
const onPhone = window.matchMedia("(max-width: 48rem)");
if (root) {
  // The grid's size comes as data (the Content-Security-Policy allows no style attributes).
  root.style.setProperty("--rows", root.dataset.rows);
  root.style.setProperty("--cols", root.dataset.cols);
  document.addEventListener("trainscore:snapshot", (event) => update(event.detail));
  window.addEventListener("resize", fit);
  fit();
  // The board is drawn only once it is fitted (screen.css): its first paint is its last.
  root.classList.add("fitted");
  setUpFullScreen(document.getElementById("fullscreen"), root);
  keepAwake(root);
}

function update(snapshot) {
  root.style.setProperty("--rows", Math.max(snapshot.rounds.length, 1) + 2);
  const side = document.querySelector("#board > template.screen-side");
  for (const part of side?.content.children ?? []) {
    document.getElementById(part.id)?.replaceWith(part.cloneNode(true));
  }
  fit();
}

// Called before the browser paints the new board (live.js announces the swap at once).
function fit() {
  const grid = root.querySelector("#board .board-grid");
  if (grid) fitNames(grid);
  const standings = document.getElementById("standings-list");
  if (standings) fitStandings(standings, onPhone.matches ? PAGE_FLOOR_PX : undefined);
  fitChart();
}

// The running-totals chart gets the height the score grid leaves (screen.css);
// below a readable size it goes, and the grid takes the whole column.
function fitChart() {
  root.classList.remove("no-chart");
  const chart = root.querySelector(".game-chart .line-chart");
  const height = chart ? chart.getBoundingClientRect().height : 0;
  root.classList.toggle("no-chart", height < window.innerHeight * 0.18);
}
