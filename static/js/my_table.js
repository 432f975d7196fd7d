// "My table" on a tournament's page, for a player's phone: the name picked is remembered
// in this browser (localStorage, per tournament) and the page is addressed for it
// (?me=<id>, so a reload shows it too). Each "tournament" message brings the live part
// (tournament.js draws it) with the words "My table" says now (the section's
// data-seated and data-unseated, in the page's language) and the seats of the stage
// being played; the picked player's line is drawn from them here, without asking the
// server. A page opened without a pick shows the remembered one. Without scripts the
// form does the same, one submit at a time.
const root = document.querySelector("#tournament-live[data-tournament]");
const key = root && `trainscore:me:${root.dataset.tournament}`;
let latest = null; // the last "tournament" message drawn
let connected = false; // a message came: a pick from now on is not waiting for the first

function remembered() {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return ""; // storage refused (a private window): the pick lasts as long as the page
  }
}

function remember(player) {
  try {
    if (player) localStorage.setItem(key, player);
    else localStorage.removeItem(key);
  } catch {
    // as above
  }
}

function picked() {
  return new URL(location.href).searchParams.get("me") ?? "";
}

// Address the page for `player`, and say where they play: from the last message drawn,
// or the next one (the socket's first comes as it connects); a page that cannot follow
// the socket, or draws no message (a staff member's), has tournament.js fetch it.
function follow(player) {
  const url = new URL(location.href);
  if (player) url.searchParams.set("me", player);
  else url.searchParams.delete("me");
  history.replaceState(history.state, "", url);
  if (latest) drawLine(latest);
  else if (!("WebSocket" in window) || root.dataset.draws !== "message" || connected) {
    root.dispatchEvent(new CustomEvent("trainscore:redraw"));
  }
}

// The picked player's line, as the server words it for the page it renders for them.
function drawLine(message) {
  const section = root.querySelector("#my-table");
  if (!section) return;
  const player = picked();
  const select = section.querySelector("#me");
  const known = select && [...select.options].some((option) => option.value === player);
  if (select) select.value = known ? player : "";
  section.querySelector("#my-table-line")?.remove();
  if (!player || !known) return;
  const id = Number(player);
  const line = document.createElement("p");
  line.className = "my-table-line";
  line.id = "my-table-line";
  const seat = (message.seats ?? []).find((table) => table.players.includes(id));
  if (seat) {
    const link = document.createElement("a");
    link.className = "my-table-name";
    link.href = seat.board;
    link.textContent = seat.table;
    line.append(section.dataset.seated ?? "", " ", link);
  } else {
    const place = (message.standings ?? []).find((standing) => standing.player.id === id)?.place;
    line.textContent = (section.dataset.unseated ?? "").replace("%(place)s", String(place ?? ""));
  }
  section.append(line);
}

if (root) {
  const asked = new URL(location.href).searchParams.get("me");
  if (asked !== null) remember(asked);
  else if (remembered()) follow(remembered());
  root.addEventListener("trainscore:tournament", (event) => {
    connected = true;
    if (event.detail?.type !== "tournament") return; // the page fetched: drawn by the server
    latest = event.detail;
    drawLine(latest);
  });
  root.addEventListener("change", (event) => {
    if (event.target.id !== "me") return;
    remember(event.target.value);
    follow(event.target.value);
  });
  root.addEventListener("submit", (event) => {
    if (event.target.id !== "my-table-form") return;
    event.preventDefault();
    const player = event.target.elements.me.value;
    remember(player);
    follow(player);
  });
}
