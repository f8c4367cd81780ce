// The hint under the hand, drawn from the table (table.js): "thinking…", then the server's plan of the turn
// with its chance to win, each card of it ticked once played (hint-plan.js).

import { t } from "./i18n.js";
import { planRow } from "./hint-plan.js";

export function renderHint(table) {
  document.getElementById("hint").setAttribute("aria-disabled", String(!table.myTurn() || table.busy || table.hintPending));
  const box = document.getElementById("hint-text");
  const hint = table.hint;
  box.hidden = !(hint || table.hintPending);
  if (table.hintPending || !hint) {
    box.textContent = table.hintPending ? t("hint.thinking") : "";
    return;
  }
  box.textContent = t("hint.text", {
    turn: hint.words, // the server's, each step on the board the steps before it leave
    p: Math.round(100 * hint.win_probability),
  });
  const row = planRow(hint, table.state.view.turn.cards);
  if (row) box.append(" ", row);
}
