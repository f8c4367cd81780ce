// A player's page: rating and games, the rating over time as an SVG line (the table under it holds the same
// figures for screen readers), and the recent games with their results and replay links.

import { player, ratingText } from "./online-api.js";
import { currentLang, t } from "./i18n.js";
import { clear, el, initPage, markReady } from "./page.js";
import { gameItem } from "./player-games.js";
import { startPeople } from "./player-people.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 48, right: 12, top: 12, bottom: 24 };

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

function when(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(currentLang(), { dateStyle: "medium", timeStyle: "short" });
}

function drawChart(history) {
  const chart = $("rating-chart");
  for (const node of [...chart.childNodes]) if (node.nodeName !== "title") chart.removeChild(node);
  const points = [{ rating: 1500 }, ...history];
  const ratings = points.map((p) => p.rating);
  const low = Math.floor((Math.min(...ratings) - 20) / 50) * 50;
  const high = Math.ceil((Math.max(...ratings) + 20) / 50) * 50;
  const x = (i) => PAD.left + (i * (WIDTH - PAD.left - PAD.right)) / Math.max(1, points.length - 1);
  const y = (r) => PAD.top + ((high - r) * (HEIGHT - PAD.top - PAD.bottom)) / Math.max(1, high - low);
  for (const r of [low, Math.round((low + high) / 2), high]) {
    chart.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(r), y2: y(r), class: "grid" }));
    chart.append(svg("text", { x: PAD.left - 6, y: y(r) + 4, class: "axis", "text-anchor": "end" }, r));
  }
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  chart.append(svg("path", { d: line, class: "rating-line" }));
  points.forEach((p, i) => chart.append(svg("circle", { cx: x(i), cy: y(p.rating), r: 3, class: "rating-point" })));
  chart.append(svg("text", { x: PAD.left, y: HEIGHT - 6, class: "axis" }, t("profile.start")));
}


/** The player's page from `data` (the server's answer; null: nothing to draw yet). */
function render(data) {
  if (!data) return;
  $("player-name").textContent = data.bot ? `${data.name} (${t("online.bot")})` : data.name;
  document.title = t("title.player", { name: data.name });
  $("player-summary").textContent = t("profile.summary", { rating: ratingText(data), deviation: data.deviation, games: data.games });
  drawChart(data.history);
  const body = $("history").querySelector("tbody");
  clear(body);
  for (const h of data.history) {
    body.append(el("tr", {}, el("td", {}, when(h.at)), el("td", {}, h.rating), el("td", {}, h.deviation), el("td", {}, el("a", { href: `/replay/${encodeURIComponent(h.game)}` }, t("profile.replay")))));
  }
  const recent = $("recent");
  clear(recent);
  for (const game of data.recent) recent.append(gameItem(game));
  if (!data.recent.length) recent.append(el("li", { class: "empty" }, t("profile.noGames")));
}

async function main() {
  await initPage();
  let data = null;
  document.addEventListener("ts:lang", () => render(data));
  const name = decodeURIComponent(location.pathname.split("/").pop() || "");
  try {
    data = await player(name);
    $("player-body").hidden = false;
    render(data);
    await startPeople(data.name);
  } catch (error) {
    $("player-name").textContent = name;
    const box = $("player-message");
    box.textContent = error.status === 404 ? t("profile.none") : error.message || t("msg.serverDown");
    box.hidden = false;
  }
  markReady();
}

main();
