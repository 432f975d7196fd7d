// Keeps a night's tables live: the night page and the wall screen. live.js keeps the
// socket (back-off, heartbeat, polling, status); this feed tells it where the night's
// socket is and draws each message into its table.
//
// - {"type": "night", tables: […]} comes first on every connect: any table whose
//   version is newer than the one shown is fetched and drawn (a reconnect catches up).
// - {"type": "table", label, game: <snapshot + html>} is drawn into that table's
//   section ([data-table="<game code>"]) with live.js's applyBoard, which flashes the
//   cells that changed. The table's card in the night's standings (if the page has
//   one) takes the standings and the outcome the new board carries.
// - A table the page does not show yet (added late) reloads the page, unless the page
//   is already on its way elsewhere (a form was sent: adding that very table, say).
import { applyBoard, catchUpTo, follow } from "./live.js";
import { PAGE_FLOOR_PX, fitStandings } from "./names.js";
import { gettext } from "./words.js";

const root = document.querySelector("#night[data-night]");
let leaving = false;
// The night page's standings cards: each name whole, as on the big screen (names.js).
const fitCards = () => {
  for (const list of root?.querySelectorAll(".standing-card .standings-list") ?? []) {
    fitStandings(list, PAGE_FLOOR_PX);
  }
};
fitCards();
window.addEventListener("resize", fitCards);
if (root && "WebSocket" in window) {
  const code = encodeURIComponent(root.dataset.night);
  follow(root, {
    socket: `/ws/nights/${code}/`,
    gone: gettext("This night no longer exists."),
    receive(message) {
      if (message?.type === "table" && message.game) {
        const table = tableShowing(message.game.code);
        if (table) applyBoard(table, message.game);
      } else if (message?.type === "night" && Array.isArray(message.tables)) {
        catchUp(message.tables);
      }
    },
    async poll() {
      const answer = await fetch(`/api/nights/${code}`, {
        headers: { Accept: "application/json" },
        cache: "no-store",
      });
      if (answer.ok) await catchUp((await answer.json()).tables);
    },
  });
  root.addEventListener("trainscore:snapshot", (event) => redrawStanding(event.target));
  document.addEventListener("submit", () => {
    leaving = true;
  });
}

function tableShowing(gameCode) {
  const table = root.querySelector(`[data-table="${CSS.escape(gameCode)}"]`);
  if (!table && !leaving) {
    leaving = true;
    location.reload();
  }
  return table;
}

async function catchUp(tables) {
  await Promise.all(
    tables.map(({ game }) => {
      const table = tableShowing(game.code);
      return table ? catchUpTo(table, game) : null;
    }),
  );
}

// The standings card of the table whose board was just drawn: its list from the
// side panel the board carries (games/standings_list.html), its outcome line from the
// board's summary.
function redrawStanding(table) {
  const card = root.querySelector(`[data-standing="${CSS.escape(table.dataset.table)}"]`);
  const board = table.querySelector(".board[data-version]");
  if (!card || !board) return;
  const list = board.querySelector("template.screen-side")?.content.querySelector(".standings-list");
  if (list) {
    const fresh = list.cloneNode(true);
    fresh.removeAttribute("id");
    card.querySelector(".standings-list")?.replaceWith(fresh);
    fitStandings(fresh, PAGE_FLOOR_PX);
  }
  const outcome = board.querySelector(".board-summary .outcome");
  const line = card.querySelector(".standing-outcome");
  if (outcome && line) line.textContent = outcome.textContent.trim();
}
