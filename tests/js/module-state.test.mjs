// No page module keeps state of its own at its top level: what a page knows lives in one place, made when the page
// starts (the game page's: page-state.js `newGamePage`; the others' in their `main`), and its views are functions
// of it.
// A module's top level holds imports, functions, classes and constants that nothing changes; a `let` or `var` there,
// or a collection made empty to be filled later (`new Set()`, `new Map()`, `[]`, `{}`), is state.
//
// One module is let keep some, and says what: i18n.js holds the document's language and its catalogs, one setting
// for every page that the `t()` every view calls reads (a function of the words would have to be handed to each
// of them). Any other module that keeps state fails, and so does i18n.js keeping more, or less, than listed.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { STATIC_JS } from "./dom-stub.mjs";

const STILL_KEEPING = {
  "i18n.js": ["lang", "words", "english", "missing"], // the document's language, its catalogs, the keys found missing
};

// a `let`/`var`; an empty collection; an instance of a class (a lookup table `new Map(list…)` is none)
const STATE = /^(?:(?:let|var)\s+(\w+)|const\s+(\w+)\s*=\s*(?:new\s+(?:Set|Map|WeakMap)\(\s*\)|\[\s*\]|\{\s*\}|new\s+(?!(?:Map|Set|URL|RegExp)\b)[A-Z]\w*\())/;
const KEPT_OBJECTS = /^const\s+(\w+)\s*=\s*new[A-Z]\w*\(/; // a page's state object made at load (`newChallengeNews()`)

/** The names a module keeps as state at its top level (lines that start at column 0). */
export function topLevelState(source) {
  const names = [];
  for (const line of source.split("\n")) {
    const match = STATE.exec(line) || KEPT_OBJECTS.exec(line);
    if (match) names.push(match[1] || match[2]);
  }
  return names;
}

const folder = fileURLToPath(STATIC_JS);
const modules = readdirSync(folder).filter((name) => name.endsWith(".js")).sort();

test("the scan finds state where a module keeps some, and none in functions or constants", () => {
  const sample = "let a = 1;\nvar b;\nconst c = new Set();\nconst d = [];\nconst e = new Table({});\nconst f = newPage();\n"
    + "const K = Object.freeze({ x: 1 });\nconst M = new Map(LIST.map((x) => [x, x]));\nfunction g() {\n  let h = 2;\n}\n";
  assert.deepEqual(topLevelState(sample), ["a", "b", "c", "d", "e", "f"]);
});

test("no module keeps state at its top level, but the language of the page", () => {
  assert.ok(modules.length > 50 && modules.includes("game.js"));
  const found = {};
  for (const name of modules) {
    const kept = topLevelState(readFileSync(`${folder}/${name}`, "utf8"));
    if (kept.length) found[name] = kept;
  }
  assert.deepEqual(found, STILL_KEEPING);
});
