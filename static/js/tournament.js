// Keeps a tournament's page live: the overview and the wall screen. live.js keeps the
// socket (back-off, heartbeat, polling, status); this feed tells it where the
// tournament's socket is and redraws the page's live part when the tournament changes.
//
// - {"type": "tournament", …} comes on every connect (so a page back online catches up)
//   and whenever the tournament changed (a stage seated, a clock started, time called, a
//   game ended, an entrant came or left). On a player's overview (data-draws="message")
//   it carries the live part (#tournament-live: "My table", medals, stages, standings)
//   rendered by the server for the page's band filter (the socket says which: ?band=),
//   once for every phone: it is drawn as it comes, and nothing is fetched ("My table"'s
//   line is filled in by my_table.js from the same message). A staff member's overview
//   (its live part has the staff controls) and the wall fetch their page again instead, as
//   addressed; the staff forms outside the live part stay, with whatever is typed in them.
// - {"type": "table", …} (a save at one of the stage's tables) changes no standing
//   until its game ends, which comes as a "tournament" message; a page showing that
//   table (the wall, while the stage plays) draws its board (live.js's applyBoard). The
//   overview shows no table (data-tables="none"): its socket asks for none.
// - Every message is dispatched on the live part as "trainscore:message" (the wall's
//   clock takes the server's time and the stage's clock from it: tournament_wall.js); a
//   listener that draws a "tournament" message itself cancels it, and the page is not
//   fetched (the wall while its stage plays on: its tables' boards, drawn once per change
//   for every screen, come as "table" messages, and are never drawn again per screen).
//   Once the live part is drawn, "trainscore:tournament" says so (its detail: the message
//   drawn, when it came from one).
// - While the socket is down the API is polled, and a changed answer fetches the page.
// - "trainscore:redraw" on the live part (my_table.js, before any message came) fetches it.
import { applyBoard, follow } from "./live.js";
import { gettext } from "./words.js";

const root = document.querySelector("#tournament-live[data-tournament]");
let fetching = null;
let again = false;
let lastAnswer = "";

// A press under way on the live part (a finger or the mouse down on a button): replacing
// the live part then would take the button from under it, and the press would click
// nothing (staff seating the next stage, say). A redraw waits for the press to end.
let pressed = null; // settles once the press under way ended and its click was handled
root?.addEventListener("pointerdown", () => {
  if (pressed) return;
  pressed = new Promise((settle) => {
    const end = () => {
      document.removeEventListener("pointerup", end, true);
      document.removeEventListener("pointercancel", end, true);
      // A task later: the press's click, and any form it sends, are under way by then.
      setTimeout(() => {
        pressed = null;
        settle();
      }, 0);
    };
    document.addEventListener("pointerup", end, true);
    document.addEventListener("pointercancel", end, true);
  });
});

async function noPress() {
  while (pressed) await pressed;
}

root?.addEventListener("trainscore:redraw", () => redraw());
if (root && "WebSocket" in window) {
  const code = encodeURIComponent(root.dataset.tournament);
  // What the page draws: a band's standings; no table at all (the overview).
  const asked = new URLSearchParams();
  if (root.dataset.band) asked.set("band", root.dataset.band);
  if (root.dataset.tables === "none") asked.set("tables", "none");
  const query = String(asked);
  follow(root, {
    socket: `/ws/tournaments/${code}/${query && `?${query}`}`,
    gone: gettext("This tournament no longer exists."),
    receive(message) {
      // A page may draw a message itself (the wall, while its stage plays): it cancels this.
      const event = new CustomEvent("trainscore:message", { detail: message, cancelable: true });
      const drawn = !root.dispatchEvent(event);
      if (message?.type === "tournament") {
        if (drawn) return;
        if (typeof message.live === "string" && root.dataset.draws === "message") draw(message);
        else redraw();
      } else if (message?.type === "table" && message.game) {
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

// The live part as the message carries it, the page's connection status kept.
async function draw(message) {
  await noPress();
  const fresh = document.createElement("template");
  fresh.innerHTML = message.live;
  const status = root.querySelector("#live-status");
  root.replaceChildren(...(status ? [status] : []), fresh.content);
  root.dispatchEvent(new CustomEvent("trainscore:tournament", { bubbles: true, detail: message }));
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
  await noPress();
  const status = root.querySelector("#live-status");
  for (const name of Object.keys(root.dataset)) delete root.dataset[name];
  Object.assign(root.dataset, fresh.dataset);
  root.replaceChildren(...fresh.childNodes);
  if (status) root.querySelector("#live-status")?.replaceWith(status);
  root.dispatchEvent(new CustomEvent("trainscore:tournament", { bubbles: true }));
}
