// Just enough of a browser for the page's modules that read one at load (i18n.js, tokens.js): no element is
// found, storage is memory, and the catalogs are read from the package's folder as the server would send them.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const STATIC_JS = new URL("../../src/timessquare/web/static/js/", import.meta.url);
const CATALOGS = new URL("../../src/timessquare/i18n/", import.meta.url);

export function installBrowser(lang = "en") {
  const stored = new Map([["ts:lang", lang]]);
  globalThis.localStorage = {
    getItem: (key) => (stored.has(key) ? stored.get(key) : null),
    setItem: (key, value) => stored.set(key, String(value)),
    removeItem: (key) => stored.delete(key),
    key: (i) => [...stored.keys()][i] ?? null,
    get length() {
      return stored.size;
    },
  };
  const languages = ["en", "fr"].map((code) => ({ dataset: { lang: code }, setAttribute() {} }));
  globalThis.document = {
    title: "",
    documentElement: { lang: "en", dataset: {} },
    body: { dataset: {}, classList: { contains: () => false, toggle() {} } },
    querySelectorAll: (selector) => (selector === "[data-lang]" ? languages : []),
    querySelector: () => null,
    getElementById: () => null,
    addEventListener() {},
    dispatchEvent() {},
  };
  globalThis.fetch = async (url) => {
    const name = String(url).split("/").pop();
    const text = readFileSync(fileURLToPath(new URL(name, CATALOGS)), "utf8");
    return { ok: true, status: 200, json: async () => JSON.parse(text) };
  };
}

/** One catalog as the server sends it (English where it lacks a word is the caller's business). */
export function readCatalog(lang) {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`${lang}.json`, CATALOGS)), "utf8"));
}

/** A recorded golden file of tests/js/golden (scripts/record_changes.py writes them). */
export function readGolden(name) {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`golden/${name}`, import.meta.url)), "utf8"));
}
