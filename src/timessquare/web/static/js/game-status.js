// The lines above the game's hand, drawn from the table (table.js): whose turn it is (or how the game
// ended), the players, the supply, the other hand's size and the cards of this turn.

import { t, tn } from "./i18n.js";
import { endingWithNames, resultHeadline } from "./results.js";
import { stateNames } from "./seat-labels.js";
import { sentence, supplyWords } from "./words.js";

const $ = (id) => document.getElementById(id);

/** How the game ended, in words: "You won. Sue reached B's entrance." */
export function resultWords(state) {
  const over = state.over;
  const head = resultHeadline(over.result, state.seat);
  if (over.result === "aborted") return head; // its reason says the same
  const reason = endingWithNames(over.reason, personOf(state));
  return reason ? `${head} ${sentence(reason)}` : head;
}

/** Who sits in a seat, by name, for the words of an ending: an account's name, the computer's level, else
 * null (this page's own seat without an account: "You" does not take the verb's form for a name). */
export function personOf(state) {
  return (seat) => {
    const account = state.online && state.online.accounts ? state.online.accounts[seat] : null;
    if (account) return account.name;
    return seat === state.seat ? null : stateNames(state).player(seat);
  };
}

function turnLine(table, names) {
  const state = table.state;
  if (state.over) return [resultWords(state), "over"];
  if (state.thinking && state.thinking !== state.seat) return [t("turn.thinking", { who: names.player(state.thinking) }), "thinking"];
  const mode = state.view.turn.mode;
  if (table.myTurn()) return [t(mode === "start" ? "turn.yours" : mode === "trade" ? "turn.yoursTrade" : "turn.yoursPlay"), "mine"];
  if (state.seat) return [t("turn.waiting", { who: names.inSentence(state.view.to_move) }), "waiting"];
  return [t("turn.spectator", { seat: state.view.to_move }), "watching"];
}

export function renderStatus(table) {
  const state = table.state;
  const view = state.view;
  const names = stateNames(state);
  const [text, kind] = turnLine(table, names);
  const turn = $("turn");
  if (turn.textContent !== text) turn.textContent = text;
  turn.dataset.kind = kind;
  $("players").textContent = t("players.line", { a: names.player("A"), b: names.player("B") });
  $("supply").textContent = supplyWords(view);
  $("supply").dataset.supply = `${view.supply_number}:${view.supply_size}`;
  const other = state.seat === "A" ? "B" : "A";
  $("hand-sizes").textContent = state.seat
    ? tn("hands.opponent", view.opponent_hand_size, { who: names.player(other) })
    : t("hands.both", { a: view.hand_sizes.A, b: view.hand_sizes.B });
  const played = view.turn.cards;
  $("this-turn").textContent = played.length
    ? t(view.turn.mode === "trade" ? "turn.discardedSoFar" : "turn.playedSoFar", { cards: played.join(" ") })
    : "";
}
