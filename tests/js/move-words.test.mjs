// The page words a change itself (move-words.js): every one of the 95 actions as a choice on the boards of a recorded
// game, with where it puts the figures, and as a line of the log by either seat, in every language, exactly as the
// core says it (tests/js/golden/move-words.json, written by scripts/record_changes.py from session/choices.py,
// session/describe.py and session/destinations.py).
import assert from "node:assert/strict";
import { test } from "node:test";
import { installBrowser, readCatalog, readGolden, STATIC_JS } from "./dom-stub.mjs";

installBrowser("en");
const { choiceWords, destinationsOf, moveWords } = await import(new URL("move-words.js", STATIC_JS));
const { languageWords } = await import(new URL("i18n.js", STATIC_JS));
const { ACTIONS } = await import(new URL("names.js", STATIC_JS));
const GOLDEN = readGolden("move-words.json");
const ENGLISH = readCatalog("en");

test("the golden file names the page's 95 actions in the page's order", () => {
  assert.deepEqual(GOLDEN.notations, ACTIONS.map((a) => a.notation));
  assert.ok(GOLDEN.boards.length >= 4);
});

for (const [lang, golden] of Object.entries(GOLDEN.languages)) {
  const w = languageWords(lang, readCatalog(lang), ENGLISH);

  test(`each action as a choice on each board, and where it puts the figures (${lang})`, () => {
    let compared = 0;
    GOLDEN.boards.forEach((board, b) => {
      GOLDEN.notations.forEach((notation, id) => {
        const expected = golden.choices[b][id];
        if (expected === null) return; // a play or a lure that moves nothing there: never a choice
        assert.deepEqual(destinationsOf(notation, board), expected.destinations, `${notation} on board ${b}`);
        assert.equal(choiceWords(notation, board, w), expected.words, `${notation} on board ${b}`);
        compared += 1;
      });
    });
    assert.ok(compared > 300);
  });

  test(`each action in the log's words, by either seat (${lang})`, () => {
    for (const [seat, lines] of Object.entries(golden.log)) {
      GOLDEN.notations.forEach((notation, id) => assert.equal(moveWords(notation, seat, w), lines[id], notation));
    }
  });
}
