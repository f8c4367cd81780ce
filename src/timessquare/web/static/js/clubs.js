// The two nightclubs at the ends of the street, drawn in SVG: a wall in the seat's colour with a row of
// marquee bulbs, a dark neon sign with the club's letter, the name of who plays there, and the door that
// opens on the street (on the street's side in the long layout, at the bottom in the folded one).

import { svg, svgText as text } from "./figures.js";

/**
 * The drawing of `seat`'s club in `box` ({x, y, w, h, door: "left" | "right" | "bottom"}): returns the group,
 * its (empty) name label, and the width that label may take.
 */
export function clubDrawing(seat, box) {
  const { x, y, w, h, door } = box;
  const club = svg("g", { class: `club club-${seat.toLowerCase()}` });
  club.append(svg("rect", { x, y, width: w, height: h, rx: 6, class: "club-wall" }));
  const folded = door === "bottom"; // the folded board's club is low: its bulbs run beside the sign
  const sign = folded ? { x: x + 4, y: y + 3, w: 28, h: h - 6 } : { x: x + 7, y: y + 14, w: w - 14, h: 50 };
  for (let bx = folded ? sign.x + sign.w + 6 : x + 7; bx <= x + w - (folded ? 28 : 6); bx += 9) {
    club.append(svg("circle", { cx: bx, cy: y + 5, r: 1.8, class: "club-bulb" }));
  }
  club.append(svg("rect", { x: sign.x, y: sign.y, width: sign.w, height: sign.h, rx: 5, class: "club-sign" }));
  const letterSize = folded ? 20 : 36;
  club.append(text(sign.x + sign.w / 2, sign.y + sign.h / 2 + letterSize * 0.36, seat, `club-letter${folded ? " small" : ""}`));
  const label = folded
    ? text(sign.x + sign.w + 6, y + h - 7, "", "club-label", "start")
    : text(x + w / 2, sign.y + sign.h + 18, "", "club-label");
  club.append(label);
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
