// The rules page: the text is in the HTML in both languages (one shown at a time); this draws the
// figure legend with the same shapes as the board.

import { figureIcon } from "./figures.js";
import { initPage, markReady } from "./page.js";

async function main() {
  await initPage();
  for (const slot of document.querySelectorAll("[data-figure-icon]")) {
    slot.append(figureIcon(slot.dataset.figureIcon));
  }
  markReady();
}

main();
