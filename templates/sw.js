// TrainScore's service worker (served as /sw.js by trainscore/installable.py, which fills
// in the cache name and the list of the app's own scripts, styles and icons).
// - On install it keeps those files; on activate it deletes the caches of older versions.
// - Game pages (navigations under {{ pages|safe }}) go to the network first; each one
//   that loads is kept (the last MAX_PAGES), and offline the kept copy is shown.
// - Static files go to the network first too, the kept copy only when that fails,
//   so an online page never runs an old script.
// - Only same-origin GETs are handled: the API, the socket, posts and anything on
//   another host go straight to the network and are never kept.
// - A page opened before this worker controlled it asks to be kept
//   ({ type: "keep-page", url }, from install.js).
// - Every page tells the worker the language it speaks ({ type: "language", language },
//   install.js): the one the site chose for this reader (the switch's choice, or the
//   browser's). The worker keeps it, and shows its offline page in it; before any page
//   said one, in the browser's language if the site has it, else the club's.

const CACHE = "{{ cache_name }}";
const PRECACHE = {{ precache|safe }};
const STATIC = "{{ static_url }}";
const PAGES = {{ pages|safe }};
const MAX_PAGES = 10;
const OFFLINE = {{ offline|safe }};
const CLUB_LANGUAGE = {{ club_language|safe }};
// Where the reader's language is kept, beside the pages (never asked of the network).
const LANGUAGE_KEY = new URL("/sw.js?reader-language", self.location.origin).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

function isGamePage(url) {
  return url.origin === self.location.origin && url.pathname.startsWith(PAGES);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && isGamePage(url)) {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith(STATIC)) {
    event.respondWith(file(request));
  }
});

self.addEventListener("message", (event) => {
  if (event.origin !== self.location.origin) return;
  if (event.data?.type === "language" && Object.hasOwn(OFFLINE, event.data.language)) {
    event.waitUntil(keepLanguage(event.data.language));
  }
  if (event.data?.type !== "keep-page") return;
  const url = new URL(event.data.url, self.location.origin);
  url.hash = "";
  if (!isGamePage(url)) return;
  event.waitUntil(
    fetch(url, { credentials: "same-origin" })
      .then((response) => keepPage(url.href, response))
      .catch(() => {}),
  );
});

async function page(request) {
  try {
    const response = await fetch(request);
    await keepPage(request.url, response.clone());
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const kept = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
    if (kept) return kept;
    const language = await readersLanguage();
    const words = OFFLINE[language];
    return new Response(
      `<!doctype html><html lang="${language}"><meta charset=utf-8>` +
        "<meta name=viewport content='width=device-width'>" +
        `<title>${words.title}</title><h1>${words.heading}</h1><p>${words.text}</p>`,
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Content-Language": language } },
    );
  }
}

async function keepLanguage(language) {
  const cache = await caches.open(CACHE);
  await cache.put(LANGUAGE_KEY, new Response(language));
}

async function readersLanguage() {
  const kept = await caches.match(LANGUAGE_KEY, { cacheName: CACHE });
  const said = kept ? await kept.text() : null;
  if (Object.hasOwn(OFFLINE, said)) return said;
  const browsers = (self.navigator.languages ?? []).map((tag) => tag.toLowerCase().split("-")[0]);
  return browsers.find((code) => Object.hasOwn(OFFLINE, code)) ?? CLUB_LANGUAGE;
}

async function keepPage(url, response) {
  if (!response.ok || response.type !== "basic" || response.redirected) return;
  const cache = await caches.open(CACHE);
  await cache.put(url, response);
  const pages = (await cache.keys()).filter((kept) => isGamePage(new URL(kept.url)));
  await Promise.all(pages.slice(0, -MAX_PAGES).map((old) => cache.delete(old)));
}

async function file(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const cache = await caches.open(CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}
