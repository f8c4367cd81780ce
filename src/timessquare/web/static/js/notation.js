// The move notation of docs/notation.md, read in the browser: which card an action plays and which figures
// it names. Only for showing choices: legality, and where an action puts the figures, come from the server
// (a `state` message's `destinations`, worked out by the rules core).

export const CARD_CODES = ["S", "G1", "G2", "GA", "H1", "H2", "H3", "D1", "D2", "D3", "D4", "D5", "DM"];
export const CARD_COUNTS = { S: 12, G1: 4, G2: 10, GA: 2, H1: 2, H2: 8, H3: 2, D1: 1, D2: 3, D3: 5, D4: 3, D5: 1, DM: 2 };
export const MIDDLE = 8;
export const LAST_SPACE = 16;
export const STREET_FIGURES = ["sue", "low", "high", "hal", "deb"];
export const FIGURES = [...STREET_FIGURES, "charlie"];

/** The colour of a card code (R4): green S, grey G*, yellow H*, red D*. */
export function colourOf(code) {
  if (code === "S") return "green";
  return { G: "grey", H: "yellow", D: "red" }[code[0]];
}

/** The number of spaces a card moves its figure (0 for GA and DM, which have no distance). */
export function valueOf(code) {
  const n = Number(code.slice(1));
  return code === "S" ? 1 : Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * Parse one action string into {kind, card, cards, moves, joker, figure}.
 * kind: "play" | "lure" | "discard" | "end" | "shuffle"; card: the code played or discarded;
 * cards: how many cards it takes from the hand; moves: [{figure, step}] or [{figure, to: 8}];
 * for a lure, figure is the lured figure. Returns null for a string outside the notation.
 */
export function parseAction(text) {
  if (text === "end") return { kind: "end", card: null, cards: 0, moves: [] };
  if (text === "shuffle" || text.startsWith("shuffle ")) return { kind: "shuffle", card: null, cards: 0, moves: [] };
  const parts = text.split(" ");
  if (parts[0] === "lure" && parts.length === 2) return { kind: "lure", card: null, cards: 0, figure: parts[1], moves: [] };
  if (parts[0] === "discard" && parts.length === 2) return { kind: "discard", card: parts[1], cards: 1, moves: [] };
  if (parts[0] === "GA" && parts.length === 1) return { kind: "play", card: "GA", cards: 1, moves: [], allNextToSue: true, joker: false };
  const card = parts[0] === "SS" ? "S" : parts[0];
  if (!CARD_CODES.includes(card) || parts.length < 2) return null;
  const moves = [];
  for (const part of parts.slice(1)) {
    const m = /^(sue|low|high|hal|deb|group)(?:([+-])(\d)|=8)$/.exec(part);
    if (!m) return null;
    if (m[2] === undefined) moves.push({ figure: m[1], to: MIDDLE });
    else moves.push({ figure: m[1], step: (m[2] === "+" ? 1 : -1) * Number(m[3]) });
  }
  const joker = colourOf(card) === "red" && moves[0].figure !== "deb";
  return { kind: "play", card, cards: parts[0] === "SS" ? 2 : 1, moves, joker };
}

/** The card code whose hand card an action uses ("SS group+1" uses S), or null (lure, end). */
export function cardOfAction(text) {
  const a = parseAction(text);
  return a && (a.kind === "play" || a.kind === "discard") ? a.card : null;
}

/** Every action of the notation that plays or discards `code` (the first one is used to ask "why not?"). */
export function actionsOfCard(code) {
  const v = valueOf(code);
  if (code === "S") return ["S sue+1", "S sue-1", "SS group+1", "SS group-1"];
  if (code === "G1") return ["G1 low+1", "G1 low-1", "G1 high+1", "G1 high-1"];
  if (code === "G2") {
    return ["G2 low+1 high+1", "G2 low+1 high-1", "G2 low-1 high+1", "G2 low-1 high-1",
      "G2 low+2", "G2 low-2", "G2 high+2", "G2 high-2"];
  }
  if (code === "GA") return ["GA"];
  if (code[0] === "H") return [`${code} hal+${v}`, `${code} hal-${v}`];
  const figs = ["deb", "sue", "hal", "low", "high"];
  if (code === "DM") return figs.map((f) => `DM ${f}=8`);
  return figs.flatMap((f) => [`${code} ${f}+${v}`, `${code} ${f}-${v}`]);
}
