// The tab's title as a function of the game (title-view.js): never built on the title before it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { STATIC_JS } from "./dom-stub.mjs";

const { clockText, pageTitle } = await import(new URL("title-view.js", STATIC_JS));
const t = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ""}`;
const clock = { left_ms: { A: 65_000, B: 300_000 }, running: "A" };

test("the running clock counts down from when its figure came, and only it is shown", () => {
  const game = { mine: true, over: null, clock, receivedAt: 1_000 };
  assert.equal(pageTitle(game, 1_000, t), "1:05 · title.yourTurn");
  assert.equal(pageTitle(game, 6_500, t), "1:00 · title.yourTurn"); // 59.5 s left: the whole seconds begun
  assert.equal(pageTitle(game, 999_999, t), "0:00 · title.yourTurn"); // never below zero
  assert.equal(pageTitle({ ...game, mine: false, clock: null }, 0, t), "title.game");
});

test("the end gives the result as this seat reads it, and stops the clock", () => {
  const game = { mine: true, seat: "A", clock, receivedAt: 0 };
  const over = (result, seat = "A") => pageTitle({ ...game, seat, over: { result } }, 5_000, t);
  assert.equal(over("A"), "title.won");
  assert.equal(over("B"), "title.lost");
  assert.equal(over("draw"), "title.draw");
  assert.equal(over("aborted"), "title.aborted");
  assert.equal(over("B", null), 'title.seatWon{"seat":"B"}'); // a spectator: who won
  assert.equal(over("B", "B"), "title.won");
});

test("clocks read as people read them", () => {
  assert.equal(clockText(176_000, t), "2:56");
  assert.equal(clockText(3_723_000, t), "1:02:03");
  assert.equal(clockText(90_000_000, t), 'clock.days{"n":1,"h":1}');
  assert.equal(clockText(-5, t), "0:00");
});
