// A turn on a phone as at a table (issue 27): the turn line, the board, the hand and "End the turn" fit one
// screen together (site.css); when the player's turn begins, the page brings them into view, so the player
// does not scroll to play and sees the other seat's moves play out on the same board.

const PARTS = ["turn", "board", "hand", "end-turn"];
// the screens site.css lays a turn out on: phones upright and on their side
const COMPACT = window.matchMedia("(max-width: 599px), (orientation: landscape) and (max-height: 500px)");

/** Scroll so that the turn's parts are all on screen, when they fit it and some are not (phones only). */
export function bringTurnIntoView() {
  if (!COMPACT.matches) return;
  const boxes = PARTS.map((id) => document.getElementById(id)).filter((node) => node && node.getClientRects().length)
    .map((node) => node.getBoundingClientRect());
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.bottom));
  if (bottom - top > window.innerHeight || (top >= 0 && bottom <= window.innerHeight)) return;
  window.scrollBy({ top: top - Math.max(0, (window.innerHeight - (bottom - top)) / 2), behavior: "instant" });
}
