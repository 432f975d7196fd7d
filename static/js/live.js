// Keeps a board live. Any page with <div id="game" data-code="…"> around the board
// partial (#board) gets each saved change pushed over a websocket and drawn in
// place, with no reload. The page works without this script; it only adds liveness.
// A page that follows something else (a night's tables: static/js/night.js) imports
// `follow` with its own feed: where the socket is, what to do with each message,
// how to poll while the socket is down; it draws each board with `applyBoard`.
//
// - Every message is the snapshot plus "html", the same board partial the page was
//   rendered with: the board (.board[data-version] in the page, or in the element
//   given to applyBoard) is swapped for it unless its version is older than the one
//   shown, keeping the id the page gave it. Then "trainscore:snapshot" is dispatched
//   (on that element, bubbling; on document for the page's one board) with the
//   message as detail (the scorekeeper form and the big screen listen).
// - Cells whose text changed get the class "changed" for FLASH_MS (live.css flashes
//   them, or outlines them when the reader asked for reduced motion). Scroll
//   positions, open <details> and focus inside the board are kept across the swap.
// - A dropped socket (or one whose handshake takes over OPEN_TIMEOUT_MS) is reopened
//   after a jittered exponential back-off: between half and all of 0.5 s, 1 s, 2 s …
//   capped at RETRY_MAX_MS; it starts over once a message arrives. The server sends
//   the full snapshot on every connect, so a reconnect resyncs whatever was missed.
//   A socket the server closed with TRY_AGAIN_LATER (4503: its database or Redis is
//   away for a moment) is reopened after between half and all of TRY_AGAIN_MS each
//   time, without backing off further, so the screen is live again within TRY_AGAIN_MS
//   of the server being able to serve it (docs/api.md).
//   Coming back online or to a visible tab retries at once; the browser going
//   offline (the "offline" event) drops the socket at once, so the page never says
//   "Live" on a connection it knows is gone.
// - Heartbeat: a ping every PING_MS; nothing heard for DEAD_MS means the
//   connection died silently, and it is dropped and reopened: a silent drop is
//   noticed within DEAD_MS + CHECK_MS (25 s).
// - "trainscore:unreachable" on document (a save that could not reach the server)
//   makes the page check at once: it pings, and says "Checking the connection…"
//   (data-state "checking"), not "Live", until the server answers; no answer within
//   PROBE_MS drops the socket.
// - While the socket is down, GET /api/games/<code> is polled every POLL_MS; a
//   newer version fetches the bare board from /games/<code>/board/.
// - #live-status (made if the page has none) says live / reconnecting /
//   offline since HH:MM; its data-state is "live", "checking", "reconnecting" or "offline".
//   Each change of state is dispatched on document as "trainscore:status" with
//   { state } as detail (the scorekeeper's outbox sends what waits once it is live).

import { gettext, interpolate, language } from "./words.js";

const PING_MS = 10_000;
const DEAD_MS = 20_000;
const CHECK_MS = 5_000;
const PROBE_MS = 5_000;
const POLL_MS = 5_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
const OFFLINE_AFTER_MS = 15_000;
const OPEN_TIMEOUT_MS = 10_000;
const FLASH_MS = 1_500;
const UNKNOWN_GAME = 4404;
const TRY_AGAIN_LATER = 4503;
const TRY_AGAIN_MS = 1_000;

const root = document.querySelector("#game[data-code]");
if (root && "WebSocket" in window) {
  follow(root, gameFeed(root.dataset.code));
}

// One game: every message is its snapshot plus the board.
function gameFeed(gameCode) {
  const code = encodeURIComponent(gameCode);
  return {
    socket: `/ws/games/${code}/`,
    gone: gettext("This game no longer exists."),
    receive(message) {
      if (message && typeof message.version === "number") applyBoard(document, message);
    },
    poll: () => catchUp(document, `/api/games/${code}`),
  };
}

// Fetch a game's snapshot; when it is newer than the board shown in `scope`, fetch
// the bare board too and draw it.
async function catchUp(scope, apiUrl) {
  const answer = await fetch(apiUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!answer.ok) return;
  const snapshot = await answer.json();
  await catchUpTo(scope, snapshot);
}

export async function catchUpTo(scope, snapshot) {
  if (!(snapshot.version > shownVersion(scope))) return;
  const code = encodeURIComponent(snapshot.code);
  const board = await fetch(`/games/${code}/board/`, { cache: "no-store" });
  if (!board.ok) return;
  applyBoard(scope, { ...snapshot, html: (await board.text()).trim() });
}

// `feed`: {socket: path of the websocket, gone: what to say when it is closed for an
// unknown code, receive(message), poll(): an async catch-up while the socket is down}.
export function follow(root, feed) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socketUrl = `${scheme}//${location.host}${feed.socket}`;
  const status = statusElement(root);

  let socket = null;
  let attempts = 0;
  let retryTimer = 0;
  let pollTimer = 0;
  let checkTimer = 0;
  let lastHeard = 0;
  let lastPing = 0;
  let probeSince = null;
  let downSince = null;
  let stopped = false;

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = 0;
    drop();
    let ws;
    try {
      ws = new WebSocket(socketUrl);
    } catch {
      lost();
      return;
    }
    socket = ws;
    // A handshake that hangs (a half-open proxy) counts as a failed attempt.
    const opening = setTimeout(() => {
      if (socket === ws && ws.readyState === WebSocket.CONNECTING) {
        drop();
        lost();
      }
    }, OPEN_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimeout(opening);
      downSince = null;
      probeSince = null;
      lastHeard = lastPing = Date.now();
      stopPolling();
      startChecking();
      show();
    };
    ws.onmessage = (event) => {
      // The back-off starts over only once the server has really spoken, so a
      // socket that opens and at once fails again does not retry in a tight loop.
      attempts = 0;
      lastHeard = Date.now();
      if (probeSince !== null) {
        probeSince = null;
        show();
      }
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      feed.receive(message);
    };
    // An error is always followed by a close, so only the close is handled.
    ws.onclose = (event) => {
      clearTimeout(opening);
      if (socket !== ws) return;
      socket = null;
      if (event.code === UNKNOWN_GAME) {
        stop(feed.gone);
      } else if (event.code === TRY_AGAIN_LATER) {
        lost(TRY_AGAIN_MS);
      } else {
        lost();
      }
    };
  }

  // Forget a socket without waiting for its closing handshake: a dead
  // connection may take minutes to report that it closed.
  function drop() {
    const ws = socket;
    socket = null;
    probeSince = null;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    try {
      ws.close();
    } catch {
      // already closed
    }
  }

  // `ceiling`: the longest wait before trying again; the back-off's next step unless given.
  function lost(ceiling = 0) {
    stopChecking();
    if (stopped) return;
    if (downSince === null) downSince = new Date();
    show();
    startPolling();
    if (retryTimer) return;
    if (!ceiling) {
      ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempts);
      attempts += 1;
    }
    retryTimer = setTimeout(connect, ceiling / 2 + (Math.random() * ceiling) / 2);
  }

  function retryNow() {
    if (stopped || (socket && socket.readyState <= WebSocket.OPEN)) return;
    attempts = 0;
    connect();
  }

  function stop(reason) {
    stopped = true;
    halt();
    setStatus("offline", reason);
  }

  // Cancel the pending retry, the poll, the heartbeat and the socket.
  function halt() {
    clearTimeout(retryTimer);
    retryTimer = 0;
    stopPolling();
    stopChecking();
    drop();
  }

  function startChecking() {
    stopChecking();
    checkTimer = setInterval(() => {
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      const now = Date.now();
      if (now - lastHeard > DEAD_MS || (probeSince !== null && now - probeSince > PROBE_MS)) {
        drop();
        lost();
      } else if (now - lastPing >= PING_MS) {
        lastPing = now;
        socket.send('{"type":"ping"}');
      }
    }, CHECK_MS);
  }

  // Something else failed to reach the server: ask the socket whether it still can.
  function probe() {
    if (stopped || !socket || socket.readyState !== WebSocket.OPEN || probeSince !== null) return;
    probeSince = lastPing = Date.now();
    socket.send('{"type":"ping"}');
    show();
  }

  function wentOffline() {
    if (stopped) return;
    drop();
    lost();
  }

  function stopChecking() {
    clearInterval(checkTimer);
    checkTimer = 0;
  }

  function startPolling() {
    if (!pollTimer) pollTimer = setInterval(poll, POLL_MS);
  }

  function stopPolling() {
    clearInterval(pollTimer);
    pollTimer = 0;
  }

  async function poll() {
    show();
    try {
      await feed.poll();
    } catch {
      // Still offline; the next poll tries again.
    }
  }

  function show() {
    if (stopped) return;
    if (socket && socket.readyState === WebSocket.OPEN && downSince === null) {
      if (probeSince === null) setStatus("live", gettext("Live"));
      else setStatus("checking", gettext("Checking the connection…"));
    } else if (navigator.onLine !== false && Date.now() - (downSince ?? Date.now()) < OFFLINE_AFTER_MS) {
      setStatus("reconnecting", gettext("Reconnecting…"));
    } else {
      const time = clock(downSince ?? new Date());
      setStatus("offline", interpolate(gettext("Offline since %(time)s; still trying"), { time }));
    }
  }

  function setStatus(state, text) {
    if (status.dataset.state === state && status.textContent === text) return;
    const changed = status.dataset.state !== state;
    status.dataset.state = state;
    status.textContent = text;
    if (changed) document.dispatchEvent(new CustomEvent("trainscore:status", { detail: { state } }));
  }

  window.addEventListener("online", retryNow);
  window.addEventListener("offline", wentOffline);
  document.addEventListener("trainscore:unreachable", probe);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") retryNow();
  });
  window.addEventListener("pagehide", halt);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) retryNow();
  });

  setStatus("reconnecting", gettext("Connecting…"));
  connect();
}

function boardIn(scope) {
  return scope.querySelector(".board[data-version]");
}

function shownVersion(scope) {
  const board = boardIn(scope);
  return board ? Number(board.dataset.version) : -1;
}

// Draw `message` (a snapshot plus "html") as the board inside `scope`.
export function applyBoard(scope, message) {
  const board = boardIn(scope);
  const shown = shownVersion(scope);
  if (message.version < shown) return;
  if (board && message.version > shown && typeof message.html === "string") {
    const before = cellTexts(board);
    const view = viewState(board);
    const id = board.id;
    board.outerHTML = message.html;
    const fresh = boardIn(scope);
    if (fresh) {
      fresh.id = id;
      restoreView(fresh, view);
      flashChanges(before, fresh);
    }
  }
  scope.dispatchEvent(new CustomEvent("trainscore:snapshot", { detail: message, bubbles: true }));
}

// Data cells by position ("0:TBODY:3:2"): seats never move, so a position is a
// score. Only the score grid counts when the board marks one (.board-grid).
function cellsOf(board) {
  const cells = new Map();
  let tables = board.querySelectorAll("table.board-grid");
  if (tables.length === 0) tables = board.querySelectorAll("table");
  tables.forEach((table, t) => {
    for (const section of [table.tHead, ...table.tBodies, table.tFoot]) {
      if (!section) continue;
      const rows = section.rows;
      for (let r = 0; r < rows.length; r += 1) {
        const row = rows[r].cells;
        for (let c = 0; c < row.length; c += 1) {
          if (row[c].tagName === "TD") cells.set(`${t}:${section.tagName}:${r}:${c}`, row[c]);
        }
      }
    }
  });
  return cells;
}

function cellTexts(board) {
  const texts = new Map();
  for (const [key, cell] of cellsOf(board)) texts.set(key, cell.textContent.trim());
  return texts;
}

function flashChanges(before, board) {
  const changed = [];
  for (const [key, cell] of cellsOf(board)) {
    if (before.get(key) !== cell.textContent.trim()) changed.push(cell);
  }
  for (const cell of changed) cell.classList.add("changed");
  if (changed.length) {
    setTimeout(() => changed.forEach((cell) => cell.classList.remove("changed")), FLASH_MS);
  }
}

// What a reader did inside the board (scrolled a wide grid sideways, opened a
// <details>, focused the scroll region) survives the swap: elements are found
// again by their position in the new board.
function viewState(board) {
  const scrolled = [];
  const opened = [];
  for (const el of board.querySelectorAll("*")) {
    if (el.scrollLeft || el.scrollTop) scrolled.push([pathTo(board, el), el.scrollLeft, el.scrollTop]);
    if (el.tagName === "DETAILS" && el.open) opened.push(pathTo(board, el));
  }
  const active = document.activeElement;
  const focused = active && board.contains(active) && active !== board ? pathTo(board, active) : null;
  return { scrolled, opened, focused };
}

function restoreView(board, view) {
  for (const [path, left, top] of view.scrolled) {
    const el = elementAt(board, path);
    if (el) {
      el.scrollLeft = left;
      el.scrollTop = top;
    }
  }
  for (const path of view.opened) {
    const el = elementAt(board, path);
    if (el && el.tagName === "DETAILS") el.open = true;
  }
  if (view.focused) elementAt(board, view.focused)?.focus({ preventScroll: true });
}

function pathTo(root, el) {
  const path = [];
  for (let node = el; node !== root; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function elementAt(root, path) {
  let el = root;
  for (const index of path) {
    el = el.children[index];
    if (!el) return null;
  }
  return el;
}

function statusElement(root) {
  let status = document.getElementById("live-status");
  if (!status) {
    status = document.createElement("p");
    status.id = "live-status";
    root.prepend(status);
  }
  status.classList.add("live-status");
  status.setAttribute("role", "status");
  return status;
}

// "14:05" (hours and minutes on the 24-hour clock, as the pages show times), written the
// page's language's way.
function clock(date) {
  return date.toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}
