// The big screen's extras around the live board: this round and its double, the
// leader, the final standings, full screen, and keeping the display awake.
// live.js swaps the board itself and announces each snapshot with
// "trainscore:snapshot"; this redraws the side panel from that snapshot.

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
  const played = snapshot.rounds.length;
  const planned = snapshot.schedule ? snapshot.schedule.length : null;
  root.style.setProperty("--rows", Math.max(played, 1) + 2);

  const finished = snapshot.status === "finished";
  byId("screen-now").hidden = finished;
  drawNow(snapshot, played, planned);
  drawStandings(snapshot, played, finished);
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

// The same reading of the rules as games/screen.py's now_playing().
function drawNow(snapshot, played, planned) {
  const number = planned !== null && played >= planned ? null : played + 1;
  let engine = null;
  if (number !== null) {
    engine = snapshot.schedule ? snapshot.schedule[number - 1] : null;
    if (engine === null && root.dataset.everyRound !== "") engine = Number(root.dataset.everyRound);
  }
  byId("now-round").textContent =
    number === null ? `All ${planned} rounds played` : `Round ${number}${planned ? ` of ${planned}` : ""}`;
  byId("now-engine").hidden = engine === null;
  if (engine !== null) {
    const double = byId("now-double");
    double.setAttribute("aria-label", `${engine}|${engine}`);
    double.querySelectorAll(".half").forEach((half) => {
      half.textContent = String(engine);
    });
  }
  const note = byId("now-note");
  note.hidden = engine !== null || number === null || note.textContent.trim() === "";
}

function drawStandings(snapshot, played, finished) {
  const winners = snapshot.players.filter((p) => snapshot.winners.includes(p.id));
  const leaders = played ? snapshot.players.filter((p) => p.place === 1) : [];
  byId("screen-standings").classList.toggle("final", finished);
  byId("standings-title").textContent = finished ? "Final standings" : "Standings";

  const line = byId("winner-line");
  line.hidden = winners.length === 0;
  const names = document.createElement("strong");
  names.textContent = winners.map((p) => p.name).join(", ");
  line.replaceChildren(winners.length > 1 ? "Shared win: " : "Winner: ", names);

  const standings = [...snapshot.players].sort((a, b) => a.place - b.place || a.seat - b.seat);
  byId("standings-list").replaceChildren(
    ...standings.map((player) => {
      const item = document.createElement("li");
      if (winners.includes(player)) item.className = "won";
      else if (leaders.includes(player)) item.className = "leads";
      for (const [name, text] of [
        ["standing-place", player.place],
        ["standing-name", player.name],
        ["standing-total", player.total],
      ]) {
        const part = document.createElement("span");
        part.className = name;
        part.textContent = String(text);
        item.append(part);
      }
      return item;
    }),
  );
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

function byId(id) {
  return document.getElementById(id);
}
