// A countdown every screen agrees on: the time is the server's, not the device's. A page
// is drawn (and each live message sent) with the server's "now"; the page keeps how far
// its own clock is from it, so a TV whose clock is a few minutes off still shows the
// same minutes and seconds left as every other screen (within the network's delay).

export function serverClock() {
  let offset = 0;
  return {
    // `iso`: the server's time as it sent it (ignored when missing or unreadable).
    sync(iso) {
      const server = Date.parse(iso ?? "");
      if (!Number.isNaN(server)) offset = server - Date.now();
    },
    now: () => Date.now() + offset,
  };
}

// "07:05" for 7 minutes 5 seconds left (a second started counts whole, so it reads
// "00:01" until it is up); "00:00" once it is; hours as minutes ("75:00").
export function minutesAndSeconds(milliseconds) {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
