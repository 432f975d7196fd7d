// The big screen's extras around the live board: the side panel (this round and
// its double, the standings), full screen, and keeping the display awake.
// live.js swaps the board itself and announces each snapshot with
// "trainscore:snapshot". Every board carries the side panel the server drew for it
// (a <template class="screen-side">, games/screen_side.html); this swaps it in.

const root = document.querySelector("#game.screen");
let wakeLock = null;
if (root) {
  document.addEventListener("trainscore:snapshot", (event) => update(event.detail));
  window.addEventListener("resize", fitChart);
  fitChart();
  setUpFullScreen(document.getElementById("fullscreen"));
  keepAwake();
}

function update(snapshot) {
  root.style.setProperty("--rows", Math.max(snapshot.rounds.length, 1) + 2);
  const side = document.querySelector("#board > template.screen-side");
  for (const part of side?.content.children ?? []) {
    document.getElementById(part.id)?.replaceWith(part.cloneNode(true));
  }
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

function setUpFullScreen(button) {
  if (!button || !document.fullscreenEnabled) return;
  button.hidden = false;
  const label = () => {
    button.textContent = document.fullscreenElement ? "Leave full screen" : "Full screen";
  };
  button.addEventListener("click", async () => {
    try {
      if (document.fullscreenElement) {
        await document.exitFullscreen();
      } else {
        await document.documentElement.requestFullscreen();
      }
    } catch {
      // The browser said no (e.g. not allowed in a frame); the board still shows.
    }
    keepAwake();
  });
  document.addEventListener("fullscreenchange", label);
  label();
}

// Screen Wake Lock where the browser has it: a TV board should not go dark
// mid-game. The lock is dropped whenever the tab is hidden, so take it again.
async function keepAwake() {
  if (!("wakeLock" in navigator) || wakeLock || document.visibilityState !== "visible") return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    root.dataset.awake = "on";
    wakeLock.addEventListener("release", () => {
      wakeLock = null;
      root.dataset.awake = "off";
    });
  } catch {
    // Refused (battery saver, no permission): the screen may dim as usual.
    root.dataset.awake = "refused";
  }
}

document.addEventListener("visibilitychange", () => {
  if (root && document.visibilityState === "visible") keepAwake();
});
