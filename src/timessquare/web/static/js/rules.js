// The rules page: its paragraphs are the catalogs' (i18n.js translates them on a switch); this draws the
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
