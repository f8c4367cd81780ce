// The hint's plan of a whole turn (the server's `hint` message: `turn`, `words`): kept on screen until the
// turn ends, each card of it ticked once played, and the next step of it marked on the board and in the list.

import { t } from "./i18n.js";
import { el } from "./page.js";
import { cardOfAction, parseAction } from "./notation.js";

/** The plan's card steps: [{action, code, done}]. A step is done when the cards played (or discarded) at its
 * place in this turn are its cards; `before` is how many cards the turn had when the hint came. */
export function planSteps(hint, turnCards) {
  let at = hint.before;
  const steps = [];
  for (const action of hint.turn) {
    const code = cardOfAction(action);
    if (!code) continue; // a lure or the end: no card to tick
    const count = parseAction(action).cards || 1;
    const played = turnCards.slice(at, at + count);
    const done = played.length === count && played.every((c) => c === code);
    steps.push({ action, code, done });
    at += count;
  }
  return steps;
}

/** The first action of the plan not yet done (the one to mark as suggested), or null. */
export function nextStep(hint, turnCards) {
  const steps = planSteps(hint, turnCards);
  if (!steps.length) return hint.turn[0] || null;
  const next = steps.find((step) => !step.done);
  return next ? next.action : null;
}

/** Does the plan still apply (the same turn, and the cards played since the hint are the plan's, in order)? */
export function planHolds(hint, turnCards) {
  if (turnCards.length < hint.before) return false;
  const planned = planSteps(hint, []).flatMap((step) => Array(parseAction(step.action).cards || 1).fill(step.code));
  return turnCards.slice(hint.before).every((code, i) => planned[i] === code);
}

/** The plan's cards as a row after the hint's sentence: "G2 ✓  S  S". */
export function planRow(hint, turnCards) {
  const steps = planSteps(hint, turnCards);
  if (steps.length < 2) return null;
  return el("span", { class: "plan" }, steps.map((step) => el(
    "span",
    { class: `plan-step${step.done ? " done" : ""}`, "data-action": step.action },
    step.code,
    step.done ? el("span", { "aria-hidden": "true" }, " ✓") : null,
    step.done ? el("span", { class: "visually-hidden" }, ` (${t("hint.played")})`) : null,
  )));
}
