// Cards and the board in words, in the page's language. Moves are never phrased here: a choice, the hint,
// the analysis and the move log come in the server's words (session/choices.py, session/describe.py).

import { t, tn } from "./i18n.js";
import { MIDDLE, colourOf, valueOf } from "./notation.js";

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A phrase as a sentence: capital first letter, a full stop at the end. */
export function sentence(text) {
  const trimmed = String(text).trim();
  return capital(/[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`);
}

export function figureName(figure) {
  return t(`fig.${figure}`);
}

/** Where a space is: "8, the middle", "1, A's entrance", "5, A's half". */
export function place(space) {
  if (space === MIDDLE) return t("place.middle", { n: space });
  const seat = space < MIDDLE ? "A" : "B";
  const entrance = space <= 1 || space >= 15;
  return t(entrance ? `place.entrance${seat}` : `place.half${seat}`, { n: space });
}

/** The short text on a card's face and the full sentence for its accessible name. */
export function cardWords(code) {
  const n = valueOf(code);
  const key = code === "S" || code === "G1" || code === "G2" || code === "GA" || code === "DM" ? code : code[0];
  return {
    short: t(`card.short.${key}`, { n }),
    long: key === "H" || key === "D" ? tn(`card.long.${key}`, n) : t(`card.long.${key}`, { n }),
    colour: t(`colour.${colourOf(code)}`),
  };
}

/** The board in words, for the screen reader and the "board in words" line under the drawing. */
export function boardWords(figures) {
  const parts = ["sue", "low", "high", "hal", "deb"].map(
    (f) => t("board.figureAt", { figure: capital(figureName(f)), place: place(figures[f]) }),
  );
  parts.push(t("board.charlieAt", { place: place(figures.charlie) }));
  return parts.join(" ");
}

/** "First supply: 35 cards" / "Second supply (the last): 12 cards". */
export function supplyWords(view) {
  return tn(view.supply_number === 1 ? "supply.first" : "supply.second", view.supply_size);
}
