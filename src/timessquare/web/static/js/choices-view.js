// The picked card's moves, drawn from the table (table.js): one button each, in the server's words, and the
// same moves as ghosts on the board; a hint's next step is marked in both.

import { nextStep } from "./hint-plan.js";
import { tTouch } from "./i18n.js";
import { clear, el } from "./page.js";

export function renderChoices(table) {
  const box = document.getElementById("choices");
  clear(box);
  const targets = [];
  const suggested = table.hint ? nextStep(table.hint, table.state.view.turn.cards) : null;
  const candidates = table.candidates;
  if (table.selected && table.myTurn() && !table.trading) {
    const actions = candidates || table.legalOfCard(table.selected);
    const title = candidates ? "choices.several" : "choices.title";
    box.append(el("p", { class: "choices-title" }, tTouch(title, { card: table.selected })));
    const list = el("div", { class: "choice-list" });
    actions.forEach((action, i) => {
      const words = table.wordsOf(action);
      const button = el("button", {
        type: "button",
        class: `choice${candidates ? " candidate" : ""}${action === suggested ? " suggested" : ""}`,
        "data-action": action,
        "data-focus": `choice-${i}`,
        "aria-disabled": table.busy ? "true" : null,
      }, words);
      button.addEventListener("click", () => table.choose(action));
      list.append(button);
      for (const [figure, space] of Object.entries(table.destinationsOf(action))) {
        targets.push({ figure, space, action, label: words });
      }
    });
    box.append(list);
  }
  table.board.showTargets(targets, suggested);
}
