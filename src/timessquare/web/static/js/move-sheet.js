// A card's list of moves on a phone (issue 33): under the hand while it fits above the screen's bottom with
// "End the turn"; a list that would push "End the turn" off the screen is a sheet over the hand instead, the
// board left where it is above it (its ghosts are the same moves). Presentation only: choices-view.js draws
// the list; Escape (or the sheet's ✕) puts the card down as it always did (table.js).

import { COMPACT } from "./phone-turn.js";

const $ = (id) => document.getElementById(id);
const SHEET_SHARE = 0.45; // of the screen's height at most: the board keeps the rest

export class MoveSheet {
  constructor() {
    this.box = $("choices");
    this.close = $("choices-close");
    if (!this.box || !this.close) return;
    this.close.addEventListener("click", () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    new MutationObserver(() => this.place()).observe(this.box, { childList: true });
    COMPACT.addEventListener("change", () => this.place());
    window.addEventListener("resize", () => this.place());
  }

  place() {
    const box = this.box;
    box.classList.remove("sheet");
    box.style.maxHeight = "";
    this.close.hidden = true;
    if (!COMPACT.matches || !box.firstChild) return;
    const end = $("end-turn");
    const bottom = Math.max(box.getBoundingClientRect().bottom, end && end.getClientRects().length ? end.getBoundingClientRect().bottom : 0);
    if (bottom <= window.innerHeight + 0.5) return; // it fits where it is
    box.classList.add("sheet");
    const hand = $("hand").getBoundingClientRect();
    const room = Math.max(window.innerHeight - Math.max(hand.top, 0), window.innerHeight * 0.25);
    box.style.maxHeight = `${Math.round(Math.min(room, window.innerHeight * SHEET_SHARE))}px`;
    this.close.hidden = false;
    this.close.style.bottom = `${Math.max(0, box.getBoundingClientRect().height - 50)}px`; // its top right corner
  }
}
