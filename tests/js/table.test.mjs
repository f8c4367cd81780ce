// The table (table.js) follows the game by `table.apply(message)`, the page's one reducer, and what the views draw
// of it are functions of its state: the picked card's choices, in words and on the board, for the seat to move.
// Checked on the friend game recorded from a real server (tests/js/golden, scripts/record_changes.py).
import assert from "node:assert/strict";
import { test } from "node:test";
import { installBrowser, readGolden, STATIC_JS } from "./dom-stub.mjs";

installBrowser("fr");
const { initI18n } = await import(new URL("i18n.js", STATIC_JS));
await initI18n();
const { Table } = await import(new URL("table.js", STATIC_JS));
const { parseAction } = await import(new URL("notation.js", STATIC_JS));
const seatB = readGolden("changes-friend.json").sockets[1]; // seat B, in French: the page's language here

function following() {
  const drawn = [];
  const table = new Table({ send: () => true, render: (t) => drawn.push(t.state.version) });
  return { table, drawn };
}

test("table.apply follows the recorded changes to the state a fresh join gives, drawing each once", () => {
  const { table, drawn } = following();
  assert.equal(table.apply(seatB.joined), true);
  for (const message of seatB.messages) assert.equal(table.apply(message), true);
  assert.deepEqual(table.state, seatB.fresh);
  assert.equal(drawn.length, seatB.messages.length + 1);
  assert.equal(table.apply(seatB.messages.at(-1)), true); // a change it has already: nothing new, nothing drawn
  assert.equal(drawn.length, seatB.messages.length + 1);
  assert.equal(table.myTurn(), false); // the game is over
});

test("a change before any state does not follow on: the page asks for the state", () => {
  const { table } = following();
  assert.equal(table.apply(seatB.messages[0]), false);
  assert.equal(table.state, null);
});

test("on B's turn (in French), each card's choices are worded and placed as the server says them in a fresh state", () => {
  let compared = 0;
  for (const [at, snapshot] of Object.entries(seatB.snapshots)) {
    const { table } = following();
    table.apply(seatB.joined);
    for (const message of seatB.messages.slice(0, Number(at))) table.apply(message);
    if (!table.myTurn()) continue;
    const cards = new Set(snapshot.legal.map((a) => parseAction(a)).filter((a) => a.kind === "play").map((a) => a.card));
    for (const card of cards) {
      for (const action of table.legalOfCard(card)) {
        const i = snapshot.legal.indexOf(action);
        assert.ok(i >= 0, `${action} is legal in the fresh state`);
        assert.equal(table.wordsOf(action), snapshot.words[i]);
        assert.deepEqual(table.destinationsOf(action), snapshot.destinations[i]);
        compared += 1;
      }
    }
  }
  assert.ok(compared > 0, "some snapshot falls on B's turn (in French) with a card to play");
});
