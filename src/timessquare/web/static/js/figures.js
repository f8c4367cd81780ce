// Our own drawings of the six figures, as SVG shapes centred on (0, 0), about 36 units tall, standing on a
// round base. The same shapes stand on the board, on the cards and in the legend; each has its own
// silhouette (not only its colour) and, but for the two identical bodyguards, an initial, so they can be
// told apart without colour: Sue's crown and gown, Hal's top hat and bow tie, Deb's feather and flared dress,
// the bodyguards' broad dark suits, white shirt and sunglasses, Charlie's glass of champagne.

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

/** An SVG <text> at (x, y) holding `content`. */
export function svgText(x, y, content, className, anchor = "middle") {
  const node = svg("text", { x, y, class: className, "text-anchor": anchor });
  node.textContent = content;
  return node;
}

const HEAD = { cx: 0, cy: -8, r: 6 };
const INITIAL = { sue: "S", hal: "H", deb: "D", charlie: "C", low: "", high: "" };

function base(rx) {
  return svg("ellipse", { cx: 0, cy: 15, rx, ry: 3, class: "base" });
}

function bodyOf(kind) {
  switch (kind) {
    case "sue": // the star of the street: a long gown, hair down her back, a crown
      return [
        base(12),
        svg("path", { d: "M-6,-12 Q-9,-2 -7,2 L7,2 Q9,-2 6,-12 Z", class: "hair" }),
        svg("path", { d: "M-12,15 Q-8,6 -5,-2 L5,-2 Q8,6 12,15 Z", class: "body" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("path", { d: "M-5,-13 L-4.5,-19 L-2,-16 L0,-20.5 L2,-16 L4.5,-19 L5,-13 Z", class: "crown" }),
      ];
    case "low":
    case "high": // the bodyguards: square shoulders, a dark suit, a white shirt and tie, sunglasses
      return [
        base(13),
        svg("path", { d: "M-13,15 L-13,1 Q-13,-3 -8,-3 L8,-3 Q13,-3 13,1 L13,15 Z", class: "body" }),
        svg("path", { d: "M-4,-3 L0,6 L4,-3 Z", class: "shirt" }),
        svg("path", { d: "M-1.2,-2 L1.2,-2 L1.6,6 L0,8 L-1.6,6 Z", class: "tie" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("path", { d: "M-6,-14 Q0,-17 6,-14 L6,-12 L-6,-12 Z", class: "crop" }),
        svg("rect", { x: -6, y: -10, width: 12, height: 3.2, rx: 1.2, class: "shades" }),
      ];
    case "hal": // the man about town: a top hat, a bow tie
      return [
        base(11),
        svg("path", { d: "M-10,15 L-7,-2 L7,-2 L10,15 Z", class: "body" }),
        svg("path", { d: "M-3.5,-2 L0,3 L3.5,-2 Z", class: "shirt" }),
        svg("path", { d: "M-3,-1.5 L0,-0.2 L3,-1.5 L3,1.5 L0,0.2 L-3,1.5 Z", class: "bow" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("rect", { x: -5, y: -23, width: 10, height: 9, rx: 1, class: "hat" }),
        svg("rect", { x: -5, y: -17, width: 10, height: 2, class: "hat-band" }),
        svg("rect", { x: -9, y: -14.5, width: 18, height: 2.5, rx: 1, class: "hat" }),
      ];
    case "deb": // the dancer: a flared dress and a feather in her hair
      return [
        base(14),
        svg("path", { d: "M-14,14 Q-7,9 -4,-2 L4,-2 Q7,9 14,14 Q7,16 0,13 Q-7,16 -14,14 Z", class: "body" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("path", { d: "M3,-13 Q8,-24 13,-19 Q8,-17 5,-11 Z", class: "feather" }),
      ];
    case "charlie": // the host with the champagne, on his own strip
      return [
        base(10),
        svg("path", { d: "M-8,15 L-6,-2 L6,-2 L8,15 Z", class: "body" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("path", { d: "M-4,-1 L0,1.5 L4,-1 L4,4 L0,1.5 L-4,4 Z", class: "tie" }),
        svg("path", { d: "M9,-13 L16,-13 L12.5,-5 Z M12.5,-5 L12.5,1 M10,1 L15,1", class: "glass" }),
        svg("circle", { cx: 14, cy: -16, r: 1, class: "bubble" }),
        svg("circle", { cx: 11.5, cy: -18.5, r: 0.8, class: "bubble" }),
      ];
    default:
      return [];
  }
}

/** A <g> holding the drawing of a figure kind: sue, low, high, hal, deb or charlie. */
export function figureShape(kind) {
  const group = svg("g", { class: `shape shape-${kind === "high" ? "low" : kind}` });
  for (const part of bodyOf(kind)) group.append(part);
  if (INITIAL[kind]) {
    const letter = svg("text", { x: 0, y: 11, class: "initial", "text-anchor": "middle" });
    letter.textContent = INITIAL[kind];
    group.append(letter);
  }
  return group;
}

/** A small standalone <svg> icon of a figure (for cards, buttons and the legend); hidden from screen readers. */
export function figureIcon(kind, className = "icon") {
  const icon = svg("svg", { viewBox: "-16 -24 32 42", class: className, "aria-hidden": "true", focusable: "false" });
  icon.append(figureShape(kind));
  return icon;
}

/** The sewer cover of the middle, as a small icon (the "to the middle" cards). */
export function middleIcon(className = "icon") {
  const icon = svg("svg", { viewBox: "-12 -12 24 24", class: className, "aria-hidden": "true", focusable: "false" });
  icon.append(svg("circle", { cx: 0, cy: 0, r: 10, class: "sewer" }));
  for (const dy of [-5, 0, 5]) {
    const half = Math.sqrt(100 - dy * dy) - 2.5;
    icon.append(svg("line", { x1: -half, y1: dy, x2: half, y2: dy, class: "sewer-line" }));
  }
  return icon;
}
