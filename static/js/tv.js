// What a page on a TV needs besides its board: a full-screen button and a display
// kept awake. The game's big screen (screen.js) and a night's wall screen
// (night_screen.js) both use it.
import { gettext } from "./words.js";

// Show `button` where the browser can go full screen; it toggles full screen and
// says which way it goes.
export function setUpFullScreen(button, root) {
  if (!button || !document.fullscreenEnabled) return;
  button.hidden = false;
  const label = () => {
    button.textContent = document.fullscreenElement ? gettext("Leave full screen") : gettext("Full screen");
  };
  button.addEventListener("click", async () => {
    try {
      if (document.fullscreenElement) {
        await document.exitFullscreen();
      } else {
        await document.documentElement.requestFullscreen();
      }
    } catch {
      // The browser said no (e.g. not allowed in a frame); the board still shows.
    }
    take(root);
  });
  document.addEventListener("fullscreenchange", label);
  label();
}

// Screen Wake Lock where the browser has it: a TV board should not go dark
// mid-game. The lock is dropped whenever the tab is hidden, so take it again.
// root.dataset.awake says how it went: "on", "off" (released) or "refused".
let wakeLock = null;

export function keepAwake(root) {
  take(root);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") take(root);
  });
}

async function take(root) {
  if (!("wakeLock" in navigator) || wakeLock || document.visibilityState !== "visible") return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    root.dataset.awake = "on";
    wakeLock.addEventListener("release", () => {
      wakeLock = null;
      root.dataset.awake = "off";
    });
  } catch {
    // Refused (battery saver, no permission): the screen may dim as usual.
    root.dataset.awake = "refused";
  }
}
