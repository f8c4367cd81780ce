// Our own drawings of the six figures, as SVG shapes centred on (0, 0) and about 34 units tall.
// The same shapes stand on the board, on the cards and in the legend; each has its own silhouette
// (not only its colour) and an initial, so they can be told apart without colour.

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

const HEAD = { cx: 0, cy: -8, r: 6 };
const INITIAL = { sue: "S", hal: "H", deb: "D", charlie: "C", low: "", high: "" };

function bodyOf(kind) {
  switch (kind) {
    case "sue":
      return [
        svg("path", { d: "M-11,15 L11,15 L5,-2 L-5,-2 Z", class: "body" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("path", { d: "M-5,-13 L-4,-18 L-1.5,-15 L0,-19 L1.5,-15 L4,-18 L5,-13 Z", class: "crown" }),
      ];
    case "low":
    case "high":
      return [
        svg("rect", { x: -11, y: -2, width: 22, height: 17, rx: 3, class: "body" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("rect", { x: -5.5, y: -10, width: 11, height: 3, rx: 1, class: "shades" }),
      ];
    case "hal":
      return [
        svg("path", { d: "M-9,15 L9,15 L7,-2 L-7,-2 Z", class: "body" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("rect", { x: -5, y: -22, width: 10, height: 9, class: "hat" }),
        svg("rect", { x: -9, y: -14.5, width: 18, height: 2.5, class: "hat" }),
      ];
    case "deb":
      return [
        svg("path", { d: "M-13,15 Q0,9 13,15 L4,-2 L-4,-2 Z", class: "body" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("path", { d: "M3,-13 Q9,-22 12,-17 Q8,-16 5,-11 Z", class: "feather" }),
      ];
    case "charlie":
      return [
        svg("path", { d: "M-8,15 L8,15 L6,-2 L-6,-2 Z", class: "body" }),
        svg("circle", { ...HEAD, class: "head" }),
        svg("path", { d: "M-4,-1 L0,1.5 L4,-1 L4,4 L0,1.5 L-4,4 Z", class: "tie" }),
        svg("path", { d: "M9,-12 L15,-12 L12,-5 Z M12,-5 L12,1 M9.5,1 L14.5,1", class: "glass" }),
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
  const icon = svg("svg", { viewBox: "-16 -23 32 40", class: className, "aria-hidden": "true", focusable: "false" });
  icon.append(figureShape(kind));
  return icon;
}
