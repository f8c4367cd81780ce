// The one reducer of the game's messages (docs/web-protocol.md): the page's state after a `state` or a `change`, as
// a whole state document (the page joins with `changes`; `update` messages are for other clients). A pure
// function: the same state and message give the same result, and nothing else is read or kept. null: the message
// does not follow on from the state (before any state, or the language changed under it): the caller asks for the
// whole state again (`sync`).

import { choiceWords, destinationsOf, logEntry } from "./move-words.js";
import { ACTIONS, DRAWS_AT_END } from "./names.js";

/**
 * @param {object|null} last  the state the page has (null before the first)
 * @param {object} message  a `state` or `change` message (any other leaves the state as it is)
 * @param {{lang: string, t: Function, tn: Function}} w  the words of the page's language (i18n.js): a `change` is worded
 *   on the page (move-words.js); a change in another language than the state's does not follow on
 */
export function applyMessage(last, message, w) {
  if (message.type === "state") return message;
  if (!last) return null;
  if (message.type === "change") {
    if (message.version <= last.version) return last; // a change the page has already: nothing new
    if (last.lang !== w.lang) return null;
    return changed(last, message, w);
  }
  return last;
}

/** The whole state after `change`, as a fresh join would give it (tests/js/page-state.test.mjs checks it on a recorded
 * game): the view's changed fields merged and its history grown, the legal actions named, placed and worded, the
 * log grown by the events in words, the clock, and the end with the players' ratings after it. */
function changed(last, change, w) {
  const grown = change.events.filter((e) => e.kind === "move" || e.kind === "shuffle").map((e) => e.notation || "shuffle");
  const view = { ...last.view, ...change.view, moves: (last.view.moves || []).concat(grown) };
  const legal = (change.legal || []).map((a) => (typeof a === "number" ? ACTIONS[a].notation : a)).sort();
  const over = change.over || null;
  const next = {
    ...last,
    version: change.version,
    view,
    legal,
    destinations: legal.map((action) => destinationsOf(action, view.figures)),
    words: legal.map((action) => choiceWords(action, view.figures, w)),
    draws_at_end: view.hand ? DRAWS_AT_END[view.hand.length] : null,
    log: last.log.concat(change.events.map((event) => logEntry(event, over, w))),
    thinking: change.thinking || null,
    over,
  };
  if (last.online && (change.clock || change.rating_change || change.accounts)) {
    next.online = { ...last.online };
    if (change.clock) next.online.clock = { ...last.online.clock, ...change.clock };
    if (change.rating_change) next.online.rating_change = change.rating_change;
    if (change.accounts) next.online.accounts = change.accounts; // the ratings after the game
  }
  return next;
}

/**
 * The game page's state in one place (game.js makes it once; no module keeps any of its own): the table (the game
 * as shown, reduced from the server's messages by `applyMessage`, and what the player has picked: table.js); what
 * was last drawn (`drawn`: whether it was this seat's turn, to tell a turn beginning or ending); the online bar's
 * clock, title and presence (online-game.js); the offer on the table (offers.js); the chat's lines (chat.js); the
 * state the last sound was about (social.js). The views read it and write only their own part.
 */
export function newGamePage(gameId, table = null) {
  return {
    gameId,
    table,
    drawn: { mine: false },
    send: () => false, // writes to the game socket (game.js sets it)
    online: {
      block: null, // the state's `online` block as last drawn
      seat: null,
      receivedAt: 0, // when its clock's figures came
      lowWarned: 0, // the `receivedAt` whose low time was sounded (once a turn)
      ticking: null, // the timer that counts the clocks down
      titled: null, // the game as the title shows it: {mine, seat, over, clock, receivedAt} (title-view.js)
      account: undefined, // undefined until asked: the logged-in account, or null
      away: { ms: { A: null, B: null }, since: 0 }, // how long each seat had had no socket here, when told (null: here)
    },
    offers: { standing: null, note: "", version: null }, // {offer, seat, version}; what became of the last; drawn at
    chat: { lines: [] }, // this game's chat messages, in order
    heard: null, // the state the last sound was about
  };
}
