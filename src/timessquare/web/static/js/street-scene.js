// The picture at the top of the pages around the board (home, lobby, players): the street at night as the
// game begins, drawn with the board's own parts (clubs.js, figures.js), so the site and the table look alike.
// Decoration only: hidden from screen readers (the page's heading and words say what it is).

import { clubDrawing } from "./clubs.js";
import { figureShape, svg } from "./figures.js";

const WIDTH = 700;
const HEIGHT = 196;
const CLUB_W = 84;
const STREET_TOP = 126;
const STREET_H = 44;
const SPACE_W = (WIDTH - 2 * CLUB_W) / 17;
// the position of a new game (R2): Sue and Charlie on the middle, the bodyguards two spaces off, Hal and Deb
// beside her (which side each stands is drawn by lot in a game; here Hal is on A's side)
const START = { sue: 8, low: 6, high: 10, hal: 7, deb: 9 };
// a skyline behind the clubs: [x, width, height] of each building
const TOWERS = [
  [90, 46, 70], [140, 30, 96], [174, 52, 58], [230, 36, 108], [270, 58, 76], [332, 30, 92], [366, 44, 64],
  [414, 34, 112], [452, 56, 70], [512, 30, 90], [546, 48, 60], [598, 18, 82],
];

function spaceClass(space) {
  if (space <= 1) return "entrance-a";
  if (space >= 15) return "entrance-b";
  return space < 8 ? "half-a" : space > 8 ? "half-b" : "middle";
}

/** The street scene as a new <svg> element. */
export function streetScene() {
  const root = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "street-scene", "aria-hidden": "true", focusable: "false",
    preserveAspectRatio: "xMidYMax meet",
  });
  const defs = svg("defs");
  const sky = svg("linearGradient", { id: "scene-sky", x1: 0, y1: 0, x2: 0, y2: 1 });
  sky.append(svg("stop", { offset: "0", "stop-color": "#141629" }), svg("stop", { offset: "1", "stop-color": "#39345a" }));
  defs.append(sky);
  root.append(defs, svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: "url(#scene-sky)" }));
  for (const [x, y] of [[40, 18], [130, 30], [210, 12], [300, 26], [390, 10], [470, 34], [560, 16], [650, 28]]) {
    root.append(svg("circle", { cx: x, cy: y, r: 1.3, class: "scene-star" }));
  }
  for (const [x, w, h] of TOWERS) {
    root.append(svg("rect", { x, y: STREET_TOP - h, width: w, height: h, class: "scene-tower" }));
    for (let wy = STREET_TOP - h + 8; wy < STREET_TOP - 10; wy += 14) {
      for (let wx = x + 6; wx < x + w - 8; wx += 12) {
        if ((wx * 7 + wy * 3) % 5 < 2) root.append(svg("rect", { x: wx, y: wy, width: 5, height: 7, class: "scene-window" }));
      }
    }
  }
  for (let space = 0; space <= 16; space += 1) {
    root.append(svg("rect", {
      x: CLUB_W + space * SPACE_W, y: STREET_TOP, width: SPACE_W, height: STREET_H, class: `space ${spaceClass(space)}`,
    }));
  }
  const middle = CLUB_W + 8.5 * SPACE_W;
  root.append(svg("ellipse", { cx: middle, cy: STREET_TOP + STREET_H - 12, rx: 15, ry: 6, class: "sewer" }));
  root.append(svg("rect", { x: CLUB_W, y: STREET_TOP + STREET_H + 3, width: 17 * SPACE_W, height: 20, rx: 5, class: "strip" }));
  for (const seat of ["A", "B"]) {
    const x = seat === "A" ? 4 : WIDTH - CLUB_W + 4;
    root.append(clubDrawing(seat, { x, y: 44, w: CLUB_W - 8, h: HEIGHT - 50, door: seat === "A" ? "right" : "left" }).group);
  }
  const place = (figure, x, y, scale = 1) => {
    const shape = figureShape(figure);
    shape.setAttribute("transform", `translate(${x} ${y}) scale(${scale})`);
    root.append(shape);
  };
  for (const [figure, space] of Object.entries(START)) {
    place(figure, CLUB_W + (space + 0.5) * SPACE_W, STREET_TOP + STREET_H / 2 - 2 + (figure === "sue" ? 0 : 2));
  }
  place("charlie", middle, STREET_TOP + STREET_H + 12, 0.55);
  return root;
}
