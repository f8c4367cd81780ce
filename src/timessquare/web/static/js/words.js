// Actions, cards and the board in words, in the page's language: the choices on screen and the hint say
// the same thing the same way. (The move log's words are the server's.)

import { t, tn } from "./i18n.js";
import { FIGURES, MIDDLE, colourOf, parseAction, valueOf } from "./notation.js";

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

/**
 * A sentence that goes on after a colon ("A joue G2 : les deux gardes…"): a language whose catalog says
 * `lang.afterColon: lower` (French) writes its first letter in lower case unless it starts with a name
 * (Sue, Hal, Deb, Charlie); the others keep the capital.
 */
export function afterColon(text) {
  if (t("lang.afterColon") !== "lower") return text;
  const names = FIGURES.map(figureName).filter((name) => name.charAt(0) !== name.charAt(0).toLowerCase());
  const first = text.split(" ")[0];
  return names.includes(first) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

function direction(step) {
  return t(step > 0 ? "dir.toB" : "dir.toA");
}

/** Where a space is: "8, the middle", "1, A's entrance", "5, A's half". */
export function place(space) {
  if (space === MIDDLE) return t("place.middle", { n: space });
  const seat = space < MIDDLE ? "A" : "B";
  const entrance = space <= 1 || space >= 15;
  return t(entrance ? `place.entrance${seat}` : `place.half${seat}`, { n: space });
}

/**
 * What one card play or lure does on the board `figures`, e.g. "Sue 1 toward B (8 → 9)"; `moved` is where
 * it puts the figures it moves, as the server says (`destinations`), or null where the server said nothing
 * (an action that is not legal now): then the words name no space.
 */
export function effectWords(action, figures, moved) {
  const a = parseAction(action);
  if (!a) return action;
  if (a.kind === "lure") {
    if (!moved) return t("effect.lureAny", { figure: figureName(a.figure) });
    return t("effect.lure", { figure: figureName(a.figure), from: figures[a.figure], to: moved[a.figure] });
  }
  const to = { ...figures, ...moved };
  if (a.kind === "discard") return t("effect.discard", { card: a.card });
  if (a.kind === "end") return t("effect.end");
  if (a.kind === "shuffle") return t("effect.shuffle");
  if (a.allNextToSue) return t("effect.ga", { low: to.low, high: to.high });
  const parts = a.moves.map((mv) => {
    if (mv.figure === "group") {
      return t("effect.group", { dir: direction(mv.step), sue: to.sue, low: to.low, high: to.high });
    }
    if (mv.to !== undefined) return t("effect.middle", { figure: figureName(mv.figure), from: figures[mv.figure] });
    return t("effect.step", {
      figure: figureName(mv.figure), n: Math.abs(mv.step), dir: direction(mv.step),
      from: figures[mv.figure], to: to[mv.figure],
    });
  });
  const text = capital(parts.join(t("effect.and")));
  return a.joker ? t("effect.joker", { effect: text }) : text;
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

/**
 * A whole turn in words, each card with what it does ("S: Sue 1 toward B (8 → 9) → End the turn"); a trade
 * as the page's own button says it ("Discard H1 and draw 1 card": discarding ends the turn with the draw).
 * `destinations[i]` is where action i puts the figures (the server's), or null: then no space is named.
 */
export function turnWords(actions, figures, destinations = null) {
  const discards = actions.filter((action) => parseAction(action)?.kind === "discard");
  if (discards.length && discards.length === actions.length - 1 && actions[actions.length - 1] === "end") {
    return tn("turn.trade", discards.length, { cards: discards.map((action) => action.split(" ")[1]).join(" ") });
  }
  let board = { ...figures };
  return actions.map((action, i) => {
    const moved = destinations ? destinations[i] : null;
    const effect = effectWords(action, board, moved);
    board = { ...board, ...(moved || {}) };
    return parseAction(action)?.kind === "play"
      ? t("hint.step", { card: action.split(" ")[0], effect: afterColon(effect) })
      : effect;
  }).join(" → ");
}
