// Words of the public table that the game page and the tutorial both show (parts/log.html): the log's lines
// and count of actions, and the discard pile (face up, R10).

import { t, tn } from "./i18n.js";
import { el } from "./page.js";

/** How many actions a log holds, as the home list and the replay count them (not its lines: a draw or
 * Charlie's step is no action). */
export function actionCount(entries) {
  return entries.filter((entry) => entry.notation).length;
}

/** One log entry as a line of the list, coloured by the seat that acted (none: the table's own). An action
 * bears its number among the actions (`number`), so the list counts as the heading does; a line that is no
 * action (a draw, Charlie's step) has no number. */
export function logItem(entry, number) {
  const seat = entry.seat ? `by-${entry.seat.toLowerCase()}` : "by-table";
  const item = el("li", { class: entry.notation ? seat : `${seat} aside` }, entry.line);
  if (entry.notation) item.value = number;
  return item;
}

/** Append the entries from `from` on to the log list, numbered as actions (the ones before counted). */
export function appendLog(list, entries, from = 0) {
  let number = actionCount(entries.slice(0, from));
  for (const entry of entries.slice(from)) {
    if (entry.notation) number += 1;
    list.append(logItem(entry, number));
  }
}

/** The discard pile: its size ("Discard pile: 3 cards") and its cards by code ("G1×1  DM×2"). */
export function discardWords(discard) {
  const counts = {};
  for (const code of discard) counts[code] = (counts[code] || 0) + 1;
  const list = Object.entries(counts).map(([code, n]) => `${code}×${n}`).join("  ");
  return { summary: tn("discard.summary", discard.length), list: list || t("discard.empty") };
}

/** Show the discard pile in parts/log.html's summary and list. */
export function showDiscard(discard) {
  const words = discardWords(discard);
  document.getElementById("discard-summary").textContent = words.summary;
  document.getElementById("discard-list").textContent = words.list;
}
