// The pages' words, from the server's catalogs (src/timessquare/i18n/*.json, one per language): the language
// is chosen from the browser's, switched with the buttons in the header (one per language the server
// speaks), remembered in localStorage. The server writes the move log in the language the page joins with.

const SUPPORTED = [...document.querySelectorAll("[data-lang]")].map((button) => button.dataset.lang);
const STORAGE_KEY = "ts:lang";
const URL_OF = (lang) => `/static/i18n/${lang}.json`;

let lang = "en";
let words = {};
let english = {};
const missing = new Set();

function chooseLanguage() {
  const stored = safeStorageGet(STORAGE_KEY);
  if (SUPPORTED.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (SUPPORTED.includes(base)) return base;
  }
  return "en";
}

function safeStorageGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

async function load(which) {
  const response = await fetch(URL_OF(which), { cache: "no-cache" });
  if (!response.ok) throw new Error(`cannot load the ${which} words (${response.status})`);
  return response.json();
}

/** Load the words of the chosen language and translate the page; call once per page. */
export async function initI18n() {
  lang = chooseLanguage();
  english = await load("en");
  words = lang === "en" ? english : await load(lang).catch(() => english);
  applyTranslations(document);
}

export function currentLang() {
  return lang;
}

/** Switch language, translate the page again and tell the page's own code (event "ts:lang"). */
export async function setLang(next) {
  if (!SUPPORTED.includes(next) || next === lang) return;
  words = next === "en" ? english : await load(next);
  lang = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // private mode: the choice lasts for this page only
  }
  applyTranslations(document);
  document.dispatchEvent(new CustomEvent("ts:lang", { detail: { lang } }));
}

/** The words for `key`, with {name} placeholders filled from `params`. */
export function t(key, params = {}) {
  return fill(words[key] ?? english[key], key, params);
}

function fill(text, key, params) {
  if (text === undefined) {
    if (!missing.has(key)) console.error(`missing translation: ${key}`); // the browser tests fail on it
    missing.add(key);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The words of one language as values a pure function can be given ({lang, t, tn}): the page's own (`pageWords`),
 * or a test's, from a catalog and the English one it falls back on. */
export function languageWords(code, catalog, fallback) {
  const tr = (key, params = {}) => fill(catalog[key] ?? fallback[key], key, params);
  return { lang: code, t: tr, tn: (key, n, params = {}) => plural(tr, key, n, params) };
}

/** The page's language and its words, as the reducer of the game's messages takes them (page-state.js). */
export function pageWords() {
  return { lang, t, tn };
}

const TOUCH = typeof window !== "undefined" ? window.matchMedia("(pointer: coarse)") : null;

/** Like t, with the words for a touch screen where the catalog has them (`key.touch`: "tap" for "click"). */
export function tTouch(key, params = {}) {
  const touchKey = `${key}.touch`;
  if (TOUCH && TOUCH.matches && (words[touchKey] ?? english[touchKey]) !== undefined) return t(touchKey, params);
  return t(key, params);
}

/** Like t, choosing `key_one` or `key_other` by the count `n` (the counts `lang.pluralOne` lists take the singular). */
export function tn(key, n, params = {}) {
  return plural(t, key, n, params);
}

function plural(tr, key, n, params) {
  const one = tr("lang.pluralOne").split(" ").includes(String(n));
  return tr(`${key}_${one ? "one" : "other"}`, { n, ...params });
}

/** A catalog's paragraph as nodes: its **strong** and *em* marks as elements (templating.py `emphasis`). */
function richNodes(text) {
  return text.split(/(\*\*[^*]+\*\*|\*[^*]+\*)/).filter(Boolean).map((part) => {
    const strong = part.startsWith("**");
    if (!part.startsWith("*") || part.length < 3) return document.createTextNode(part);
    const node = document.createElement(strong ? "strong" : "em");
    node.textContent = part.slice(strong ? 2 : 1, strong ? -2 : -1);
    return node;
  });
}

/** Fill every [data-i18n] element's text (a touch screen's words where there are some), every [data-i18n-rich] element's paragraph (with its marks) and
 * every [data-i18n-attr="attr:key;attr:key"] attribute. */
export function applyTranslations(root) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = tTouch(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-rich]")) el.replaceChildren(...richNodes(t(el.dataset.i18nRich)));
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  for (const button of root.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
}
