// The online game's tab title (online-game.js, title-view.js): "Your turn" in the page's language with at most
// one clock, whatever was drawn before, and the result once it is over. (On main 7b516cc it read
// "2:56 · 0:00 · …", grew a clock each state, was empty on a finished game and never said "Your turn".)
import assert from "node:assert/strict";
import { test } from "node:test";
import { installBrowser, STATIC_JS } from "./dom-stub.mjs";

installBrowser("fr");
const { initI18n, t } = await import(new URL("i18n.js", STATIC_JS));
await initI18n();
const { renderOnline } = await import(new URL("online-game.js", STATIC_JS));
const { newGamePage } = await import(new URL("page-state.js", STATIC_JS));
const PAGE = newGamePage("game");

const CLOCK = { control: "5+3", kind: "realtime", left_ms: { A: 176_000, B: 300_000 }, running: "A", deadline: null };
const ONLINE = { rated: true, level: null, accounts: { A: null, B: null }, clock: CLOCK, rematch_offer: null, away_ms: { A: null, B: 0 }, rating_change: { A: null, B: null } };
const STATE = { seat: "A", over: null, online: ONLINE, view: { to_move: "A" } };
const CLOCKS = /\d+:\d\d/g;

test("the title says it is your turn, in the page's language, with the running clock once", () => {
  for (let i = 0; i < 3; i += 1) renderOnline(PAGE, STATE, true); // three states in a row: no chain of clocks
  assert.equal(document.title, `2:56 · ${t("title.yourTurn")}`);
  assert.match(document.title, /À vous/);
  assert.equal(document.title.match(CLOCKS).length, 1);
});

test("the other seat's turn shows its clock and no 'your turn'", () => {
  renderOnline(PAGE, { ...STATE, online: { ...ONLINE, clock: { ...CLOCK, running: "B" } } }, false);
  assert.equal(document.title, `5:00 · ${t("title.game")}`);
});

test("a finished game's title gives the result in the page's language, without a clock", () => {
  const over = { result: "B", reason: "A a dépassé son temps" };
  renderOnline(PAGE, { ...STATE, over, online: { ...ONLINE, clock: { ...CLOCK, running: null } } }, false);
  assert.equal(document.title, t("title.lost"));
  assert.match(document.title, /Vous avez perdu/);
  assert.equal(document.title.match(CLOCKS), null);
});
