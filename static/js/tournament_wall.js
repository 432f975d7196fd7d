// The tournament's wall (templates/tournaments/screen.html): tournament.js keeps it live
// (the socket, the part below the header drawn anew when its phase changes, each table's
// save); this draws what is the wall's own:
//
// - The clock, large in the header beside the stage's name, while a timed stage plays
//   (the stage line below gives way to it): minutes and seconds left, counted from the
//   server's time (clock.js: every message and every drawing of the page carry the
//   server's "now", so every screen agrees within a second whatever its own clock says),
//   and "Last round" once time is called.
// - The time calls: at five minutes left and at time, a short chime (made here with the
//   Web Audio API, nothing fetched) and, once "Sound on" was pressed (browsers let a page
//   speak only after a click), the sentence said by the browser's own speech in the
//   page's language. Each is called once per stage, when the clock crosses it.
// - "Find your table": its names as large as fit the screen (fitSeatsIn); more pages than
//   one take turns, each shown FIND_PAGE_MS. The standings between stages take turns so
//   too, a page at a time.
// - The tables in play: fitted and turned as on the night's wall (night_screen.js).
import { minutesAndSeconds, serverClock } from "./clock.js";
import { fitTables, followTables, rotate } from "./night_screen.js";
import { keepAwake, setUpFullScreen } from "./tv.js";
import { gettext, language } from "./words.js";

// A stage's status as the server names it (tournaments/formats.py, StageStatus).
const TIME_CALLED = "time_called";
const PLAYS_ON = ["playing", TIME_CALLED]; // its tables still save rounds

const FIND_PAGE_MS = 12_000;
const FIVE_MINUTES_MS = 5 * 60_000;
const TICK_MS = 250;
const SEATS_FLOOR_PX = 24; // read across a room, as the wall's names (names.js)
const SEATS_MOST_PX = 64;

const wall = document.getElementById("tournament-wall");
const root = document.getElementById("tournament-live");
const box = document.getElementById("wall-clock-box");
const stageName = document.getElementById("wall-clock-stage");
const face = document.getElementById("wall-clock");
const sound = document.getElementById("wall-sound");

if (wall && root && box && face) {
  const clock = serverClock();
  let stage = null;
  let ends = null;
  let called = false;
  let left = null; // at the last tick, for the calls as the clock crosses them
  const said = new Set();
  let findTurns = 0;
  let findShown = 0;
  // The page shown (of seats or of standings) stays shown when the wall is drawn again.
  const fitPage = (page) => {
    findShown = [...root.querySelectorAll(".find-page, .standings-page")].indexOf(page);
    if (page.matches(".find-page")) fitSeatsIn(page);
    else fitStandingsIn(page);
  };

  const read = () => {
    clock.sync(root.dataset.now);
    take(root.dataset.stage, root.dataset.ends, root.dataset.status);
    clearInterval(findTurns);
    const pages = [...root.querySelectorAll(".find-page, .standings-page")];
    // Drawn again (a reconnect): the page shown stays, for a whole turn again.
    if (pages.length > 1) findTurns = rotate(pages, FIND_PAGE_MS, fitPage, findShown);
    else {
      document.getElementById("wall-paging").hidden = true;
      if (pages.length) fitPage(pages[0]);
    }
    fitTables(root);
  };

  // The stage shown, when its clock ends, and whether time is called.
  function take(number, endsAt, status) {
    if (number !== stage) left = null;
    stage = number ?? null;
    ends = endsAt ? Date.parse(endsAt) : null;
    const wasCalled = called;
    called = status === TIME_CALLED;
    if (called && !wasCalled && left !== null) announce("time");
    tick();
  }

  function tick() {
    const playing = root.dataset.phase === "playing" && (ends !== null || called);
    box.hidden = !playing;
    wall.classList.toggle("clocked", playing); // the stage line gives way (tournaments.css)
    if (!playing) return;
    if (stageName.textContent !== root.dataset.title) stageName.textContent = root.dataset.title;
    const now = ends === null ? null : ends - clock.now();
    if (now !== null && left !== null) {
      if (left > FIVE_MINUTES_MS && now <= FIVE_MINUTES_MS && now > 0) announce("five");
      if (left > 0 && now <= 0) announce("time");
    }
    if (now !== null) left = now;
    face.classList.toggle("last-round", called || (now !== null && now <= 0));
    const text = face.classList.contains("last-round") ? gettext("Last round") : minutesAndSeconds(now);
    if (face.textContent !== text) face.textContent = text;
  }

  function announce(kind) {
    const key = `${stage}:${kind}`;
    if (said.has(key)) return;
    said.add(key);
    chime();
    if (sound?.getAttribute("aria-pressed") === "true") {
      say(
        kind === "five"
          ? gettext("Five minutes left.")
          : gettext("Time! Finish the round you are playing; no new round starts."),
      );
    }
  }

  root.addEventListener("trainscore:message", (event) => {
    const message = event.detail;
    // A stage played without its clock started: its first save ends "find your table".
    if (message?.type === "table" && root.dataset.phase === "find") {
      root.dispatchEvent(new CustomEvent("trainscore:redraw"));
    }
    if (message?.type !== "tournament") return;
    if (message.now) clock.sync(message.now);
    const latest = message.stages?.at(-1);
    if (!latest) return;
    take(String(latest.number), latest.clock?.ends, latest.status);
    // The same stage still plays (a table ended, time was called): the tables follow their
    // own messages, and the clock says which way time stands; nothing to fetch.
    const playsOn = PLAYS_ON.includes(latest.status);
    if (root.dataset.phase === "playing" && root.dataset.stage === String(latest.number) && playsOn) {
      event.preventDefault();
      root.dataset.status = latest.status;
    }
  });
  root.addEventListener("trainscore:tournament", read);
  // The header above grows or shrinks (the clock shown, "Live" said): the page shown is
  // fitted again to the room left.
  if ("ResizeObserver" in window) {
    let height = root.clientHeight;
    new ResizeObserver(() => {
      if (root.clientHeight === height) return;
      height = root.clientHeight;
      const pages = [...root.querySelectorAll(".find-page, .standings-page")];
      const shown = pages.find((page) => !page.hidden);
      if (shown) fitPage(shown);
    }).observe(root);
  }
  followTables(root);
  read();
  setInterval(tick, TICK_MS);

  if (sound) {
    sound.hidden = false;
    sound.addEventListener("click", () => {
      const on = sound.getAttribute("aria-pressed") !== "true";
      sound.setAttribute("aria-pressed", String(on));
      if (on) audio()?.resume?.();
    });
  }
  setUpFullScreen(document.getElementById("fullscreen"), wall);
  keepAwake(wall);
}

// The largest names with which a page of seats fits the screen, in four columns or three
// (whichever lets them be larger), no word wider than its column: found by halving.
function fitSeatsIn(page) {
  page.style.removeProperty("column-count");
  page.style.removeProperty("font-size");
  // On a phone the list is one column that scrolls down (tournaments.css).
  if (matchMedia("(max-width: 50rem)").matches) return;
  const fits = () =>
    page.scrollWidth <= page.clientWidth + 1 &&
    page.scrollHeight <= page.clientHeight + 1 &&
    [...page.querySelectorAll(".find-name")].every((name) => name.scrollWidth <= name.clientWidth + 1);
  let best = { columns: 4, px: SEATS_FLOOR_PX };
  for (const columns of [4, 3]) {
    page.style.columnCount = columns;
    let [low, high] = [SEATS_FLOOR_PX, SEATS_MOST_PX];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      page.style.fontSize = `${middle}px`;
      if (fits()) low = middle;
      else high = middle - 1;
    }
    if (low > best.px) best = { columns, px: low };
  }
  page.style.columnCount = best.columns;
  page.style.fontSize = `${best.px}px`;
}

// A page of standings as large as tournaments.css draws it, or smaller (not under
// SEATS_FLOOR_PX) until its long names, wrapped at their spaces, fit the screen's height.
function fitStandingsIn(page) {
  page.style.removeProperty("font-size");
  if (matchMedia("(max-width: 50rem)").matches) return;
  const fits = () =>
    page.scrollHeight <= page.clientHeight + 1 && page.scrollWidth <= page.clientWidth + 1;
  if (fits()) return;
  let [low, high] = [SEATS_FLOOR_PX, Math.floor(parseFloat(getComputedStyle(page).fontSize))];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    page.style.fontSize = `${middle}px`;
    if (fits()) low = middle;
    else high = middle - 1;
  }
  page.style.fontSize = `${low}px`;
}

let context = null;
function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!context && Context) context = new Context();
  return context;
}

// Two short tones, falling: heard across a room, over before anyone speaks.
function chime() {
  const sounds = audio();
  if (!sounds) return;
  const start = sounds.currentTime;
  [880, 660].forEach((pitch, n) => {
    const tone = sounds.createOscillator();
    const volume = sounds.createGain();
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.3, start + n * 0.35);
    volume.gain.exponentialRampToValueAtTime(0.001, start + n * 0.35 + 0.5);
    tone.connect(volume).connect(sounds.destination);
    tone.start(start + n * 0.35);
    tone.stop(start + n * 0.35 + 0.5);
  });
}

function say(sentence) {
  if (!("speechSynthesis" in window) || typeof SpeechSynthesisUtterance === "undefined") return;
  const utterance = new SpeechSynthesisUtterance(sentence);
  utterance.lang = language;
  window.speechSynthesis.speak(utterance);
}
