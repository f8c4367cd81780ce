// A turn on a phone as at a table (issue 27): the turn line, the board, the hand and "End the turn" fit one
// screen together (site.css); when the player's turn begins, the page brings them into view, so the player
// does not scroll to play and sees the other seat's moves play out on the same board.

const PARTS = ["turn", "board", "hand", "end-turn"];
// the screens site.css lays a turn out on: phones upright and on their side
export const COMPACT = window.matchMedia("(max-width: 599px), (orientation: landscape) and (max-height: 500px)");

/** Scroll so that the turn's parts (by id: the game's, or the tutorial's) are all on screen, when they fit it
 * and some are not (phones only). */
export function bringTurnIntoView(parts = PARTS, { orTheBottom = false } = {}) {
  if (!COMPACT.matches) return;
  const boxes = parts.map((id) => document.getElementById(id)).filter((node) => node && node.getClientRects().length)
    .map((node) => node.getBoundingClientRect());
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.bottom));
  if (top >= 0 && bottom <= window.innerHeight) return;
  if (bottom - top > window.innerHeight) {
    // too tall for the screen: where the first part stays on screen anyway (the tutorial's card sticks to the
    // top), the rest is brought up to the screen's bottom; else nothing moves
    if (orTheBottom) window.scrollBy({ top: bottom - window.innerHeight, behavior: "instant" });
    return;
  }
  window.scrollBy({ top: top - Math.max(0, (window.innerHeight - (bottom - top)) / 2), behavior: "instant" });
}

/** A hint came: its words sit under the hand, on a short screen below the fold. The page scrolls toward them
 * (at once: a smooth scroll is cut short by the next redraw giving the focus back to its button), but on a
 * phone never so far that the board's top leaves the screen: the hint's move is marked on the board too. */
export function bringHintIntoView() {
  const words = document.getElementById("hint-text");
  if (!words || !words.getClientRects().length) return;
  const box = words.getBoundingClientRect();
  const below = box.bottom - window.innerHeight;
  if (box.top < 0) {
    window.scrollBy({ top: box.top, behavior: "instant" });
    return;
  }
  if (below <= 0) return;
  const board = document.getElementById("board");
  const room = COMPACT.matches && board ? Math.max(0, board.getBoundingClientRect().top) : below;
  if (room > 0) window.scrollBy({ top: Math.min(below, room), behavior: "instant" });
}
