// The two nightclubs at the ends of the street, drawn in SVG: a wall in the seat's colour with a row of
// marquee bulbs, a dark neon sign with the club's letter, the name of who plays there, the player's clock in
// a clocked game (as at a table: on a phone it is the one place both names and clocks are in view with the
// board) and the door that opens on the street (on the street's side in the long layout, at the bottom in the
// folded one).

import { svg, svgText as text } from "./figures.js";

/**
 * The drawing of `seat`'s club in `box` ({x, y, w, h, door: "left" | "right" | "bottom"}): returns the group,
 * its (empty) name label, and the width that label may take. The clock is a text with `data-clock` (the
 * online bar's ticker, online-game.js, writes every one), left empty (and its chip unseen) without a clock.
 */
export function clubDrawing(seat, box) {
  const { x, y, w, h, door } = box;
  const club = svg("g", { class: `club club-${seat.toLowerCase()}` });
  club.append(svg("rect", { x, y, width: w, height: h, rx: 6, class: "club-wall" }));
  const folded = door === "bottom"; // the folded board's club is low: its bulbs run beside the sign
  const sign = folded ? { x: x + 4, y: y + 3, w: 28, h: h - 6 } : { x: x + 7, y: y + 14, w: w - 14, h: 50 };
  // folded: the clock sits on the bulbs' row, left of the door's awning
  const chip = folded ? { x: x + w - 66, y: y + 1.5, w: 38, h: 12.5 } : { x: x + 6, y: y + h - 98, w: w - 12, h: 20 };
  for (let bx = folded ? sign.x + sign.w + 6 : x + 7; bx <= x + w - (folded ? 28 : 6); bx += 9) {
    if (folded && bx >= chip.x - 3) break;
    club.append(svg("circle", { cx: bx, cy: y + 5, r: 1.8, class: "club-bulb" }));
  }
  club.append(svg("rect", { x: sign.x, y: sign.y, width: sign.w, height: sign.h, rx: 5, class: "club-sign" }));
  const letterSize = folded ? 20 : 36;
  club.append(text(sign.x + sign.w / 2, sign.y + sign.h / 2 + letterSize * 0.36, seat, `club-letter${folded ? " small" : ""}`));
  const label = folded
    ? text(sign.x + sign.w + 6, y + h - 7, "", "club-label", "start")
    : text(x + w / 2, sign.y + sign.h + 18, "", "club-label");
  club.append(label);
  club.append(svg("rect", { x: chip.x, y: chip.y, width: chip.w, height: chip.h, rx: 4, class: "club-clock-chip" }));
  const clock = text(chip.x + chip.w / 2, chip.y + chip.h / 2 + (folded ? 4 : 5), "", "club-clock");
  clock.dataset.clock = seat;
  clock.setAttribute("aria-hidden", "true"); // the online bar's clocks are the timers a screen reader hears
  club.append(clock);
  const room = folded ? w - sign.w - 40 : w - 6; // the name stops before the door
  // the door, under a little awning, on the street's side
  const doorBox = folded
    ? { x: x + w - 22, y: y + h - 16, width: 16, height: 16 }
    : { x: door === "right" ? x + w - 20 : x + 4, y: y + h - 62, width: 16, height: 30 };
  club.append(svg("rect", { ...doorBox, rx: 2, class: "club-door" }));
  club.append(svg("path", {
    d: `M${doorBox.x - 4},${doorBox.y - 1} h${doorBox.width + 8} l-3,-5 h-${doorBox.width + 2} z`, class: "club-awning",
  }));
  return { group: club, label, room };
}
