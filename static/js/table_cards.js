// A stage's table cards (templates/tournaments/cards.html): every POLL_MS, and whenever
// the page is shown again, ask whether its scorekeeper keys are still the tables'
// (tournaments/cards.py). Once new links were made, from this device or another, the
// page says so and marks every code void, so nobody prints or hands out a dead card.
const POLL_MS = 5_000;

const page = document.querySelector(".cards-page[data-keys-url]");
let timer = null;

function markVoid() {
  page.classList.add("void");
  for (const note of page.querySelectorAll(".cards-void, .card-void")) note.hidden = false;
  clearInterval(timer);
}

async function check() {
  if (page.classList.contains("void")) return;
  try {
    const answer = await fetch(page.dataset.keysUrl, { cache: "no-store", credentials: "same-origin" });
    if (!answer.ok) return;
    const { keys } = await answer.json();
    if (keys !== page.dataset.keys) markVoid();
  } catch {
    // Offline for now: the next turn asks again.
  }
}

if (page) {
  timer = setInterval(check, POLL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}
