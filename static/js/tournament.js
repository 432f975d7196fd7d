// Keeps a tournament's page live: the overview and the wall screen. live.js keeps the
// socket (back-off, heartbeat, polling, status); this feed tells it where the
// tournament's socket is and redraws the page's live part when the tournament changes.
//
// - {"type": "tournament", …} comes on every connect and whenever the tournament changed
//   (a stage seated, a clock started, time called, a game ended, an entrant came or
//   left): the page is fetched again, as it is addressed (its band filter kept), and its
//   live part (#tournament-live: stages, medals, standings) is swapped for the fresh one.
//   The staff forms stay as they are, with whatever is typed in them.
// - {"type": "table", …} (a save at one of the stage's tables) changes no standing
//   until its game ends, which comes as a "tournament" message; a page showing that
//   table (the wall, while the stage plays) draws its board (live.js's applyBoard).
// - Every message is dispatched on the live part as "trainscore:message" (the wall's
//   clock takes the server's time and the stage's clock from it: tournament_wall.js); a
//   listener that draws a "tournament" message itself cancels it, and the page is not
//   fetched (the wall while its stage plays on: its tables' boards, drawn once per change
//   for every screen, come as "table" messages, and are never drawn again per screen).
// - While the socket is down the API is polled, and a changed answer redraws the same way.
// - "trainscore:redraw" on the live part (my_table.js, after a new pick) redraws it too.
import { applyBoard, follow } from "./live.js";
import { gettext } from "./words.js";

const root = document.querySelector("#tournament-live[data-tournament]");
let fetching = null;
let again = false;
let lastAnswer = "";

root?.addEventListener("trainscore:redraw", () => redraw());
if (root && "WebSocket" in window) {
  const code = encodeURIComponent(root.dataset.tournament);
  follow(root, {
    socket: `/ws/tournaments/${code}/`,
    gone: gettext("This tournament no longer exists."),
    receive(message) {
      // A page may draw a message itself (the wall, while its stage plays): it cancels this.
      const event = new CustomEvent("trainscore:message", { detail: message, cancelable: true });
      const drawn = !root.dispatchEvent(event);
      if (message?.type === "tournament" && !drawn) redraw();
      else if (message?.type === "table" && message.game) {
        const table = root.querySelector(`[data-table="${CSS.escape(message.game.code)}"]`);
        if (table) applyBoard(table, message.game);
      }
    },
    async poll() {
      const answer = await fetch(`/api/tournaments/${code}`, {
        headers: { Accept: "application/json" },
        cache: "no-store",
      });
      if (!answer.ok) return;
      const text = await answer.text();
      if (lastAnswer && text !== lastAnswer) redraw();
      lastAnswer = text;
    },
  });
}

// One fetch at a time; a change while one is under way fetches once more after it.
async function redraw() {
  if (fetching) {
    again = true;
    return;
  }
  fetching = swap();
  try {
    await fetching;
  } finally {
    fetching = null;
  }
  if (again) {
    again = false;
    await redraw();
  }
}

async function swap() {
  const answer = await fetch(location.href, { cache: "no-store", credentials: "same-origin" });
  if (!answer.ok) return;
  const page = new DOMParser().parseFromString(await answer.text(), "text/html");
  const fresh = page.querySelector("#tournament-live");
  if (!fresh) return;
  const status = root.querySelector("#live-status");
  for (const name of Object.keys(root.dataset)) delete root.dataset[name];
  Object.assign(root.dataset, fresh.dataset);
  root.replaceChildren(...fresh.childNodes);
  if (status) root.querySelector("#live-status")?.replaceWith(status);
  root.dispatchEvent(new CustomEvent("trainscore:tournament", { bubbles: true }));
}
