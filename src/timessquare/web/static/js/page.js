// What every page shares: the words (i18n), the language switch, the header's account, and a "ready" mark for tests and
// assistive technology once the page has its words and first data.

import { showAccount, wireAccount } from "./header-account.js";
import { initI18n, setLang } from "./i18n.js";

/** Translate the page and wire the language buttons of the header. */
export async function initPage() {
  await initI18n();
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => setLang(button.dataset.lang));
  }
  wireAccount();
  showAccount(); // not awaited: the page does not wait for the header's account
  showOffline();
  window.addEventListener("online", showOffline);
  window.addEventListener("offline", showOffline);
  // the app on a phone's home screen: the rules, the tutorial and the shell open without a network (sw.js);
  // registered from the pages around the game, never from a live game's page (it needs the server, and its
  // moves must not wait behind the worker's first download of the shell)
  const live = document.body.classList.contains("page-game");
  if ("serviceWorker" in navigator && !live) navigator.serviceWorker.register("/sw.js").catch(() => {});
}

/** Without a network, every page says what still works (the rules, the tutorial) and that a game does not. */
function showOffline() {
  const note = document.getElementById("offline-note");
  if (note) note.hidden = navigator.onLine;
}

/** Mark the page ready (tests wait for html[data-ready]). */
export function markReady() {
  document.documentElement.dataset.ready = "1";
}

/** Remove all children of an element. */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/** Create an element with attributes, properties and children: el("a", {href: "/"}, "Home"). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
