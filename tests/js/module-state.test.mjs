// No page module keeps state of its own at its top level: what a page knows lives in one place, its state object
// (the game page's: page-state.js `newGamePage`), made when the page starts, and its views are functions of it.
// A module's top level holds imports, functions, classes and constants that nothing changes; a `let` or `var` there,
// or a collection made empty to be filled later (`new Set()`, `new Map()`, `[]`, `{}`), is state.
//
// The pages that still keep some (the lobby, the home page, the tutorial, the replay, the players', tournaments' and
// analysis pages; the language of every page in i18n.js) are listed, each with the names it keeps, so that the list only shrinks: a
// module not listed that keeps state fails, and so does a listed one that keeps more, or less, than it says.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { STATIC_JS } from "./dom-stub.mjs";

const STILL_KEEPING = {
  "analysis.js": ["fitted"],
  "home-online.js": ["challenges", "retry"],
  "home.js": ["lists"],
  "i18n.js": ["lang", "words", "english", "missing"], // the document's language and its catalogs, for every page
  "learn.js": ["table", "playback"],
  "lobby-chat.js": ["send", "me", "lines"],
  "lobby.js": ["account", "lobbyState", "followingShown", "socket", "retry", "challengeNews"],
  "player-people.js": ["name", "following", "offset", "page"],
  "player.js": ["data"],
  "players.js": ["players"],
  "replay.js": ["replay"],
  "tournament.js": ["tournament", "account"],
  "tournaments.js": ["list"],
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

test("no module of the game page keeps state at its top level, and the others keep only what is listed", () => {
  assert.ok(modules.length > 50 && modules.includes("game.js"));
  const found = {};
  for (const name of modules) {
    const kept = topLevelState(readFileSync(`${folder}/${name}`, "utf8"));
    if (kept.length) found[name] = kept;
  }
  assert.deepEqual(found, STILL_KEEPING);
});
