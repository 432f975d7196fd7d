// Makes the site installable and the game pages usable offline: registers the service
// worker (/sw.js, trainscore/installable.py) for the whole site. A page opened before the
// worker controlled it (the first visit) asks the worker to keep a copy of it. Every page
// tells the worker the language it speaks, for the worker's offline page.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const worker = registration.active;
      worker?.postMessage({ type: "language", language: document.documentElement.lang });
      if (!navigator.serviceWorker.controller) {
        worker?.postMessage({ type: "keep-page", url: location.href });
      }
    })
    .catch(() => {
      // No worker (a private window, an old browser): the site works as before, online.
    });
}
