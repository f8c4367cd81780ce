// The expert's look back at a finished game, under the replay (docs/strength.md, "Game analysis"): each
// seat's chance to win after every turn as a chart (SVG, hidden from screen readers) and as a table (for
// them), and the costliest turns with the expert's choice. The server computes it all; this only draws.

import { currentLang, t, tTouch } from "./i18n.js";
import { svg } from "./figures.js";
import { clear, el } from "./page.js";

const WIDEST = 640; // the chart's own units: on a wide screen it is scaled up, on a phone drawn at its width
const NARROWEST = 280;
const HEIGHT = 200;
const LEFT = 44;
const RIGHT = 12;
const TOP = 10;
const BOTTOM = 26;
const SEATS = ["A", "B"];
const LABEL_ROOM = 26; // the width a turn's number takes on the axis, with a gap

/** Where each turn starts and ends among the replay's frames (frame k: after the k-th public action). */
export function turnFrames(analysis) {
  let done = 0;
  return analysis.turns.map((turn) => {
    const start = done;
    done += turn.played.actions.length;
    return { start, end: done };
  });
}

const percent = (value) => `${Math.round(100 * value)}%`;

export class AnalysisView {
  /**
   * `box`: the section to fill; `playerName(seat)`: how the page names a seat; `jump(frame, reveal)`: show
   * that frame of the replay (`reveal`: and bring the board into view). (Each turn's moves come in the server's
   * words.)
   */
  constructor(box, { playerName, jump }) {
    this.box = box;
    this.playerName = playerName;
    this.jump = jump;
    this.analysis = null;
    this.bounds = [];
    this.now = null;
    this.figure = null;
    this.width = WIDEST;
    this.index = null;
    this.shown = null; // the turn "Show turn n" went to: its first frame is also the end of the turn before
    window.addEventListener("resize", () => this.fit()); // its chart is drawn again when the window's width changes
  }

  /** Draw `analysis` (the server's document), or say it is coming (null), will not come (null, and the
   * server analyses no games: `off`) or could not be made. */
  render(analysis, off = false) {
    this.analysis = analysis;
    const body = this.box.querySelector(".analysis-body");
    clear(body);
    this.now = null;
    if (!analysis) {
      body.append(el("p", { class: "help", role: "status" }, t(off ? "analysis.off" : "analysis.pending")));
      return;
    }
    if (analysis.error || !analysis.turns) {
      body.append(el("p", { class: "help" }, t("analysis.failed")));
      return;
    }
    this.bounds = turnFrames(analysis);
    const method = analysis.method;
    body.append(
      el("p", { class: "help" }, tTouch("analysis.intro", { // "tap" on a touch screen; "6 000" in French
        iterations: method.iterations.toLocaleString(currentLang()), mistake: method.mistake, blunder: method.blunder,
      })),
      this.chart(),
      this.table(),
      this.costliest(),
    );
  }

  /** Mark the turn that frame `index` belongs to on the chart. */
  show(index) {
    this.index = index;
    if (!this.now || !this.analysis) return;
    const asked = this.shown !== null && this.bounds[this.shown]?.start === index ? this.shown : -1;
    const turn = asked >= 0 ? asked : this.bounds.findIndex((b) => index <= b.end && index > b.start);
    this.now.setAttribute("visibility", turn < 0 ? "hidden" : "visible");
    if (turn >= 0) {
      const x = this.x(turn + 1);
      this.now.setAttribute("x1", x);
      this.now.setAttribute("x2", x);
    }
  }

  x(number) {
    const count = Math.max(1, this.analysis.turns.length);
    return LEFT + ((this.width - LEFT - RIGHT) * (number - 0.5)) / count;
  }

  y(chance) {
    return TOP + (HEIGHT - TOP - BOTTOM) * (1 - chance);
  }

  /** The chart's width in its own units: the space it has, so that on a phone its words stay readable. */
  fittingWidth() {
    const space = this.box.querySelector(".analysis-body").clientWidth;
    return space ? Math.max(NARROWEST, Math.min(WIDEST, Math.round(space))) : WIDEST;
  }

  /** Draw the chart again if the space it has changed (a phone turned, a window resized). */
  fit() {
    if (!this.figure || !this.figure.isConnected || this.fittingWidth() === this.width) return;
    this.figure.replaceWith(this.chart());
    if (this.index !== null) this.show(this.index);
  }

  chart() {
    const turns = this.analysis.turns;
    this.width = this.fittingWidth();
    const chart = svg("svg", {
      class: "analysis-chart", viewBox: `0 0 ${this.width} ${HEIGHT}`, "aria-hidden": "true", focusable: "false",
    });
    for (const level of [0, 0.25, 0.5, 0.75, 1]) {
      const y = this.y(level);
      chart.append(svg("line", { class: level === 0.5 ? "grid even" : "grid", x1: LEFT, x2: this.width - RIGHT, y1: y, y2: y }));
      const label = svg("text", { class: "axis", x: LEFT - 6, y: y + 4, "text-anchor": "end" });
      label.textContent = percent(level);
      chart.append(label);
    }
    // a turn's number every `step` turns, as many as the width holds apart, and the last one's, never on top
    // of the one before it
    const room = (this.width - LEFT - RIGHT) / Math.max(1, turns.length);
    const step = Math.max(1, Math.ceil(turns.length / 12), Math.ceil(LABEL_ROOM / room));
    for (const turn of turns) {
      const last = turn.turn === turns.length;
      if (!last && (turn.turn % step || (turns.length - turn.turn) * room < LABEL_ROOM)) continue;
      const label = svg("text", { class: "axis", x: this.x(turn.turn), y: HEIGHT - 8, "text-anchor": "middle" });
      label.textContent = String(turn.turn);
      chart.append(label);
    }
    this.now = svg("line", { class: "now", y1: TOP, y2: HEIGHT - BOTTOM, visibility: "hidden" });
    chart.append(this.now);
    for (const seat of SEATS) {
      const points = turns.map((turn) => [this.x(turn.turn), this.y(turn.win_chance[seat])]);
      chart.append(svg("polyline", { class: `line seat-${seat.toLowerCase()}`, points: points.map((p) => p.join(",")).join(" ") }));
    }
    for (const turn of turns) {
      if (!turn.mark) continue;
      chart.append(svg("circle", {
        class: `mark ${turn.mark} seat-${turn.seat.toLowerCase()}`,
        cx: this.x(turn.turn), cy: this.y(turn.win_chance[turn.seat]), r: turn.mark === "blunder" ? 6 : 5,
      }));
    }
    // each turn's column is a target: a click shows the position after that turn
    turns.forEach((turn, i) => {
      const half = (this.x(2) - this.x(1)) / 2;
      const hit = svg("rect", {
        class: "hit", x: this.x(turn.turn) - half, y: TOP, width: 2 * half, height: HEIGHT - TOP - BOTTOM,
      });
      hit.addEventListener("click", () => this.jump(this.bounds[i].end));
      chart.append(hit);
    });
    const legend = el("p", { class: "analysis-legend" },
      ...SEATS.map((seat) => el("span", { class: `key seat-${seat.toLowerCase()}` }, this.playerName(seat))),
      el("span", { class: "key mistake" }, t("analysis.mark.mistake")),
      el("span", { class: "key blunder" }, t("analysis.mark.blunder")));
    this.figure = el("figure", { class: "analysis-figure" }, chart, legend);
    return this.figure;
  }

  table() {
    const head = el("tr", {},
      ...[t("analysis.col.turn"), t("analysis.col.seat"),
        t("analysis.col.chance", { seat: "A" }), t("analysis.col.chance", { seat: "B" }),
        t("analysis.col.played"), t("analysis.col.best"), t("analysis.col.mark")].map((words) => el("th", { scope: "col" }, words)));
    const rows = this.analysis.turns.map((turn, i) => {
      const same = turn.best.actions.join() === turn.played.actions.join();
      return el("tr", {},
        el("th", { scope: "row" }, String(turn.turn)),
        el("td", {}, turn.seat),
        el("td", {}, percent(turn.win_chance.A)),
        el("td", {}, percent(turn.win_chance.B)),
        el("td", {}, `${turn.played.words} (${percent(turn.played.win_chance)})`),
        el("td", {}, same ? t("analysis.same") : `${turn.best.words} (${percent(turn.best.win_chance)})`),
        el("td", {}, turn.mark ? t("analysis.markCost", { mark: t(`analysis.mark.${turn.mark}`), cost: turn.cost }) : ""));
    });
    // hidden in a box: a table is never narrower than its cells, so hidden itself it would widen the page
    return el("div", { class: "visually-hidden" }, el("table", { class: "analysis-table" },
      el("caption", {}, t("analysis.caption")), el("thead", {}, head), el("tbody", {}, ...rows)));
  }

  /** "Show turn n": the position that turn was played from, on the board brought into view, the chart's
   * marker on that turn. */
  showTurn(i) {
    this.shown = i;
    this.jump(this.bounds[i].start, true);
  }

  costliest() {
    const marked = this.analysis.turns
      .map((turn, i) => ({ turn, i }))
      .filter(({ turn }) => turn.mark)
      .sort((p, q) => q.turn.cost - p.turn.cost || p.turn.turn - q.turn.turn)
      .slice(0, 3);
    const section = el("div", { class: "analysis-costliest" }, el("h3", {}, t("analysis.costliest")));
    if (!marked.length) {
      section.append(el("p", { class: "help" }, t("analysis.noMarks", { mistake: this.analysis.method.mistake })));
      return section;
    }
    const list = el("ol", { class: "analysis-marks" });
    for (const { turn, i } of marked) {
      list.append(el("li", { class: `mark-${turn.mark}` },
        el("p", {}, el("strong", {}, t("analysis.markLine", {
          n: turn.turn, seat: turn.seat, who: this.playerName(turn.seat),
          mark: t(`analysis.mark.${turn.mark}`), cost: turn.cost,
        }))),
        el("p", {}, t("analysis.played", { turn: turn.played.words, p: Math.round(100 * turn.played.win_chance) })),
        el("p", {}, t("analysis.best", { turn: turn.best.words, p: Math.round(100 * turn.best.win_chance) })),
        el("button", { type: "button", onclick: () => this.showTurn(i) }, t("analysis.show", { n: turn.turn }))));
    }
    section.append(list);
    return section;
  }
}
