// The scorekeeper's outbox: a round saved while the server can't be reached is kept
// in this browser (localStorage, so it survives a reload) and sent by itself, in
// order, once the connection is back. keeper.js hands it the saves it could not send.
// - keep(form) stores the round form's fields with the board version they were based
//   on. A save made while others of the same game wait is queued behind them and
//   "chained": it is sent on the version the save before it produced, since it was
//   typed on top of it.
// - Sending starts on load, on the "online" event, when live.js's socket is live again
//   after being down ("trainscore:status"), and on a back-off timer while saves wait.
//   (Live again after only "checking" — the socket answered while a save failed — waits
//   for the timer, so a server that answers the socket but not saves is not hammered.)
//   One tab sends at a time (Web Locks), so two tabs never send the same save twice.
// - A save the server refuses (409: the board changed meanwhile; 422: a bad field)
//   stops this game's queue: its answer is drawn as a direct save's would be (the
//   latest board and form, the server's sentence), and the saves queued after it are
//   not sent, because they were typed on top of it; the sentence names them with
//   their scores so they can be entered again. Nothing is overwritten.
// - A save whose answer was lost is sent again; the server records an identical
//   save once ("already has these scores").
// - #outbox-status says how many saves wait: "2 saves waiting to be sent …".
import { gettext, interpolate, language, ngettext } from "./words.js";

const STORE = "trainscore.outbox";
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

function read() {
  try {
    const items = JSON.parse(localStorage.getItem(STORE) ?? "[]");
    return Array.isArray(items) ? items : [];
  } catch {
    return [];
  }
}

function write(items) {
  if (items.length) localStorage.setItem(STORE, JSON.stringify(items));
  else localStorage.removeItem(STORE);
}

function exclusively(task) {
  return navigator.locks ? navigator.locks.request(STORE, task) : task();
}

export class Outbox {
  // post(url, FormData) → { response, data } or throws when the server can't be reached;
  // answered(data) draws a server answer as keeper.js draws its own; say(text) tells the keeper.
  constructor({ code, post, answered, say }) {
    this.code = code;
    this.post = post;
    this.answered = answered;
    this.say = say;
    this.sending = false;
    this.retryTimer = 0;
    this.retryMs = RETRY_FIRST_MS;
    window.addEventListener("online", () => this.sendNow());
    window.addEventListener("storage", (event) => {
      if (event.key === STORE) this.show();
    });
    let linkState = null;
    document.addEventListener("trainscore:status", (event) => {
      const state = event.detail?.state;
      if (state === "live" && linkState !== "checking") this.sendNow();
      linkState = state;
    });
    this.show();
    this.send();
  }

  waiting() {
    return read().filter((item) => item.code === this.code);
  }

  holds() {
    return this.waiting().length > 0;
  }

  // Keep the form's save to send later; false (nothing kept) when the form is not filled in.
  // `reason`: the server's own sentence, when it answered but could not save (a 503).
  keep(form, { reason = "" } = {}) {
    const number = Number(form.elements.number.value);
    if (!form.checkValidity()) {
      // Sent later, it would only be refused: the keeper puts it right now, while they can.
      this.say(
        interpolate(
          gettext(
            "Round %(number)s can't be kept to send later until every field is filled in correctly: check the marked field, then press Save again.",
          ),
          { number },
        ),
      );
      form.reportValidity();
      return false;
    }
    const items = read();
    const nextRound = Number(document.getElementById("board")?.dataset.nextRound || 0);
    // A new round (not a correction): the form moves on to the one after it.
    const fresh = number >= Math.max(nextRound, this.lastFresh() + 1);
    items.push({
      code: this.code,
      url: form.action,
      number,
      version: Number(form.elements.version.value),
      chained: items.some((item) => item.code === this.code),
      fresh,
      fields: [...new FormData(form)].filter(([name]) => name !== "csrfmiddlewaretoken"),
      scores: typedScores(form),
    });
    write(items);
    if (fresh) moveToRound(form, number + 1);
    form.querySelector("input.score")?.focus();
    const kept = interpolate(
      gettext(
        "Round %(number)s is kept in this browser and will be sent by itself when the connection is back.",
      ),
      { number },
    );
    this.say([reason, kept].filter(Boolean).join(" "));
    this.show();
    document.dispatchEvent(new CustomEvent("trainscore:unreachable"));
    this.send();
    return true;
  }

  // The highest new round waiting to be sent (0 when none).
  lastFresh() {
    return Math.max(0, ...this.waiting().filter((item) => item.fresh).map((item) => item.number));
  }

  sendNow() {
    this.retryMs = RETRY_FIRST_MS;
    this.send();
  }

  async send() {
    clearTimeout(this.retryTimer);
    this.retryTimer = 0;
    if (this.sending || !this.holds() || navigator.onLine === false) return;
    this.sending = true;
    let reached = true;
    try {
      reached = await exclusively(() => this.sendWaiting());
    } finally {
      this.sending = false;
      this.show();
    }
    if (!reached) {
      document.dispatchEvent(new CustomEvent("trainscore:unreachable"));
      this.retryTimer = setTimeout(() => this.send(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    } else {
      this.retryMs = RETRY_FIRST_MS;
      if (this.holds()) this.send(); // kept while the last one was on its way
    }
  }

  // Send this game's saves in order; false when the server could not be reached.
  async sendWaiting() {
    for (;;) {
      const item = this.waiting()[0]; // read again: another tab may have sent it
      if (!item) return true;
      const body = new FormData();
      for (const [name, value] of item.fields) body.append(name, value);
      body.set("version", String(item.version));
      let answer;
      try {
        answer = await this.post(item.url, body);
      } catch {
        return false;
      }
      const { response, data } = answer;
      if (response.status >= 500) return false;
      if (response.ok) {
        this.settle(item, { version: data.version });
        this.answered(data);
        this.catchUp(data.version);
        this.say(data.message ?? "");
      } else {
        const dropped = this.settle(item, { refused: true });
        this.answered(data);
        this.say([data.message ?? "", notSent(dropped)].filter(Boolean).join(" "));
        return true;
      }
    }
  }

  // Take a sent save out. After a success the next save of this game, typed on top of
  // it, is based on the version it produced; after a refusal the rest of the game's
  // queue goes too (returned, to be named).
  settle(sent, { version = null, refused = false }) {
    const items = read();
    const at = items.findIndex((item) => JSON.stringify(item) === JSON.stringify(sent));
    if (at === -1) return [];
    items.splice(at, 1);
    const later = items.filter((item, i) => i >= at && item.code === this.code);
    if (refused) {
      write(items.filter((item) => !later.includes(item)));
      return later;
    }
    const next = later[0];
    if (next?.chained) Object.assign(next, { version, chained: false });
    write(items);
    return [];
  }

  // The form shows the round after the last one waiting, so the keeper carries on.
  catchUp(version = null) {
    const form = document.getElementById("round-form");
    if (!form) return;
    if (version !== null && form.dataset.outbox === "ahead") form.elements.version.value = version;
    const last = this.lastFresh();
    if (last && Number(form.elements.number.value) <= last && isEmpty(form)) {
      moveToRound(form, last + 1);
    }
  }

  show() {
    this.catchUp();
    const status = document.getElementById("outbox-status");
    if (!status) return;
    const waiting = this.waiting();
    const count = waiting.length;
    const text = count
      ? interpolate(
          ngettext(
            "%(count)s save waiting to be sent (%(rounds)s); it goes by itself when the connection is back.",
            "%(count)s saves waiting to be sent (%(rounds)s); they go by themselves when the connection is back.",
            count,
          ),
          { count, rounds: roundsList(waiting.map((item) => item.number)) },
        )
      : "";
    if (status.textContent !== text) status.textContent = text;
    status.hidden = count === 0;
  }
}

function typedScores(form) {
  return [...form.querySelectorAll("input.score")]
    .map((input) => `${input.labels?.[0]?.textContent.trim() ?? input.name} ${input.value}`)
    .join(", ");
}

function isEmpty(form) {
  return [...form.querySelectorAll("input.score")].every((input) => input.value === "");
}

// Turn the form into the next round's, in place: the server's own form for it arrives
// with the answer to the save before it.
function moveToRound(form, number) {
  const planned = Number(JSON.parse(document.getElementById("table-data")?.textContent ?? "{}").rounds);
  if (planned && number > planned) return;
  const previous = Number(form.elements.number.value);
  form.elements.number.value = number;
  form.dataset.round = number;
  form.dataset.outbox = "ahead";
  for (const input of form.querySelectorAll("input.score")) {
    input.value = "";
    input.removeAttribute("aria-invalid");
  }
  if (form.elements.engine?.tagName === "SELECT") form.elements.engine.value = "";
  // The schedule's double for the round is the server's to name; it picks it on save.
  for (const preset of form.querySelectorAll(".engine-preset")) preset.hidden = true;
  for (const stale of form.querySelectorAll(".field-error, .form-error, #engine-drawn")) {
    stale.textContent = "";
  }
  // The round's number in the form's heading and Save button, whatever their language.
  const before = new RegExp(`(?<!\\d)${previous}(?!\\d)`);
  for (const part of form.querySelectorAll("legend, [type=submit]")) {
    const texts = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      node.nodeValue = node.nodeValue.replace(before, String(number));
    }
  }
}

// "round 2", "rounds 1 and 2", in the page's language.
function roundsList(numbers) {
  const list = new Intl.ListFormat(language, { type: "conjunction" }).format(numbers.map(String));
  return interpolate(ngettext("round %(list)s", "rounds %(list)s", numbers.length), { list });
}

function notSent(dropped) {
  if (!dropped.length) return "";
  const rounds = dropped
    .map(({ number, scores }) => interpolate(gettext("round %(number)s (%(scores)s)"), { number, scores }))
    .join("; ");
  return interpolate(
    ngettext(
      "Not sent, because it was typed after the refused save: %(rounds)s. Check the board, then enter it again if it is still right.",
      "Not sent, because they were typed after the refused save: %(rounds)s. Check the board, then enter them again if they are still right.",
      dropped.length,
    ),
    { rounds },
  );
}
