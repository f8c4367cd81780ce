// The hand under the board, drawn from the table (table.js): this seat's cards, playable or not, picked or
// marked for a trade; a spectator sees both hands face down.

import { t, tn } from "./i18n.js";
import { cardBack, cardButton } from "./hand.js";
import { clear, el } from "./page.js";

const $ = (id) => document.getElementById(id);

/** `focusKey`: the data-focus of the control that last had the focus; with it the hand is one stop for Tab
 * (arrow keys move inside it: `moveInHand`), else every card is one. */
export function renderHand(table, focusKey = undefined) {
  const hand = $("hand");
  clear(hand);
  const view = table.state.view;
  $("hand-heading").textContent = table.seat ? t("hand.mine") : t("hand.spectator");
  if (table.seat) hand.setAttribute("aria-describedby", "hand-keys");
  else hand.removeAttribute("aria-describedby"); // a spectator has no cards to move between
  if (!table.seat) {
    for (const seat of ["A", "B"]) {
      const row = el("div", { class: "backs", role: "img", "aria-label": tn("hands.seat", view.hand_sizes[seat], { seat }) });
      row.append(el("span", { class: "backs-label" }, `${seat}:`));
      for (let i = 0; i < view.hand_sizes[seat]; i += 1) row.append(cardBack());
      hand.append(row);
    }
    return;
  }
  const mine = table.myTurn();
  const trading = table.trading && mine;
  const roving = focusKey === undefined ? -1 : rovingIndex(table, focusKey);
  const tapped = table.selectedIndex; // of twins, the one the player picked; else the first of its code
  const picked = tapped !== null && tapped !== undefined && view.hand[tapped] === table.selected ? tapped : view.hand.indexOf(table.selected);
  view.hand.forEach((code, index) => {
    const button = cardButton(code, index, {
      playable: mine && !table.busy && (table.trading || table.legalOfCard(code).length > 0),
      selected: !table.trading && table.selected === code && index === picked,
      marked: table.trading && table.marked.has(index),
      trading,
    });
    if (roving >= 0) button.tabIndex = index === roving ? 0 : -1;
    button.addEventListener("click", () => table.selectCard(code, index));
    hand.append(button);
  });
  if (!view.hand.length) hand.append(el("p", { class: "empty" }, t("hand.empty")));
}

/** The card that keeps the hand's Tab stop: the one last focused, else the picked one, else a playable one. */
function rovingIndex(table, focusKey) {
  const hand = table.state.view.hand;
  const focused = focusKey && focusKey.startsWith("card-") ? Number(focusKey.slice(5)) : -1;
  if (focused >= 0 && focused < hand.length) return focused;
  const picked = table.selected ? hand.indexOf(table.selected) : -1;
  if (picked >= 0) return picked;
  return Math.max(hand.findIndex((code) => table.legalOfCard(code).length > 0), 0);
}

/** Arrow keys, Home and End move the focus along the hand. */
export function moveInHand(event) {
  const cards = [...$("hand").querySelectorAll(".card")];
  const at = cards.indexOf(document.activeElement);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (at < 0 || (step === undefined && event.key !== "Home" && event.key !== "End")) return;
  event.preventDefault();
  let next = event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1 : at + step;
  next = Math.max(0, Math.min(cards.length - 1, next));
  for (const card of cards) card.tabIndex = -1;
  cards[next].tabIndex = 0;
  cards[next].focus();
}
