// "My table" on a tournament's page, for a player's phone: the name picked is remembered
// in this browser (localStorage, per tournament) and the page asks for it (?me=<id>), so
// whenever the tournament changes (a stage seated: tournament.js draws the page's live
// part again, as addressed) it says that player's table in the stage seated last. A
// page opened without a pick shows the remembered one. Without scripts the form does the
// same, one submit at a time.
const root = document.querySelector("#tournament-live[data-tournament]");
const key = root && `trainscore:me:${root.dataset.tournament}`;

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

// Address the page for `player`, and have tournament.js draw it again.
function follow(player) {
  const url = new URL(location.href);
  if (player) url.searchParams.set("me", player);
  else url.searchParams.delete("me");
  history.replaceState(history.state, "", url);
  root.dispatchEvent(new CustomEvent("trainscore:redraw"));
}

if (root) {
  const asked = new URL(location.href).searchParams.get("me");
  if (asked !== null) remember(asked);
  else if (remembered()) follow(remembered());
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
