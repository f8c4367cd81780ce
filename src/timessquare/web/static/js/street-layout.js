// Where the parts of the board go, in two layouts of the same drawing (board.js draws either):
// - "long" (wide screens): the street in one row, A's club on the left, B's on the right, Charlie's strip
//   under the street.
// - "folded" (phones, under 600 px, and tablets upright): the street folded in a U so that all of it fits the width at a size a
//   finger can hit: A's half runs down the left (0 at the top), the middle lies across the bottom, B's half
//   runs up the right (16 at the top). Both clubs and both entrances are at the top; Charlie's strip runs
//   around the outside of the U.
// Each space has three lanes: Hal, Sue with her bodyguards (they never share a space, R3), Deb. A lane slot
// (where a target can be clicked) is at least 42 units each way (43 folded), and the folded board is drawn at
// 1.04 CSS px a unit or more (its 340 units span a 360 px screen at 1.06): a slot is at least 44 CSS px each way.

import { MIDDLE } from "./notation.js";

const LANE_OF = { hal: 0, sue: 1, low: 1, high: 1, deb: 2 };

export function laneOf(figure) {
  return LANE_OF[figure];
}

/** The long layout: spaces are columns, lanes are rows. */
function longLayout() {
  const spaceW = 46;
  const clubW = 80;
  const top = 24;
  const laneH = 44;
  const streetBottom = top + 3 * laneH;
  const stripTop = streetBottom + 6;
  const stripH = 34;
  const width = 2 * clubW + 17 * spaceW;
  const height = stripTop + stripH + 6;
  const x = (space) => clubW + space * spaceW;
  return {
    kind: "long",
    charlieScale: 1,
    width,
    height,
    slot: { w: spaceW - 2, h: laneH - 2 },
    space: (space) => ({ x: x(space), y: top, w: spaceW, h: streetBottom - top }),
    number: (space) => ({ x: x(space) + spaceW / 2, y: top - 7 }),
    spot: (figure, space) => ({ x: x(space) + spaceW / 2, y: top + laneOf(figure) * laneH + laneH / 2 + 3 }),
    charlie: (space) => ({ x: x(space) + spaceW / 2, y: stripTop + stripH / 2 + 1 }),
    strips: [{ x: clubW, y: stripTop, w: 17 * spaceW, h: stripH }],
    laneLines: [1, 2].map((lane) => ({ x1: x(0), y1: top + lane * laneH, x2: x(17), y2: top + lane * laneH })),
    sewer: { x: x(MIDDLE) + spaceW / 2, y: top + laneH * 1.5 + 3, r: 18 },
    clubs: {
      A: { x: 4, y: top - 18, w: clubW - 8, h: height - top + 12, door: "right" },
      B: { x: width - clubW + 4, y: top - 18, w: clubW - 8, h: height - top + 12, door: "left" },
    },
  };
}

/** The folded layout: spaces are bands across a column, lanes are side by side in a band. */
function foldedLayout() {
  const strip = 18;
  const gutter = 14; // the space's number, left of the lanes
  const laneW = 44;
  const colW = gutter + 3 * laneW;
  const gap = 12;
  const width = 2 * strip + 2 * colW + gap; // 340
  const clubH = 32; // a low club: the board, the hand and "End the turn" share a phone's screen
  const bandH = 44;
  const top = clubH + 2;
  const middleTop = top + 8 * bandH;
  const middleH = 44;
  const stripBottom = middleTop + middleH + 2;
  const bottomStrip = 16;
  const height = stripBottom + bottomStrip + 2;
  const colX = { A: strip, B: strip + colW + gap };
  const centre = width / 2;
  const middleLane = [centre - 64, centre, centre + 64];
  const where = (space) => (space < MIDDLE ? { col: "A", row: space } : { col: "B", row: 16 - space });
  return {
    kind: "folded",
    charlieScale: 0.6,
    width,
    height,
    slot: { w: laneW - 1, h: bandH - 1 },
    space(space) {
      if (space === MIDDLE) return { x: strip, y: middleTop, w: width - 2 * strip, h: middleH };
      const { col, row } = where(space);
      return { x: colX[col], y: top + row * bandH, w: colW, h: bandH };
    },
    number(space) {
      const box = this.space(space);
      return space === MIDDLE ? { x: centre - 110, y: box.y + 14 } : { x: box.x + gutter / 2, y: box.y + bandH / 2 + 4 };
    },
    spot(figure, space) {
      if (space === MIDDLE) return { x: middleLane[laneOf(figure)], y: middleTop + middleH / 2 + 3 };
      const box = this.space(space);
      return { x: box.x + gutter + laneOf(figure) * laneW + laneW / 2, y: box.y + bandH / 2 + 3 };
    },
    charlie(space) {
      // under the middle, between the Hal and Sue lanes: his head would reach a target of Sue's lane above him
      if (space === MIDDLE) return { x: centre - 33, y: stripBottom + bottomStrip / 2 };
      const { col, row } = where(space);
      // his glass reaches to his right: on B's strip he stands a little in, so it is not cut at the edge
      return { x: col === "A" ? strip / 2 : width - strip / 2 - 2, y: top + row * bandH + bandH / 2 };
    },
    strips: [
      { x: 0, y: top, w: strip, h: stripBottom + bottomStrip - top },
      { x: width - strip, y: top, w: strip, h: stripBottom + bottomStrip - top },
      { x: 0, y: stripBottom, w: width, h: bottomStrip },
    ],
    sewer: { x: centre, y: middleTop + middleH / 2 + 3, r: 20 },
    laneLines: [1, 2].flatMap((lane) => [
      ...["A", "B"].map((col) => {
        const lx = colX[col] + gutter + lane * laneW;
        return { x1: lx, y1: top, x2: lx, y2: middleTop };
      }),
    ]),
    clubs: {
      A: { x: colX.A, y: 0, w: colW, h: clubH - 2, door: "bottom" },
      B: { x: colX.B, y: 0, w: colW, h: clubH - 2, door: "bottom" },
    },
  };
}

/** The layout for a screen: folded where the long street would be too small to hit with a finger. */
export function layoutFor(folded) {
  return folded ? foldedLayout() : longLayout();
}

/** Phones (and tablets held upright) get the folded street; a phone on its side, the long one. */
export const FOLDED_QUERY = "(max-width: 599px), (max-width: 979px) and (orientation: portrait)";
