// The move notation of docs/notation.md, read in the browser: which card an action plays and which figures
// it names, looked up in the server's table of the 95 actions (names.js, generated from actions.py). Only
// for showing choices: legality, and where an action puts the figures, come from the server (a `state`
// message's `destinations`, worked out by the rules core).

import { ACTIONS, CARD_COLOURS, CARD_VALUES, FIGURES, MIDDLE, STREET_FIGURES } from "./names.js";

export { FIGURES, MIDDLE, STREET_FIGURES };

const BY_NOTATION = new Map(ACTIONS.map((action) => [action.notation, action]));
const SHUFFLE = Object.freeze({ kind: "shuffle", card: null, cards: 0, moves: [] });

/** The colour of a card code (R4): green S, grey G*, yellow H*, red D*. */
export function colourOf(code) {
  return CARD_COLOURS[code];
}

/** The number of spaces a card moves its figure (0 for GA and DM, which have no distance). */
export function valueOf(code) {
  return CARD_VALUES[code] ?? 0;
}

/**
 * One action string as {kind, card, cards, moves, joker, figure}.
 * kind: "play" | "lure" | "discard" | "end" | "shuffle"; card: the code played or discarded;
 * cards: how many cards it takes from the hand; moves: [{figure, step}] or [{figure, to: 8}];
 * for a lure, figure is the lured figure. Returns null for a string outside the notation.
 */
export function parseAction(text) {
  if (text === "shuffle" || text.startsWith("shuffle ")) return SHUFFLE;
  return BY_NOTATION.get(text) ?? null;
}

/** The card code whose hand card an action uses ("SS group+1" uses S), or null (lure, end). */
export function cardOfAction(text) {
  const a = parseAction(text);
  return a && (a.kind === "play" || a.kind === "discard") ? a.card : null;
}

/** Every action of the notation that plays `code`, in the order of the notation's ids (the first one is
 * used to ask "why not?"). */
export function actionsOfCard(code) {
  return ACTIONS.filter((a) => a.kind === "play" && a.card === code).map((a) => a.notation);
}
