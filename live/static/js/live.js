// Keeps a board live. Any page with <div id="game" data-code="…"> around the board
// partial (#board) gets each saved change pushed over a websocket and drawn in
// place, with no reload. The page works without this script; it only adds liveness.
//
// - Every message is the snapshot plus "html", the same board partial the page was
//   rendered with: #board is swapped for it unless its version is older than the
//   one shown. Then "trainscore:snapshot" is dispatched on document with the
//   message as detail (the scorekeeper form and the big screen listen).
// - Cells whose text changed get the class "changed" for FLASH_MS (live.css flashes
//   them, or outlines them when the reader asked for reduced motion). Scroll
//   positions, open <details> and focus inside the board are kept across the swap.
// - A dropped socket (or one whose handshake takes over OPEN_TIMEOUT_MS) is reopened
//   after a jittered exponential back-off: between half and all of 0.5 s, 1 s, 2 s …
//   capped at RETRY_MAX_MS; it starts over once a message arrives. The server sends
//   the full snapshot on every connect, so a reconnect resyncs whatever was missed.
//   Coming back online or to a visible tab retries at once.
// - Heartbeat: a ping every PING_MS; nothing heard for DEAD_MS means the
//   connection died silently, and it is dropped and reopened (noticed in < 1 min).
// - While the socket is down, GET /api/games/<code> is polled every POLL_MS; a
//   newer version fetches the bare board from /games/<code>/board/.
// - #live-status (made if the page has none) says live / reconnecting /
//   offline since HH:MM; its data-state is "live", "reconnecting" or "offline".

const PING_MS = 20_000;
const DEAD_MS = 45_000;
const CHECK_MS = 5_000;
const POLL_MS = 5_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
const OFFLINE_AFTER_MS = 15_000;
const OPEN_TIMEOUT_MS = 10_000;
const FLASH_MS = 1_500;
const UNKNOWN_GAME = 4404;

const root = document.querySelector("#game[data-code]");
if (root && "WebSocket" in window) {
  follow(root);
}

function follow(root) {
  const code = encodeURIComponent(root.dataset.code);
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socketUrl = `${scheme}//${location.host}/ws/games/${code}/`;
  const apiUrl = `/api/games/${code}`;
  const boardUrl = `/games/${code}/board/`;
  const status = statusElement(root);

  let socket = null;
  let attempts = 0;
  let retryTimer = 0;
  let pollTimer = 0;
  let checkTimer = 0;
  let lastHeard = 0;
  let lastPing = 0;
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
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && typeof message.version === "number") apply(message);
    };
    // An error is always followed by a close, so only the close is handled.
    ws.onclose = (event) => {
      clearTimeout(opening);
      if (socket !== ws) return;
      socket = null;
      if (event.code === UNKNOWN_GAME) {
        stop("This game no longer exists.");
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
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    try {
      ws.close();
    } catch {
      // already closed
    }
  }

  function lost() {
    stopChecking();
    if (stopped) return;
    if (downSince === null) downSince = new Date();
    show();
    startPolling();
    if (retryTimer) return;
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempts);
    attempts += 1;
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
      if (now - lastHeard > DEAD_MS) {
        drop();
        lost();
      } else if (now - lastPing >= PING_MS) {
        lastPing = now;
        socket.send('{"type":"ping"}');
      }
    }, CHECK_MS);
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
      const answer = await fetch(apiUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
      if (!answer.ok) return;
      const snapshot = await answer.json();
      if (!(snapshot.version > shownVersion())) return;
      const board = await fetch(boardUrl, { cache: "no-store" });
      if (!board.ok) return;
      apply({ ...snapshot, html: (await board.text()).trim() });
    } catch {
      // Still offline; the next poll tries again.
    }
  }

  function show() {
    if (stopped) return;
    if (socket && socket.readyState === WebSocket.OPEN && downSince === null) {
      setStatus("live", "Live");
    } else if (navigator.onLine !== false && Date.now() - (downSince ?? Date.now()) < OFFLINE_AFTER_MS) {
      setStatus("reconnecting", "Reconnecting…");
    } else {
      setStatus("offline", `Offline since ${clock(downSince ?? new Date())}; still trying`);
    }
  }

  function setStatus(state, text) {
    if (status.dataset.state === state && status.textContent === text) return;
    status.dataset.state = state;
    status.textContent = text;
  }

  window.addEventListener("online", retryNow);
  window.addEventListener("offline", show);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") retryNow();
  });
  window.addEventListener("pagehide", halt);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) retryNow();
  });

  setStatus("reconnecting", "Connecting…");
  connect();
}

function shownVersion() {
  const board = document.getElementById("board");
  return board ? Number(board.dataset.version) : -1;
}

function apply(message) {
  const board = document.getElementById("board");
  const shown = shownVersion();
  if (message.version < shown) return;
  if (board && message.version > shown && typeof message.html === "string") {
    const before = cellTexts(board);
    const view = viewState(board);
    board.outerHTML = message.html;
    const fresh = document.getElementById("board");
    if (fresh) {
      restoreView(fresh, view);
      flashChanges(before, fresh);
    }
  }
  document.dispatchEvent(new CustomEvent("trainscore:snapshot", { detail: message }));
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

function clock(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
