// The board as on the table, drawn in SVG: the two clubs, the 17-space street (0..16) with the sewer cover
// on the middle space, and Charlie's dark strip beside it. Where each part goes is street-layout.js's job:
// one long row on a wide screen, folded in a U on a phone (redrawn when the screen changes).
// Figures glide to their new space (a CSS transition); a picked card's legal effects show as dashed
// "ghost" figures on their target spaces, which can be clicked.

import { clubDrawing } from "./clubs.js";
import { figureShape, svg, svgText as text } from "./figures.js";
import { t } from "./i18n.js";
import { MIDDLE, STREET_FIGURES } from "./notation.js";
import { FOLDED_QUERY, laneOf, layoutFor } from "./street-layout.js";

function spaceKind(space) {
  if (space <= 1) return "entrance-a";
  if (space >= 15) return "entrance-b";
  return space < MIDDLE ? "half-a" : space > MIDDLE ? "half-b" : "middle";
}

export class Board {
  /**
   * @param {SVGSVGElement} root  an empty <svg> of the page
   * onTarget(figure, space, actions) is called on a ghost's click, with the actions that ghost stands for
   */
  constructor(root, onTarget) {
    this.root = root;
    this.onTarget = onTarget;
    this.figures = null;
    this.targets = [];
    this.chosen = null;
    this.labels = { A: "", B: "" };
    this.media = window.matchMedia(FOLDED_QUERY);
    this.media.addEventListener("change", () => this.draw());
    this.draw();
  }

  /** (Re)draw everything for the current screen: the table, the figures where they stand, the ghosts. */
  draw() {
    this.layout = layoutFor(this.media.matches);
    for (const node of [...this.root.children]) if (node.tagName !== "title") node.remove();
    const { width, height, kind } = this.layout;
    this.root.setAttribute("viewBox", `0 0 ${width} ${height}`);
    this.root.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.root.dataset.layout = kind;
    this.drawTable();
    this.floorLayer = svg("g", { class: "floor" }); // under the figures: a lit target space never hides one
    this.figureLayer = svg("g", { class: "figures" });
    this.targetLayer = svg("g", { class: "targets" });
    this.root.append(this.floorLayer, this.figureLayer, this.targetLayer);
    this.nodes = {};
    for (const figure of [...STREET_FIGURES, "charlie"]) {
      const node = svg("g", { class: `figure figure-${figure}`, "data-figure": figure });
      node.append(figureShape(figure));
      this.figureLayer.append(node);
      this.nodes[figure] = node;
    }
    const figures = this.figures;
    this.figures = null;
    if (figures) this.update(figures, false);
    this.setClubLabels(this.labels);
    this.showTargets(this.targets, this.chosen);
  }

  drawTable() {
    const layout = this.layout;
    const table = svg("g", { class: "table" });
    for (const strip of layout.strips) {
      table.append(svg("rect", { x: strip.x, y: strip.y, width: strip.w, height: strip.h, rx: 5, class: "strip" }));
    }
    for (let space = 0; space <= 16; space += 1) {
      const charlie = layout.charlie(space);
      table.append(svg("circle", { cx: charlie.x, cy: charlie.y, r: 2.2, class: "strip-dot" }));
    }
    for (let space = 0; space <= 16; space += 1) {
      const box = layout.space(space);
      table.append(svg("rect", {
        x: box.x, y: box.y, width: box.w, height: box.h, class: `space ${spaceKind(space)}`, "data-space": space,
      }));
      const at = layout.number(space);
      table.append(text(at.x, at.y, String(space), "space-number"));
    }
    // road markings between the lanes
    for (const line of layout.laneLines) table.append(svg("line", { ...line, class: "lane-line" }));
    const { x: cx, y: cy, r } = layout.sewer;
    table.append(svg("circle", { cx, cy, r, class: "sewer" }));
    for (const dy of [-r / 2, 0, r / 2]) {
      const half = Math.sqrt(r * r - dy * dy) - 3;
      table.append(svg("line", { x1: cx - half, y1: cy + dy, x2: cx + half, y2: cy + dy, class: "sewer-line" }));
    }
    this.clubLabels = {};
    for (const seat of ["A", "B"]) {
      const { group, label, room } = clubDrawing(seat, layout.clubs[seat]);
      this.clubLabels[seat] = label;
      this.labelRoom = room;
      table.append(group);
    }
    this.root.append(table);
  }

  /** Name the clubs: {A: "You", B: "Computer"}. */
  setClubLabels(labels) {
    this.labels = { ...labels };
    for (const seat of ["A", "B"]) {
      const label = this.clubLabels[seat];
      label.textContent = labels[seat] || "";
      label.removeAttribute("textLength");
      // a long word (a translation) is squeezed to the wall's width rather than cut off
      if (label.textContent && label.isConnected && label.getComputedTextLength() > this.labelRoom) {
        label.setAttribute("textLength", String(this.labelRoom));
        label.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  }

  place(figure, space) {
    const at = figure === "charlie" ? this.layout.charlie(space) : this.layout.spot(figure, space);
    const scale = figure === "charlie" ? this.layout.charlieScale : 1;
    return `translate(${at.x}px, ${at.y}px) scale(${scale})`;
  }

  /** Put the figures on `figures` ({sue: 8, ...}); moved ones glide there unless `animate` is false. */
  update(figures, animate = true) {
    for (const [figure, node] of Object.entries(this.nodes)) {
      const space = figures[figure];
      const moved = this.figures !== null && this.figures[figure] !== space;
      node.classList.toggle("no-transition", !animate || this.figures === null);
      node.style.transform = this.place(figure, space);
      if (moved && animate) {
        node.classList.remove("moved");
        void node.getBoundingClientRect(); // restart the highlight animation
        node.classList.add("moved");
      }
    }
    this.figures = { ...figures };
    this.root.setAttribute("data-figures", JSON.stringify(figures));
  }

  /**
   * Show ghosts for [{figure, space, action, label}] (clear with an empty list); `chosen` marks one action.
   * The actions that put figures of one lane on one space share one ghost (a click on it lets the page ask
   * which). A ghost never stands on a figure: where an action's figure would land on one that moves away
   * with it (a group move), the action is shown by its other ghosts.
   */
  showTargets(targets, chosen = null) {
    this.targets = targets;
    this.chosen = chosen;
    for (const layer of [this.floorLayer, this.targetLayer]) {
      while (layer.firstChild) layer.removeChild(layer.firstChild);
    }
    const taken = new Set();
    if (this.figures) {
      for (const figure of STREET_FIGURES) taken.add(`${laneOf(figure)}:${this.figures[figure]}`);
    }
    const free = (target) => !taken.has(`${laneOf(target.figure)}:${target.space}`);
    const byAction = new Map();
    for (const target of targets) {
      if (!byAction.has(target.action)) byAction.set(target.action, []);
      byAction.get(target.action).push(target);
    }
    const ghosts = new Map();
    for (const own of byAction.values()) {
      const shown = own.some(free) ? own.filter(free) : own;
      for (const target of shown) {
        const key = `${laneOf(target.figure)}:${target.space}`;
        if (!ghosts.has(key)) ghosts.set(key, { space: target.space, figures: [], actions: [], labels: [] });
        const ghost = ghosts.get(key);
        if (!ghost.figures.includes(target.figure)) ghost.figures.push(target.figure);
        if (!ghost.actions.includes(target.action)) ghost.actions.push(target.action);
        ghost.labels.push(target.label || "");
      }
    }
    const lit = new Set();
    for (const ghost of ghosts.values()) {
      if (lit.has(ghost.space)) continue;
      lit.add(ghost.space);
      const box = this.layout.space(ghost.space);
      this.floorLayer.append(svg("rect", {
        x: box.x + 1, y: box.y + 1, width: box.w - 2, height: box.h - 2, class: "target-space",
      }));
    }
    const { w, h } = this.layout.slot;
    for (const ghost of ghosts.values()) {
      const at = this.layout.spot(ghost.figures[0], ghost.space);
      const node = svg("g", {
        class: `target ${ghost.figures.map((f) => `target-${f}`).join(" ")}${ghost.actions.includes(chosen) ? " chosen" : ""}`,
        "data-figure": ghost.figures.join(" "),
        "data-space": ghost.space,
        "data-actions": `|${ghost.actions.join("|")}|`,
      });
      node.style.transform = `translate(${at.x}px, ${at.y - 3}px)`;
      node.append(svg("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: 7, class: "target-hit" }));
      // several figures for one spot stand side by side, smaller, inside the one ghost
      const many = ghost.figures.length;
      ghost.figures.forEach((figure, i) => {
        const shape = figureShape(figure);
        const dx = many > 1 ? (i - (many - 1) / 2) * (w / many) : 0;
        if (many > 1) shape.setAttribute("transform", `translate(${dx} 3) scale(${0.95 / many + 0.1})`);
        else shape.setAttribute("transform", "translate(0 3)");
        node.append(shape);
      });
      const title = svg("title");
      title.textContent = ghost.actions.length === 1 ? ghost.labels[0] : "";
      node.append(title);
      node.addEventListener("click", () => this.onTarget(ghost.figures[0], ghost.space, ghost.actions));
      this.targetLayer.append(node);
    }
  }
}

/** The board's accessible title. */
export function boardTitle() {
  return t("board.title");
}
