// The board as on the table, drawn in SVG: A's club on the left, the 17-space street (0..16) with the
// sewer cover on the middle space, B's club on the right, and Charlie's dark strip along the street.
// Figures glide to their new space (a CSS transition); a picked card's legal effects show as dashed
// "ghost" figures on their target spaces, which can be clicked.

import { figureShape, svg } from "./figures.js";
import { t } from "./i18n.js";
import { MIDDLE, STREET_FIGURES } from "./notation.js";

const SPACE_W = 44;
const CLUB_W = 78;
const TOP = 26;
const ROW_H = 40;
const STREET_BOTTOM = TOP + 3 * ROW_H;
const STRIP_TOP = STREET_BOTTOM + 8;
const STRIP_H = 34;
const WIDTH = 2 * CLUB_W + 17 * SPACE_W;
const HEIGHT = STRIP_TOP + STRIP_H + 6;

// Sue and her bodyguards never share a space (R3), so they share the middle row; Hal and Deb get a row each.
const ROW_OF = { hal: 0, sue: 1, low: 1, high: 1, deb: 2 };

export function spaceX(space) {
  return CLUB_W + space * SPACE_W + SPACE_W / 2;
}

function figureY(figure) {
  if (figure === "charlie") return STRIP_TOP + STRIP_H / 2 + 1;
  return TOP + ROW_OF[figure] * ROW_H + ROW_H / 2 + 4; // the drawings reach higher (hats) than lower
}

function text(x, y, content, className, anchor = "middle") {
  const node = svg("text", { x, y, class: className, "text-anchor": anchor });
  node.textContent = content;
  return node;
}

export class Board {
  /** @param {SVGSVGElement} root  an empty <svg> of the page; onTarget(figure, space) is called on a ghost's click */
  constructor(root, onTarget) {
    this.root = root;
    this.onTarget = onTarget;
    this.figures = null;
    this.nodes = {};
    root.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    root.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.drawTable();
    this.targetLayer = svg("g", { class: "targets" });
    this.figureLayer = svg("g", { class: "figures" });
    root.append(this.figureLayer, this.targetLayer); // ghosts over figures: a target may be a taken space
    for (const figure of [...STREET_FIGURES, "charlie"]) {
      const node = svg("g", { class: `figure figure-${figure}`, "data-figure": figure });
      node.append(figureShape(figure));
      this.figureLayer.append(node);
      this.nodes[figure] = node;
    }
  }

  drawTable() {
    const table = svg("g", { class: "table" });
    // The two halves and the middle, then the entrances on top of their half.
    for (let space = 0; space <= 16; space += 1) {
      let kind = space < MIDDLE ? "half-a" : space > MIDDLE ? "half-b" : "middle";
      if (space <= 1) kind = "entrance-a";
      if (space >= 15) kind = "entrance-b";
      const x = CLUB_W + space * SPACE_W;
      table.append(svg("rect", { x, y: TOP, width: SPACE_W, height: STREET_BOTTOM - TOP, class: `space ${kind}` }));
      table.append(text(x + SPACE_W / 2, TOP - 8, String(space), "space-number"));
    }
    const cx = spaceX(MIDDLE);
    const cy = figureY("sue");
    table.append(svg("circle", { cx, cy, r: 17, class: "sewer" }));
    for (const dy of [-8, 0, 8]) {
      const half = Math.sqrt(17 * 17 - dy * dy) - 3;
      table.append(svg("line", { x1: cx - half, y1: cy + dy, x2: cx + half, y2: cy + dy, class: "sewer-line" }));
    }
    // Charlie's strip runs beside the street, from 0 to 16.
    table.append(svg("rect", {
      x: CLUB_W, y: STRIP_TOP, width: 17 * SPACE_W, height: STRIP_H, rx: 4, class: "strip",
    }));
    for (let space = 0; space <= 16; space += 1) {
      table.append(svg("circle", { cx: spaceX(space), cy: STRIP_TOP + STRIP_H / 2, r: 2, class: "strip-dot" }));
    }
    this.clubLabels = {};
    for (const seat of ["A", "B"]) {
      const x = seat === "A" ? 4 : WIDTH - CLUB_W + 4;
      const w = CLUB_W - 8;
      const club = svg("g", { class: `club club-${seat.toLowerCase()}` });
      club.append(svg("rect", { x, y: TOP - 18, width: w, height: HEIGHT - TOP + 12, rx: 6, class: "club-wall" }));
      club.append(svg("path", {
        d: `M${x + 6},${TOP + 2} h${w - 12} l-6,10 h-${w - 24} z`, class: "club-awning",
      }));
      club.append(text(x + w / 2, TOP + 52, seat, "club-letter"));
      const label = text(x + w / 2, TOP + 74, "", "club-label");
      this.clubLabels[seat] = label;
      club.append(label);
      const doorX = seat === "A" ? x + w - 16 : x + 2;
      club.append(svg("rect", { x: doorX, y: TOP + 86, width: 14, height: 26, rx: 2, class: "club-door" }));
      table.append(club);
    }
    this.root.append(table);
  }

  /** Name the clubs: {A: "You", B: "Computer"}. */
  setClubLabels(labels) {
    for (const seat of ["A", "B"]) {
      const label = this.clubLabels[seat];
      label.textContent = labels[seat] || "";
      label.removeAttribute("textLength");
      // a long word (a translation) is squeezed to the wall's width rather than cut off
      if (label.textContent && label.getComputedTextLength() > CLUB_W - 14) {
        label.setAttribute("textLength", String(CLUB_W - 14));
        label.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  }

  /** Put the figures on `figures` ({sue: 8, ...}); moved ones glide there unless `animate` is false. */
  update(figures, animate = true) {
    const sueMoved = this.figures === null || this.figures.sue !== figures.sue;
    for (const [figure, node] of Object.entries(this.nodes)) {
      const space = figures[figure];
      const moved = this.figures !== null && this.figures[figure] !== space;
      node.classList.toggle("no-transition", !animate || this.figures === null);
      node.style.transform = `translate(${spaceX(space)}px, ${figureY(figure)}px)`;
      if (moved && animate) {
        node.classList.remove("moved");
        void node.getBoundingClientRect(); // restart the highlight animation
        node.classList.add("moved");
      }
    }
    this.figures = { ...figures };
    this.root.setAttribute("data-figures", JSON.stringify(figures));
    if (sueMoved) this.centerOnSue(!animate);
  }

  /**
   * On a narrow screen the board scrolls sideways (at a readable size): bring Sue to the middle of the
   * visible part, smoothly unless `instant`. Does nothing where the whole street fits.
   */
  centerOnSue(instant = false) {
    const box = this.root.parentElement;
    if (!box || !this.figures || box.scrollWidth <= box.clientWidth + 1) return;
    const x = (spaceX(this.figures.sue) / WIDTH) * box.scrollWidth - box.clientWidth / 2;
    box.scrollTo({ left: Math.max(0, x), behavior: instant ? "auto" : "smooth" });
  }

  /**
   * Show ghosts for [{figure, space, action, label}] (clear with an empty list); `chosen` marks one action.
   * Several actions that put the same figure on the same space share one ghost (a click on it lets the page
   * ask which); different figures aiming at one spot stand side by side, smaller.
   */
  showTargets(targets, chosen = null) {
    while (this.targetLayer.firstChild) this.targetLayer.removeChild(this.targetLayer.firstChild);
    const ghosts = new Map();
    for (const target of targets) {
      const key = `${target.figure}@${target.space}`;
      if (!ghosts.has(key)) ghosts.set(key, { ...target, actions: [] });
      ghosts.get(key).actions.push(target.action);
    }
    const slots = new Map();
    for (const ghost of ghosts.values()) {
      const slot = `${ROW_OF[ghost.figure]}:${ghost.space}`;
      if (!slots.has(slot)) slots.set(slot, []);
      slots.get(slot).push(ghost);
    }
    const columns = new Set();
    for (const ghost of ghosts.values()) {
      if (!columns.has(ghost.space)) {
        columns.add(ghost.space);
        this.targetLayer.append(svg("rect", {
          x: CLUB_W + ghost.space * SPACE_W + 1, y: TOP + 1, width: SPACE_W - 2, height: STREET_BOTTOM - TOP - 2,
          class: "target-column",
        }));
      }
    }
    for (const ghost of ghosts.values()) {
      const sharing = slots.get(`${ROW_OF[ghost.figure]}:${ghost.space}`);
      const at = sharing.indexOf(ghost);
      const dx = sharing.length > 1 ? (at - (sharing.length - 1) / 2) * 20 : 0;
      const scale = sharing.length > 1 ? 0.62 : 1;
      const node = svg("g", {
        class: `target target-${ghost.figure}${ghost.actions.includes(chosen) ? " chosen" : ""}`,
        "data-figure": ghost.figure,
        "data-space": ghost.space,
        "data-actions": `|${ghost.actions.join("|")}|`,
      });
      node.style.transform = `translate(${spaceX(ghost.space) + dx}px, ${figureY(ghost.figure)}px) scale(${scale})`;
      node.append(svg("rect", { x: -19, y: -18, width: 38, height: 36, class: "target-hit" }));
      node.append(figureShape(ghost.figure));
      const title = svg("title");
      title.textContent = ghost.actions.length === 1 ? ghost.label || "" : "";
      node.append(title);
      node.addEventListener("click", () => this.onTarget(ghost.figure, ghost.space));
      this.targetLayer.append(node);
    }
  }
}

/** The board's accessible title. */
export function boardTitle() {
  return t("board.title");
}
