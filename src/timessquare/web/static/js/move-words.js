// A change of the game in words and on the board, made on the page from a `change` message's data (docs/web-protocol.md):
// what a legal action would do ("Sue 1 toward B (8 → 9)") and where it puts the figures, and the log's line for
// each event ("B: Deb moves 2 toward B", "A draws 2 cards"). The same words as the server's (session/describe.py,
// session/choices.py, session/log.py; the catalogs' keys): tests/js/move-words.test.mjs checks them against a
// golden file the core writes (scripts/record_changes.py). The table of the 95 actions is the core's (names.js).
//
// Every function takes `w`, the words of one language: {t(key, params), tn(key, n, params)} (i18n.js's, or a
// test's), so that nothing here reads the page's language behind the caller's back.

import { ACTIONS, STREET_FIGURES } from "./names.js";

const BY_NOTATION = new Map(ACTIONS.map((action) => [action.notation, action]));
const GROUP = ["sue", "low", "high"]; // "SS group±1": Sue and both bodyguards
const FIGURE_KEYS = ["sue", "low", "high", "hal", "deb", "charlie"];

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function toward(step, w) {
  return w.t(step > 0 ? "dir.toB" : "dir.toA");
}

function figureWords(figure, w) {
  return w.t(`fig.${figure}`);
}

/** `text` as it goes on after a colon: lower case where the language says so, unless it starts with a name. */
export function afterColon(text, w) {
  if (w.t("lang.afterColon") !== "lower") return text;
  const names = FIGURE_KEYS.map((f) => w.t(`fig.${f}`)).filter((name) => name.charAt(0) !== name.charAt(0).toLowerCase());
  if (names.includes(text.split(" ")[0])) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The figures action `notation` moves on the board `figures` (a view's, by name), each with the space it lands on;
 * {} for a discard or `end` (tables.moved_positions: a lure takes its figure to Hal, GA puts the bodyguards beside
 * Sue, a card to the middle puts its figure on the middle space). */
export function destinationsOf(notation, figures) {
  const action = BY_NOTATION.get(notation);
  if (!action || (action.kind !== "play" && action.kind !== "lure")) return {};
  const to = {};
  if (action.kind === "lure") to[action.figure] = figures.hal;
  else if (action.allNextToSue) Object.assign(to, { low: figures.sue - 1, high: figures.sue + 1 });
  for (const move of action.moves) {
    for (const figure of move.figure === "group" ? GROUP : [move.figure]) {
      to[figure] = "to" in move ? move.to : figures[figure] + move.step;
    }
  }
  const moved = {};
  for (const figure of STREET_FIGURES) if (figure in to && to[figure] !== figures[figure]) moved[figure] = to[figure];
  return moved;
}

/** What a legal action would do on the board `figures`, naming the spaces (session/choices.py `action_words`). */
export function choiceWords(notation, figures, w) {
  const action = BY_NOTATION.get(notation);
  const moved = destinationsOf(notation, figures);
  if (action.kind === "lure") {
    return w.t("effect.lure", { figure: figureWords(action.figure, w), from: figures[action.figure], to: moved[action.figure] });
  }
  if (action.kind === "discard") return w.t("effect.discard", { card: action.card });
  if (action.kind === "end") return w.t("effect.end");
  const to = { ...figures, ...moved };
  const text = capital(playWords(action, figures, to, w));
  return action.joker ? w.t("effect.joker", { effect: afterColon(text, w) }) : text;
}

function playWords(action, figures, to, w) {
  if (action.allNextToSue) return w.t("effect.ga", { low: to.low, high: to.high });
  const [first] = action.moves;
  if (first.figure === "group") return w.t("effect.group", { dir: toward(first.step, w), sue: to.sue });
  if ("to" in first) return w.t("effect.middle", { figure: figureWords(first.figure, w), from: figures[first.figure] });
  return action.moves
    .map((m) => w.t("effect.step", { figure: figureWords(m.figure, w), n: Math.abs(m.step), dir: toward(m.step, w), from: figures[m.figure], to: to[m.figure] }))
    .join(w.t("effect.and"));
}

/** One action of the notation in the log's words (session/describe.py `describe`): what a card did ("Sue moves 1
 * toward B"), who lured, discarded or ended ("A ends the turn"). */
export function moveWords(notation, seat, w) {
  if (notation === "shuffle" || notation.startsWith("shuffle ")) return capital(w.t("effect.shuffle"));
  const action = BY_NOTATION.get(notation);
  if (!action) return w.t("move.invalid", { move: `'${notation}'` });
  if (action.kind === "lure") return w.t("move.lure", { who: seat, figure: figureWords(action.figure, w) });
  if (action.kind === "discard") return w.t("move.discard", { who: seat, code: action.card });
  if (action.kind === "end") return w.t("move.end", { who: seat });
  return capital(playPhrase(action, w));
}

function playPhrase(action, w) {
  if (action.allNextToSue) return w.t("move.guardsBeside");
  const [first, second] = action.moves;
  if (first.figure === "group") return w.t("move.group", { dir: toward(first.step, w) });
  if (second) {
    if (first.step === second.step) return w.t("move.guards", { dir: toward(first.step, w) });
    return w.t(first.step > 0 ? "move.guardsIn" : "move.guardsOut");
  }
  const joker = action.joker ? "joker" : "";
  if ("to" in first) return w.t(joker ? "move.jokerMiddle" : "move.middle", { figure: figureWords(first.figure, w) });
  const params = { figure: figureWords(first.figure, w), n: Math.abs(first.step), dir: toward(first.step, w) };
  return w.t(joker ? "move.jokerStep" : "move.step", params);
}

/** How a finished game's log closes (session/log.py `result_words`): how it ended (`over.reason`, the server's words)
 * and who won. */
function resultWords(over, w) {
  const verdict = over.result === "aborted" ? w.t("log.resultNone")
    : over.result === "draw" ? w.t("log.resultDraw") : w.t("over.seatWins", { seat: over.result });
  return w.t("log.over", { how: over.reason, outcome: verdict });
}

/** One event of a change as the log's words (session/log.py `entry_of`); `over`: the change's `over`. */
export function eventWords(event, over, w) {
  switch (event.kind) {
    case "move": return moveWords(event.notation, event.seat, w);
    case "draw": return event.number ? w.tn("log.draws", event.number, { seat: event.seat }) : w.t("log.drawNothing", { seat: event.seat });
    case "shuffle": return moveWords("shuffle", null, w);
    case "charlie": return event.number ? w.t("log.charlie", { n: Math.abs(event.number), dir: toward(event.number, w) }) : w.t("log.charlieStays");
    case "to_move": return w.t("log.toMove", { seat: event.seat });
    default: return over ? resultWords(over, w) : "";
  }
}

/** One event as an entry of a `state`'s log: {text, seat, notation, line} (web/sockets/table.py `entry_document`):
 * an action that does not name who took it is written after its seat and a colon. */
export function logEntry(event, over, w) {
  const text = eventWords(event, over, w);
  const acted = event.kind === "move";
  const seat = acted ? event.seat : null;
  const line = acted && !text.startsWith(`${seat} `) ? w.t("log.byWhom", { seat, text: afterColon(text, w) }) : text;
  return { text, seat, notation: acted ? event.notation : null, line };
}
