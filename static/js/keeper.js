// The scorekeeper's side of the game page, on top of plain forms that work without it:
// - the Scorekeeper button shows and hides the panel without a reload;
// - Save, Undo and Redo go through fetch and the page updates in place;
// - a round save that can't reach the server, or that it cannot take just now (5xx), goes
//   to the outbox (outbox.js), which keeps it in this browser and sends it by itself once
//   the connection is back;
// - after a live update (live.js) the panel follows the new version, but a form
//   with typing in it keeps its version, so its save is refused as stale instead of
//   silently overwriting what another device saved.
import { Outbox } from "./outbox.js";
import { setUpHelpers } from "./tally.js";
import { gettext, interpolate } from "./words.js";

// A save that hears nothing back for this long counts as not sent (a silent drop).
const SAVE_TIMEOUT_MS = 20_000;

const panel = document.getElementById("keeper");
const toggle = document.getElementById("keeper-toggle");
const formBox = document.getElementById("keeper-form");
const actionsBox = document.getElementById("keeper-actions");
const changesBox = document.getElementById("changes");
const historyDetails = document.getElementById("history-details");
const status = document.getElementById("keeper-status");

let known = boardVersion();
let dirty = false;
let pickedRound = null;
let busy = false;

function say(message) {
  if (!status) return;
  // Clear first so the same sentence twice is still announced.
  status.textContent = "";
  setTimeout(() => {
    status.textContent = message;
  }, 30);
}

function boardVersion() {
  return Number(document.getElementById("board")?.dataset.version ?? 0);
}

function roundForm() {
  return document.getElementById("round-form");
}

// Where a round starts: the double (one tap to draw), else the first player's score.
function firstControl(form) {
  return form?.querySelector("select:not([hidden]), input.score");
}

// Helper buttons need JavaScript, so they start hidden and are shown here.
function enhance(root) {
  for (const node of root.querySelectorAll("[data-helper], [data-draw]")) node.hidden = false;
}

// --- The Scorekeeper button ---------------------------------------------------------

function setOpen(open, { focus = true } = {}) {
  panel.hidden = !open;
  toggle.setAttribute("aria-expanded", String(open));
  toggle.setAttribute("href", `${open ? "?" : "?edit=1"}#keeper`);
  const url = new URL(window.location.href);
  if (open) url.searchParams.set("edit", "1");
  else url.searchParams.delete("edit");
  url.hash = open ? "keeper" : "";
  window.history.replaceState(null, "", url);
  if (open && focus) {
    (firstControl(roundForm()) ?? panel.querySelector("h2"))?.focus({ preventScroll: false });
    panel.scrollIntoView({ block: "start" });
  }
}

if (toggle && panel) {
  toggle.setAttribute("role", "button");
  toggle.addEventListener("click", (event) => {
    event.preventDefault();
    setOpen(panel.hidden);
  });
  toggle.addEventListener("keydown", (event) => {
    if (event.key === " ") {
      event.preventDefault();
      setOpen(panel.hidden);
    }
  });
  panel.querySelector("h2")?.setAttribute("tabindex", "-1");
}

// --- Talking to the server -----------------------------------------------------------

function csrfToken() {
  return document.querySelector("input[name=csrfmiddlewaretoken]")?.value ?? "";
}

async function request(url, { body = null } = {}) {
  const response = await fetch(url, {
    method: body ? "POST" : "GET",
    body,
    headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
    credentials: "same-origin",
    signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
  });
  const data = await response.json();
  return { response, data };
}

function replaceBoard(html, version) {
  const board = document.getElementById("board");
  if (!board || !html) return;
  // Never step back, nor draw again: a live push may already have brought this board.
  if (Number(board.dataset.version) >= version) return;
  board.outerHTML = html;
}

// Draw what the server sent: board, actions, history, and the form unless it is kept.
function apply(data, { keepForm = false } = {}) {
  replaceBoard(data.board_html, data.version);
  if (actionsBox && data.actions_html != null) actionsBox.innerHTML = data.actions_html;
  if (changesBox && data.changes_html != null) changesBox.innerHTML = data.changes_html;
  if (formBox && data.form_html != null && !keepForm) {
    formBox.innerHTML = data.form_html;
    enhance(formBox);
    dirty = false;
  }
  known = Math.max(known, data.version ?? 0);
}

function focusAfter(ok) {
  const form = roundForm();
  if (!form) return;
  const target = ok
    ? firstControl(form)
    : form.querySelector("[aria-invalid=true]") ?? form.querySelector(".form-error") ?? firstControl(form);
  if (target && !target.matches("input, select, button")) target.setAttribute("tabindex", "-1");
  target?.focus();
}

async function submit(form, { isRound = false } = {}) {
  if (busy) return;
  if (isRound && outbox?.holds()) {
    // Saves are waiting to be sent: this one goes behind them, in order.
    if (outbox.keep(form)) dirty = false;
    return;
  }
  busy = true;
  const button = form.querySelector("[type=submit]");
  if (button) button.disabled = true;
  form.setAttribute("aria-busy", "true");
  try {
    const { response, data } = await request(form.action, { body: new FormData(form) });
    if (response.status >= 500 && isRound && outbox) {
      // The server answered but could not save (its database is restarting: 503): kept
      // and sent again by itself, as when the server can't be reached at all.
      if (outbox.keep(form, { reason: data.message })) dirty = false;
      return;
    }
    if (response.ok && isRound) pickedRound = null;
    // Undo and Redo leave typing in the round form alone (its version too, so a
    // save of it is checked against what the undo changed).
    apply(data, { keepForm: !isRound && dirty });
    say(data.message ?? "");
    if (isRound) focusAfter(response.ok);
  } catch {
    if (isRound && outbox) {
      if (outbox.keep(form)) dirty = false;
    } else {
      say(
        gettext(
          "The server couldn't be reached, so nothing was changed: check the connection, then try again.",
        ),
      );
    }
  } finally {
    busy = false;
    if (button?.isConnected) button.disabled = false;
    form.removeAttribute("aria-busy");
  }
}

async function openRound(number) {
  const question = gettext("The scores typed in the form are not saved. Open another round anyway?");
  if (dirty && !window.confirm(question)) return;
  try {
    const { data } = await request(panelUrl(number));
    pickedRound = number;
    apply(data);
    say(interpolate(gettext("Round %(number)s is in the form."), { number }));
    roundForm()?.querySelector("input.score")?.focus();
  } catch {
    say(gettext("The server couldn't be reached; try again in a moment."));
  }
}

function panelUrl(number = pickedRound) {
  const url = new URL(document.getElementById("game").dataset.panel, window.location.origin);
  if (number) url.searchParams.set("round", number);
  return url;
}

// --- The forms ---------------------------------------------------------------------

const outbox = formBox
  ? new Outbox({
      code: document.getElementById("game").dataset.code,
      post: (url, body) => request(url, { body }),
      answered: (data) => apply(data, { keepForm: data.ok && dirty }),
      say,
    })
  : null;

if (panel && formBox) {
  enhance(formBox);
  panel.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.id === "round-form") {
      event.preventDefault();
      submit(form, { isRound: true });
    } else if (form.id === "round-picker") {
      event.preventDefault();
      openRound(Number(form.elements.round.value));
    } else if (form.classList.contains("change-form")) {
      event.preventDefault();
      submit(form);
    }
  });
  // Enter (the keypad's "next") in a player's score moves to the next player, and on
  // the last one saves (without scripts, Enter saves at once, as any form does).
  panel.addEventListener("keydown", (event) => {
    const input = event.target;
    if (event.key !== "Enter" || event.isComposing || !input.matches("#round-form input.score")) return;
    event.preventDefault();
    const scores = [...input.form.querySelectorAll("input.score")];
    const next = scores[scores.indexOf(input) + 1];
    if (next) {
      next.focus();
      next.select();
    } else {
      input.form.requestSubmit();
    }
  });
  for (const type of ["input", "change"]) {
    panel.addEventListener(type, (event) => {
      if (event.target.closest("#round-form")) dirty = true;
    });
  }
  panel.addEventListener("click", (event) => {
    const draw = event.target.closest("[data-draw]");
    if (!draw) return;
    const select = roundForm()?.elements.engine;
    const left = [...(select?.options ?? [])].filter((option) => option.value !== "");
    if (!left.length) return;
    const random = new Uint32Array(1);
    crypto.getRandomValues(random);
    const pick = left[random[0] % left.length];
    select.value = pick.value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    const drawn = document.getElementById("engine-drawn");
    if (drawn) drawn.textContent = interpolate(gettext("Drawn: the %(double)s."), { double: pick.text });
  });
  const tableData = document.getElementById("table-data");
  const figures = document.getElementById("scoring-figures");
  if (tableData && figures) {
    setUpHelpers(panel, JSON.parse(tableData.textContent), JSON.parse(figures.textContent));
  }
}

// --- Following live updates -----------------------------------------------------------

async function follow(version) {
  // A save in flight (or the outbox's) brings its own answer, as new as this push.
  if (busy || outbox?.sending || version <= known) return;
  const keeping = Boolean(formBox || actionsBox);
  if (!keeping && !historyDetails?.open) return; // fetched when the history is opened
  try {
    const { data } = await request(panelUrl());
    const keepForm = dirty && data.status !== "finished";
    apply(data, { keepForm });
    outbox?.catchUp();
    if (keepForm) {
      say(
        gettext(
          "The board changed on another device. What you typed is kept; saving it will show you the latest values first.",
        ),
      );
    }
  } catch {
    // The next update or a reload brings the page up to date.
  }
}

document.addEventListener("trainscore:snapshot", (event) => {
  const version = Number(event.detail?.version ?? 0);
  follow(version);
});

historyDetails?.addEventListener("toggle", () => {
  if (historyDetails.open) follow(boardVersion());
});
