// The page's one reducer (page-state.js): a state or a change gives the next whole state, and a message that does
// not follow on gives null (the page asks for the whole state again).
import assert from "node:assert/strict";
import { test } from "node:test";
import { installBrowser, readCatalog, readGolden, STATIC_JS } from "./dom-stub.mjs";

installBrowser("en");
const { applyMessage: reduce } = await import(new URL("page-state.js", STATIC_JS));
const { languageWords } = await import(new URL("i18n.js", STATIC_JS));
const { ACTIONS } = await import(new URL("names.js", STATIC_JS));
const ENGLISH = readCatalog("en");
const wordsOf = (lang) => languageWords(lang, readCatalog(lang), ENGLISH);
const EN = wordsOf("en");
const applyMessage = (last, message) => reduce(last, message, EN);

const VIEW = { seat: "A", to_move: "A", hand: ["S", "G2"], figures: { sue: 8 }, moves: ["end"] };
const STATE = { type: "state", version: 4, seat: "A", lang: "en", view: VIEW, legal: ["end"], log: [{ text: "x" }], over: null, online: null };

test("a state replaces whatever the page had", () => {
  assert.equal(applyMessage(STATE, { ...STATE, version: 9 }).version, 9);
  assert.equal(applyMessage(null, STATE), STATE);
});

test("a change merges the view's new fields, grows the public moves and names the legal actions", () => {
  const events = [{ kind: "move", seat: "A", notation: "end" }, { kind: "shuffle" }, { kind: "draw", seat: "A", number: 2, cards: ["S", "D3"] }];
  const change = { type: "change", version: 5, events, view: { to_move: "B", hand: ["S", "G2", "S", "D3"] }, legal: [0, 94] };
  const next = applyMessage(STATE, change);
  assert.deepEqual(next.view, { ...VIEW, to_move: "B", hand: ["S", "G2", "S", "D3"], moves: ["end", "end", "shuffle"] });
  assert.deepEqual(next.legal, [ACTIONS[0].notation, ACTIONS[94].notation]);
  assert.equal(next.version, 5);
  assert.deepEqual(STATE.view.moves, ["end"]); // the state before is left as it was
  assert.equal(applyMessage(next, change), next); // a change the page has already changes nothing
});

test("a change carries the clock into the online block, and the end into `over` with the ratings after it", () => {
  const online = { rated: true, clock: { control: "5+3", kind: "realtime", left_ms: { A: 1, B: 2 }, running: "A" } };
  const clock = { left_ms: { A: 10, B: 20 }, running: "B", deadline: null };
  const accounts = { A: { name: "Alice", rating: 1492 }, B: { name: "Bobby", rating: 1508 } };
  const ending = { over: { result: "B", reason: "r" }, rating_change: { A: -8, B: 8 }, accounts };
  const change = { type: "change", version: 5, events: [], view: {}, clock, ...ending };
  const before = { ...online, accounts: { A: { name: "Alice", rating: 1500 }, B: { name: "Bobby", rating: 1500 } } };
  const next = applyMessage({ ...STATE, online: before }, change);
  assert.deepEqual(next.online.clock, { control: "5+3", kind: "realtime", ...clock });
  assert.deepEqual(next.over, { result: "B", reason: "r" });
  assert.deepEqual(next.online.rating_change, { A: -8, B: 8 });
  assert.deepEqual(next.online.accounts, accounts); // the end dialog says "Your rating: 1492 (−8)", not 1500
  assert.equal(before.accounts.A.rating, 1500); // the state before is left as it was
  assert.deepEqual(next.legal, []);
});

// A friend game recorded from a real server (scripts/record_changes.py): seat A in English, seat B in French, a
// spectator; and a short one that B resigns. The changes each socket got, reduced from the state of its join, give
// what a fresh join gave at the same moment: the whole state, words and all (the log's lines, the legal actions'
// words and destinations, the end).
const RECORDED = readGolden("changes-friend.json");

const GAMES = { "played to its end": RECORDED.sockets, "ended by B's resignation": RECORDED.resigned };

for (const [game, socket] of Object.entries(GAMES).flatMap(([name, sockets]) => sockets.map((s) => [name, s]))) {
  test(`a game ${game}: its changes give ${socket.seat ?? "the spectator"}'s (${socket.lang}) state as a fresh join does`, () => {
    const w = wordsOf(socket.lang);
    let state = socket.joined;
    socket.messages.forEach((message, i) => {
      const snapshot = socket.snapshots[String(i)];
      if (snapshot) assert.deepEqual(state, snapshot, `after ${i} messages`);
      state = reduce(state, message, w);
      assert.notEqual(state, null, `message ${i} follows on`);
    });
    assert.deepEqual(state, socket.fresh);
    assert.ok(state.over && state.log.at(-1).text.includes(state.over.reason));
  });
}

test("a change worded in another language than the state's does not follow on: the page asks for the state", () => {
  const socket = RECORDED.sockets[1]; // French
  assert.equal(reduce(socket.joined, socket.messages[0], EN), null);
});
