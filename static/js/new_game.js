// The new-game form, a little quicker with JavaScript: ticking players numbers their
// seats in the order they were ticked, and a line says how many tiles to deal.
import { gettext, interpolate } from "./words.js";

const form = document.getElementById("new-game");

function seatInput(checkbox) {
  return form.querySelector(`input[name="seat-${checkbox.value}"]`);
}

function picked() {
  return [...form.querySelectorAll("input[name=players]:checked")];
}

// Renumber seats 1, 2, 3… keeping the current order (typed numbers first, then ticks).
function renumber() {
  const order = picked().sort((a, b) => {
    const seat = (box) => Number.parseInt(seatInput(box).value, 10) || Infinity;
    return seat(a) - seat(b);
  });
  order.forEach((box, index) => {
    seatInput(box).value = index + 1;
  });
}

function hint() {
  const out = document.getElementById("hand-hint");
  const game = form.querySelector("input[name=game]:checked");
  if (!out || !game) return;
  const players = picked().length;
  const [low, high] = game.dataset.players.split(",").map(Number);
  const name = form.querySelector(`label[for="${game.id}"]`).textContent.trim();
  if (players < low || players > high) {
    out.textContent =
      low === high
        ? interpolate(gettext("%(game)s needs exactly %(count)s players; %(ticked)s ticked."), {
            game: name,
            count: low,
            ticked: players,
          })
        : interpolate(gettext("%(game)s needs %(low)s to %(high)s players; %(ticked)s ticked."), {
            game: name,
            low,
            high,
            ticked: players,
          });
    return;
  }
  const hands = game.dataset.hands.split(",").map((part) => part.split("-").map(Number));
  const tiles = hands.find(([first, last]) => players >= first && players <= last)?.[2];
  out.textContent = interpolate(gettext("%(players)s players: deal %(tiles)s tiles to each."), {
    players,
    tiles,
  });
}

if (form) {
  form.addEventListener("change", (event) => {
    const box = event.target;
    if (box.name === "players") {
      const seat = seatInput(box);
      if (box.checked && !seat.value) seat.value = picked().length + 1000; // last, then renumber
      if (!box.checked) seat.value = "";
      renumber();
    } else if (box.classList.contains("seat-input")) {
      const player = form.querySelector(`input[name=players][value="${box.name.slice(5)}"]`);
      if (box.value && player && !player.checked) player.checked = true;
    }
    hint();
  });
  hint();
}
