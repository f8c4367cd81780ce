// The buttons under the hand, drawn from the table (table.js): end the turn (saying how many cards it draws),
// trade, and lure a figure to Hal. A game's trade marks cards and is confirmed or cancelled; the tutorial's
// trade button stays pressed while each click on a card discards it.

import { t, tn } from "./i18n.js";
import { capital, figureName } from "./words.js";

const $ = (id) => document.getElementById(id);

export function renderActions(table) {
  const state = table.state;
  const playing = Boolean(table.seat) && !state.over;
  $("actions").hidden = !playing;
  $("trade-help").hidden = !(playing && table.trading);
  if (!playing) return;
  const mine = table.myTurn() && !table.busy;
  const mode = state.view.turn.mode;
  const end = $("end-turn");
  end.textContent = !table.myTurn() ? t("actions.end") // the other's draw is not this seat's to announce
    : mode === "trade" ? tn("actions.endTrade", state.draws_at_end)
      : mode === "play" ? tn("actions.endPlay", state.draws_at_end) : t("actions.end");
  end.setAttribute("aria-disabled", String(!mine || !table.isLegal("end")));
  if (table.markToTrade) renderMarking(table, mode, mine);
  else {
    $("trade").hidden = mode !== "start";
    $("trade").setAttribute("aria-pressed", String(table.trading));
  }
  const lures = $("lures");
  lures.hidden = table.trading || mode !== "start";
  for (const button of lures.querySelectorAll("button")) {
    const action = `lure ${button.dataset.figure}`;
    const legal = mine && table.isLegal(action);
    button.setAttribute("aria-disabled", String(!legal));
    button.textContent = capital(figureName(button.dataset.figure));
    // a legal lure says what it would do; another is named by its figure, in the group "Lure to Hal"
    if (legal) button.setAttribute("aria-label", table.wordsOf(action));
    else button.removeAttribute("aria-label");
    button.classList.toggle("suggested", table.hint !== null && table.hint.action === action);
  }
}

/** A trade of the game: the cards are marked, then discarded together (or the trade is cancelled). */
function renderMarking(table, mode, mine) {
  const trading = table.trading;
  $("end-turn").hidden = trading;
  const trade = $("trade");
  trade.hidden = trading || mode === "play";
  trade.setAttribute("aria-disabled", String(!mine || !table.state.legal.some((a) => a.startsWith("discard "))));
  $("trade-cancel").hidden = !trading || mode === "trade";
  const confirm = $("trade-confirm");
  confirm.hidden = !trading;
  // nothing marked: nothing to confirm yet (once cards were discarded this turn, it draws: "Done discarding")
  const count = table.marked.size;
  confirm.textContent = count ? tn("actions.discardMarked", count)
    : mode === "trade" ? tn("actions.endTrade", 8 - table.state.view.hand.length) : t("actions.markToDiscard");
  confirm.setAttribute("aria-disabled", String(!mine || (!count && mode !== "trade")));
}
