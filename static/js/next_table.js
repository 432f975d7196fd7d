// Below the board of a tournament's table (templates/tournaments/after_the_game.html):
// drawn again from the server when the game's board changes to finished (live.js's
// "trainscore:snapshot"), and asked again every POLL_MS while the game is over but the
// next stage is not seated yet, so the players see where they go next without a reload.
const POLL_MS = 15_000;

const box = document.getElementById("tournament-next");
let shownStatus = document.querySelector(".board[data-status]")?.dataset.status ?? null;

async function refresh() {
  if (!box?.dataset.src) return;
  try {
    const answer = await fetch(box.dataset.src, { cache: "no-store", credentials: "same-origin" });
    if (!answer.ok) return;
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    const fresh = page.getElementById("tournament-next");
    if (!fresh) return;
    fresh.querySelector("script")?.remove();
    // Only what it says is drawn again: its live region then reads the change out.
    const [said, now] = [box.querySelector("[role=status]"), fresh.querySelector("[role=status]")];
    if (said && now && said.innerHTML !== now.innerHTML) said.innerHTML = now.innerHTML;
    for (const name of ["data-waiting", "data-over"]) box.toggleAttribute(name, fresh.hasAttribute(name));
  } catch {
    // Offline for now: the next turn asks again.
  }
}

if (box) {
  document.addEventListener("trainscore:snapshot", (event) => {
    const status = event.detail?.status;
    if (status !== shownStatus) {
      shownStatus = status;
      refresh();
    }
  });
  setInterval(() => {
    if (box.hasAttribute("data-waiting")) refresh();
  }, POLL_MS);
}
