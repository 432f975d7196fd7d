// A game with a time limit (its board's .deadline[data-deadline], set when a tournament
// stage's clock starts) shows the minutes and seconds left, counted from the server's
// time (clock.js: the page says when it was drawn), so the scorekeeper's phone agrees
// with the wall. The board says "Last round" itself once time is called.
import { minutesAndSeconds, serverClock } from "./clock.js";
import { gettext, interpolate } from "./words.js";

const root = document.querySelector("#game[data-now]");
if (root) {
  const clock = serverClock();
  clock.sync(root.dataset.now);
  const tick = () => {
    for (const line of document.querySelectorAll(".deadline[data-deadline]")) {
      const shown = line.querySelector(".countdown");
      if (!shown) continue;
      const left = Date.parse(line.dataset.deadline) - clock.now();
      shown.hidden = false;
      shown.textContent = interpolate(gettext("%(time)s left"), { time: minutesAndSeconds(left) });
    }
  };
  tick();
  setInterval(tick, 1000);
}
