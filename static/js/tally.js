// The score helpers one tap away from each score field: the pip counter, Derailing's
// "went out by derailing" and Number 9's points for a turn. They only fill in the
// form; the scorekeeper still checks the numbers and presses Save.
import {
  COMMUNITY_TRAIN,
  ScoringError,
  number9TurnPoints,
  pipCount,
  tileName,
  wentOutByDerailing,
} from "./scoring.js";
import { gettext, interpolate, language, ngettext } from "./words.js";

function element(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else if (value === true) node.setAttribute(name, "");
    else if (value !== false && value != null) node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

function nameOf(table, playerId) {
  return table.players.find((p) => p.id === playerId)?.name ?? "";
}

function scoreInput(playerId) {
  return document.querySelector(`#round-form input[name="score-${playerId}"]`);
}

// Put `value` in a player's field (or add to it) and tell the form it was typed in.
function fill(playerId, value, { add = false } = {}) {
  const input = scoreInput(playerId);
  if (!input) return;
  const current = Number.parseInt(input.value, 10);
  input.value = add && Number.isFinite(current) ? current + value : value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function dialogShell(id, title) {
  const heading = element("h2", { id: `${id}-title`, text: title });
  const form = element("form", { method: "dialog" });
  const dialog = element("dialog", { id, class: "helper-dialog", "aria-labelledby": heading.id });
  form.append(heading);
  dialog.append(form);
  document.body.append(dialog);
  return { dialog, form, heading };
}

function actions(useLabel) {
  const use = element("button", { value: "use", class: "primary", text: useLabel });
  const cancel = element("button", { value: "cancel", formnovalidate: true, text: gettext("Cancel") });
  return { row: element("div", { class: "dialog-actions" }, use, cancel), use };
}

// --- Pip counter ------------------------------------------------------------------

function pipCounter(table) {
  const { dialog, form, heading } = dialogShell("pip-counter", gettext("Count pips"));
  const intro = element("p", {
    class: "help",
    text: table.double_blank
      ? interpolate(
          gettext("Tap each tile left in the hand; tap again to take it back. The 0|0 counts %(points)s."),
          { points: table.double_blank },
        )
      : gettext("Tap each tile left in the hand; tap again to take it back. The 0|0 counts nothing."),
  });
  const tiles = element("div", {
    class: "tiles",
    role: "group",
    "aria-label": interpolate(gettext("Tiles of a double-%(size)s set"), { size: table.set_size }),
  });
  const picked = new Set();
  for (let high = table.set_size; high >= 0; high--) {
    const row = element("div", { class: "tile-row" });
    for (let low = high; low >= 0; low--) {
      const key = `${low},${high}`;
      const button = element("button", {
        type: "button",
        class: "tile",
        "aria-pressed": "false",
        "data-tile": key,
        text: tileName([high, low]),
      });
      button.addEventListener("click", () => {
        const on = !picked.has(key);
        if (on) picked.add(key);
        else picked.delete(key);
        button.setAttribute("aria-pressed", String(on));
        update();
      });
      row.append(button);
    }
    tiles.append(row);
  }
  const sum = element("p", { class: "pip-sum", "aria-live": "polite" });
  const clear = element("button", { type: "button", text: gettext("Clear") });
  const { row, use } = actions(gettext("Use"));
  row.append(clear);
  form.append(intro, tiles, sum, row);

  let playerId = null;
  let total = 0;
  function update() {
    const hand = [...picked].map((key) => key.split(",").map(Number));
    total = pipCount(hand, { doubleBlank: table.double_blank });
    sum.textContent = interpolate(
      ngettext("%(count)s tile, worth %(pips)s.", "%(count)s tiles, worth %(pips)s.", hand.length),
      { pips: total, count: hand.length },
    );
    use.textContent = interpolate(gettext("Use %(points)s for %(name)s"), {
      points: total,
      name: nameOf(table, playerId),
    });
  }
  clear.addEventListener("click", () => {
    picked.clear();
    for (const b of tiles.querySelectorAll("[aria-pressed]")) b.setAttribute("aria-pressed", "false");
    update();
  });
  dialog.addEventListener("close", () => {
    if (dialog.returnValue === "use" && playerId != null) fill(playerId, total);
    scoreInput(playerId)?.focus();
  });
  return (id) => {
    playerId = id;
    heading.textContent = interpolate(gettext("Count pips for %(name)s"), { name: nameOf(table, id) });
    clear.click();
    dialog.returnValue = "";
    dialog.showModal();
  };
}

// --- Derailing: went out by derailing --------------------------------------------

function derailHelper(table, figures) {
  const { dialog, form } = dialogShell("derail-helper", gettext("Went out by derailing"));
  const intro = element("p", {
    class: "help",
    text: gettext(
      "When the last tile played is a double that derails a train, its pips go to the train's owner, or to everyone else for the community train. Enter the hands first, then add these points on top.",
    ),
  });
  const field = (label, control) => {
    const id = `derail-${control.name}`;
    control.id = id;
    return element("div", { class: "field" }, element("label", { for: id, text: label }), control);
  };
  const playerOptions = () => table.players.map((p) => element("option", { value: p.id, text: p.name }));
  const wentOut = element("select", { name: "went-out" }, ...playerOptions());
  const derailed = element(
    "select",
    { name: "derailed" },
    ...playerOptions(),
    element("option", { value: COMMUNITY_TRAIN, text: gettext("The community train") }),
  );
  const doubles = [];
  for (let d = table.set_size; d >= 0; d--) doubles.push(element("option", { value: d, text: tileName([d, d]) }));
  const tile = element("select", { name: "tile" }, ...doubles);
  const doubledOut = element("input", { type: "checkbox", name: "doubled-out", id: "derail-doubled-out" });
  const doubledRow = element(
    "div",
    { class: "field check" },
    doubledOut,
    element("label", {
      for: "derail-doubled-out",
      text: gettext("They doubled out: derailed and put the train back on track in the same turn"),
    }),
  );
  const preview = element("p", { class: "derail-preview", "aria-live": "polite" });
  const { row, use } = actions(gettext("Add to the scores"));
  form.append(
    intro,
    field(gettext("Who went out"), wentOut),
    field(gettext("Whose train was derailed"), derailed),
    field(gettext("The last tile played"), tile),
    doubledRow,
    preview,
    row,
  );

  let extra = new Map();
  function update() {
    const value = (select) =>
      select.value === COMMUNITY_TRAIN ? COMMUNITY_TRAIN : Number(select.value);
    try {
      extra = wentOutByDerailing(
        table.players.map((p) => p.id),
        {
          wentOut: value(wentOut),
          derailed: value(derailed),
          lastTile: [Number(tile.value), Number(tile.value)],
          doubledOut: doubledOut.checked,
        },
        figures,
      );
      const parts = [...extra].map(([id, pips]) =>
        interpolate(gettext("%(points)s to %(name)s"), { points: pips, name: nameOf(table, id) }),
      );
      // "12 to Bob", or "6 to Ann, 6 to Cy" (a list of amounts, as the language writes one).
      const list = new Intl.ListFormat(language, { type: "unit" }).format(parts);
      preview.textContent = parts.length
        ? interpolate(gettext("Adds %(list)s."), { list })
        : gettext("Doubling out adds nothing to anyone.");
      use.disabled = false;
    } catch (error) {
      if (!(error instanceof ScoringError)) throw error;
      extra = new Map();
      preview.textContent = error.message;
      use.disabled = true;
    }
  }
  form.addEventListener("change", update);
  dialog.addEventListener("close", () => {
    if (dialog.returnValue === "use") {
      for (const [id, pips] of extra) fill(id, pips, { add: true });
    }
  });
  return () => {
    update();
    dialog.returnValue = "";
    dialog.showModal();
  };
}

// --- Number 9: points for a turn ---------------------------------------------------

function turnHelper(table, figures) {
  const { dialog, form, heading } = dialogShell("turn-helper", gettext("Add a turn"));
  const tournament = table.variant === "tournament";
  const intro = element("p", {
    class: "help",
    text: gettext("Build one turn's points from what was played; they are added to the round's field."),
  });
  const number = (name, label) => {
    const input = element("input", {
      type: "number",
      inputmode: "numeric",
      min: "0",
      value: "0",
      name,
      id: `turn-${name}`,
    });
    return [input, element("div", { class: "field" }, element("label", { for: input.id, text: label }), input)];
  };
  const check = (name, label) => {
    const input = element("input", { type: "checkbox", name, id: `turn-${name}` });
    return [input, element("div", { class: "field check" }, input, element("label", { for: input.id, text: label }))];
  };
  const [dominoes, dominoesRow] = number("dominoes", gettext("Dominoes played this turn"));
  const [hub, hubRow] = check(
    "hub",
    interpolate(gettext("Started a new train at the hub (+%(bonus)s)"), { bonus: figures.hub_train_bonus }),
  );
  const [double, doubleRow] = check(
    "double",
    interpolate(gettext("Played the starting double (+%(bonus)s)"), { bonus: figures.starting_double_bonus }),
  );
  const whole = element(
    "fieldset",
    { class: "field" },
    element("legend", { text: gettext("Whole hand in one turn") }),
  );
  const wholeChoices = [
    ["", gettext("No")],
    ...(tournament
      ? []
      : [["slam", interpolate(gettext("Grand slam (+%(bonus)s)"), { bonus: figures.grand_slam_bonus })]]),
    ["hub", interpolate(gettext("Sweep from the hub (+%(bonus)s)"), { bonus: figures.sweep_bonus })],
    ["train", interpolate(gettext("Sweep onto a train (+%(bonus)s)"), { bonus: figures.sweep_bonus })],
  ];
  for (const [value, label] of wholeChoices) {
    const id = `turn-whole-${value || "none"}`;
    const radio = element("input", { type: "radio", name: "whole", value, id, checked: value === "" });
    whole.append(element("div", { class: "check" }, radio, element("label", { for: id, text: label })));
  }
  const [captured, capturedRow] = number("captured", gettext("Dominoes captured from the other hands"));
  const preview = element("p", { class: "turn-preview", "aria-live": "polite" });
  const { row, use } = actions(gettext("Add"));
  form.append(intro, dominoesRow, hubRow);
  if (!tournament) form.append(doubleRow);
  form.append(whole, capturedRow, preview, row);

  let playerId = null;
  let points = 0;
  function update() {
    const wholeValue = form.querySelector("input[name=whole]:checked")?.value ?? "";
    try {
      points = number9TurnPoints(
        {
          variant: table.variant,
          dominoes: Number.parseInt(dominoes.value, 10) || 0,
          startedTrainAtHub: hub.checked,
          startingDouble: !tournament && double.checked,
          grandSlam: wholeValue === "slam",
          sweepFrom: wholeValue === "hub" || wholeValue === "train" ? wholeValue : null,
          captured: Number.parseInt(captured.value, 10) || 0,
        },
        figures,
      );
      preview.textContent = interpolate(
        ngettext("This turn scores %(points)s point.", "This turn scores %(points)s points.", points),
        { points },
      );
      use.textContent = interpolate(gettext("Add %(points)s to %(name)s"), {
        points,
        name: nameOf(table, playerId),
      });
      use.disabled = false;
    } catch (error) {
      if (!(error instanceof ScoringError)) throw error;
      preview.textContent = error.message;
      use.disabled = true;
    }
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  dialog.addEventListener("close", () => {
    if (dialog.returnValue === "use" && playerId != null) fill(playerId, points, { add: true });
    scoreInput(playerId)?.focus();
  });
  return (id) => {
    playerId = id;
    heading.textContent = interpolate(gettext("Add a turn for %(name)s"), { name: nameOf(table, id) });
    form.reset();
    update();
    dialog.returnValue = "";
    dialog.showModal();
  };
}

// Wire the helper buttons inside `root` (event delegation: the form is redrawn after saves).
// `table` is the game's Table.as_dict() with its players; `figures` is
// rules/scoring.py's scoring_figures().
export function setUpHelpers(root, table, figures) {
  const openers = {};
  const opener = (kind) => {
    if (!openers[kind]) {
      const make = { pips: pipCounter, derail: derailHelper, turn: turnHelper }[kind];
      openers[kind] = make(table, figures);
    }
    return openers[kind];
  };
  root.addEventListener("click", (event) => {
    const button = event.target.closest("[data-helper]");
    if (!button || !root.contains(button)) return;
    opener(button.dataset.helper)(Number(button.dataset.player));
  });
}
