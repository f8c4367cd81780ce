// The service worker (served at /sw.js by installable.py, which puts SHELL, VERSION and LANGS before this text): it
// keeps the pages' shell (styles, scripts, words, drawings), the home page, the rules and the tutorial, so that
// they open without a network. Everything is asked of the network first, and kept when it answers; without a
// network the kept copy answers. A game needs the server: its page says so when offline (page.js).
// The tutorial's first step is kept at once in every language (LANGS): the first visit to /learn is not yet
// the worker's, and the page promises that the tutorial works offline after it.

/* global SHELL, VERSION, LANGS */
const CACHE = `times-square-${VERSION}`;
const LEARN = "/api/learn"; // the tutorial's steps: a fixed deal, the same answer for the same question

/** A question to /api/learn as a GET address to keep its answer under (the same question, the same key,
 * whatever the order of its fields). */
function lessonKey(body) {
  let question;
  try {
    question = JSON.parse(body);
  } catch {
    return `${LEARN}?q=${encodeURIComponent(body)}`;
  }
  const { step = 0, action = "", lang = "en" } = question || {};
  return `${LEARN}?step=${encodeURIComponent(step)}&action=${encodeURIComponent(action)}&lang=${encodeURIComponent(lang)}`;
}

/** The first step of the tutorial in each language, kept (a failure keeps the rest: the page asks again). */
function keepFirstLessons(cache) {
  return Promise.all(LANGS.map(async (lang) => {
    const body = JSON.stringify({ step: 0, lang });
    try {
      const answer = await fetch(LEARN, { method: "POST", headers: { "Content-Type": "application/json" }, body });
      if (answer.ok) await cache.put(lessonKey(body), answer);
    } catch {
      // without a network now: kept when the page asks online
    }
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(SHELL).then(() => keepFirstLessons(cache)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The network's answer (kept for later), else the kept one, else `fallback`'s. */
async function networkFirst(request, key, fallback) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (error) {
    const kept = (await cache.match(key)) || (fallback && (await cache.match(fallback)));
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === LEARN) {
    // a POST cannot be kept as it is: it is kept under a GET of its question
    event.respondWith(request.clone().text().then((body) => networkFirst(request, lessonKey(body))));
    return;
  }
  if (request.method !== "GET" || url.pathname.startsWith("/api/") || url.pathname.startsWith("/ws/")) return;
  if (url.pathname.startsWith("/game/")) {
    // a live game goes straight to the server; without a network the home page answers and says so
    if (request.mode === "navigate") event.respondWith(fetch(request).catch(() => caches.match("/")));
    return;
  }
  // a page never seen offline opens as the home page, which says that games need the network
  event.respondWith(networkFirst(request, request, request.mode === "navigate" ? "/" : null));
});
